import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseHierarchy, type ScreenElement } from './hierarchy.js';
import { locate, locateAll, locatorFor, uniqueLocator } from './locators.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}.xml`, import.meta.url), 'utf8');
function parse(name: string): ScreenElement[] {
  const result = parseHierarchy(fixture(name));
  if (!result.ok) throw new Error(result.error);
  return result.elements;
}

describe('locate', () => {
  const login = parse('android-login');
  const products = parse('android-products');
  const ios = parse('ios-settings');
  const search = parse('ios-search');

  it.each([
    ['full resource id', login, { by: 'resourceId', value: 'com.example.shop:id/login_button' } as const, 'Log in'],
    ['short resource id', login, { by: 'resourceId', value: 'login_button' } as const, 'Log in'],
    ['text', login, { by: 'text', value: 'Forgot password?' } as const, 'Forgot password?'],
    ['text and type', login, { by: 'text', value: 'Log in', type: 'android.widget.Button' } as const, 'Log in'],
    ['content-desc', login, { by: 'contentDesc', value: 'Show password' } as const, ''],
    ['iOS name', ios, { by: 'resourceId', value: 'logoutCell' } as const, ''],
    ['iOS label', ios, { by: 'contentDesc', value: 'Dark Mode', type: 'XCUIElementTypeSwitch' } as const, 'Dark Mode'],
  ])('finds by %s', (_what, elements, locator, text) => {
    const el = locate(elements, locator);
    expect(el).not.toBeNull();
    expect(el!.text).toBe(text);
  });

  it.each([
    ['a missing id', { by: 'resourceId', value: 'logout_button' } as const],
    ['a partial id', { by: 'resourceId', value: 'button' } as const],
    ['text of another case', { by: 'text', value: 'log in' } as const],
    ['the wrong type', { by: 'text', value: 'Log in', type: 'android.widget.TextView' } as const],
    ['an empty value', { by: 'text', value: '' } as const],
    ['a path not on screen', { by: 'xpathIndex', value: '/FrameLayout[0]/Button[9]' } as const],
  ])('finds nothing for %s', (_what, locator) => {
    expect(locate(login, locator)).toBeNull();
  });

  it('skips invisible elements and the keyboard', () => {
    expect(locate(ios, { by: 'text', value: 'About' })).toBeNull();
    expect(locate(search, { by: 'contentDesc', value: 'q' })).toBeNull();
  });

  it('returns the first of repeated elements in document order', () => {
    const all = locateAll(products, { by: 'resourceId', value: 'add_to_cart' });
    expect(all).toHaveLength(5);
    expect(locate(products, { by: 'resourceId', value: 'add_to_cart' })).toBe(all[0]);
  });

  it('finds by structural path', () => {
    const button = login.find((e) => e.text === 'Log in')!;
    expect(locate(login, { by: 'xpathIndex', value: button.path })).toBe(button);
  });
});

describe('uniqueLocator / locatorFor', () => {
  const products = parse('android-products');
  const ios = parse('ios-login');

  it('prefers a unique resource id', () => {
    const fab = products.find((e) => e.resourceId.endsWith('fab_add'))!;
    expect(uniqueLocator(fab, products)).toEqual({ by: 'resourceId', value: 'com.example.shop:id/fab_add', type: fab.type });
  });

  it('falls back to unique text when the id repeats', () => {
    const name = products.find((e) => e.text === 'Phone Case')!;
    expect(uniqueLocator(name, products)).toEqual({ by: 'text', value: 'Phone Case', type: name.type });
  });

  it('uses the text rather than an iOS name that only repeats the label', () => {
    const forgot = ios.find((e) => e.text === 'Forgot password?')!;
    expect(uniqueLocator(forgot, ios)).toEqual({ by: 'text', value: 'Forgot password?', type: 'XCUIElementTypeButton' });
    const login = ios.find((e) => e.resourceId === 'loginButton')!;
    expect(uniqueLocator(login, ios)?.by).toBe('resourceId');
  });

  it('uses a matched label for a row without identity, else the row position', () => {
    const card = products.filter((e) => e.resourceId.endsWith('product_card'))[3]!;
    const label = products.find((e) => e.text === 'Phone Case')!;
    expect(locatorFor(card, products, label)).toEqual({ by: 'text', value: 'Phone Case', type: label.type });
    expect(locatorFor(card, products)).toEqual({ by: 'xpathIndex', value: card.path, type: card.type });
  });

  it('produces locators that find their element again', () => {
    for (const el of products.filter((e) => e.visible && e.packageName === 'com.example.shop')) {
      const found = locate(products, locatorFor(el, products));
      expect(found, el.path).toBe(el);
    }
  });
});
