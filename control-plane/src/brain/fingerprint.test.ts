import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fingerprint, fingerprintSource, textShape } from './fingerprint.js';
import { parseHierarchy } from './hierarchy.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}.xml`, import.meta.url), 'utf8');
function print(xml: string): string {
  const result = parseHierarchy(xml);
  if (!result.ok) throw new Error(result.error);
  return fingerprint(result.elements);
}
const same = (a: string, b: string) => expect(print(b)).toBe(print(a));
const differ = (a: string, b: string) => expect(print(b)).not.toBe(print(a));

describe('textShape', () => {
  it.each([
    ['12:45', '#:#'],
    ['9:41 AM', '#:#'],
    ['12:05 pm', '#:#'],
    ['3 new messages', '# new messages'],
    ['Downloading… 45%', 'downloading… #%'],
    ['Mon, Jan 5 2024', '<d>, <m> # #'],
    ['Friday 14 March', '<d> # <m>'],
    ['$59.99', '$#.#'],
    ['Login', 'login'],
    ['Sign in', 'sign in'],
    ['x'.repeat(41), '<long>'],
    ['', ''],
  ])('%j → %j', (text, shape) => {
    expect(textShape(text)).toBe(shape);
  });
});

describe('fingerprint', () => {
  const login = fixture('android-login');

  it('is a 32-character hex string and deterministic', () => {
    expect(print(login)).toMatch(/^[0-9a-f]{32}$/);
    same(login, login);
  });

  it('ignores the status bar clock and battery', () => {
    same(login, login.replace('text="12:45"', 'text="9:07"').replace('Battery 85 percent.', 'Battery 12 percent.'));
  });

  it('ignores what was typed into fields, focus and checkbox state', () => {
    const typed = login
      .replace(
        'text="Email" resource-id="com.example.shop:id/email_input"',
        'text="bob@example.com" resource-id="com.example.shop:id/email_input"',
      )
      .replace(/(text="Remember me"[^>]*?)checked="false"/, '$1checked="true"')
      .replace(/(id\/password_input"[^>]*?)focused="false"/, '$1focused="true"');
    expect(typed).not.toBe(login);
    same(login, typed);
  });

  it('ignores counters, prices and dates in text', () => {
    const home = fixture('android-home');
    same(home, home.replace('You have 3 new messages', 'You have 14 new messages'));
    const products = fixture('android-products');
    same(products, products.replace('3 items in your cart', '4 items in your cart').replace('$59.99', '$49.00'));
  });

  it('ignores the wording of long prose', () => {
    const home = fixture('android-home');
    same(
      home,
      home.replace(/Spring sale: [^"]+/, 'Summer sale: everything must go, free delivery on all orders over fifty pounds this week only.'),
    );
  });

  it('ignores bounds (scrolling, keyboard resize)', () => {
    same(login, login.replace('bounds="[84,1360][996,1500]"', 'bounds="[84,900][996,1040]"'));
  });

  it('changes when a button label changes', () => {
    differ(login, login.replace('text="Log in"', 'text="Sign in"'));
    const ios = fixture('ios-login');
    differ(ios, ios.replace('label="Log In"', 'label="Sign In"'));
  });

  it('changes when an element appears', () => {
    differ(fixture('android-login'), fixture('android-login-filled')); // error message shown
    const extraButton = login.replace(
      '</hierarchy>',
      '<node index="9" text="Help" resource-id="com.example.shop:id/help" class="android.widget.Button" package="com.example.shop" content-desc="" clickable="true" enabled="true" bounds="[0,0][10,10]" /></hierarchy>',
    );
    differ(login, extraButton);
  });

  it('changes when resource ids change', () => {
    differ(login, login.replace('id/login_button', 'id/submit_button'));
  });

  it('tells different screens apart', () => {
    const names = [
      'android-login',
      'android-products',
      'android-home',
      'android-settings',
      'android-signup',
      'ios-login',
      'ios-home',
      'ios-settings',
    ];
    expect(new Set(names.map((n) => print(fixture(n)))).size).toBe(names.length);
  });

  it('treats a list with one more identical row as the same screen', () => {
    const row =
      '<node index="0" text="" resource-id="com.example.shop:id/recent_row" class="android.widget.LinearLayout" package="com.example.shop" content-desc="" clickable="true" enabled="true" bounds="[0,0][10,10]"><node index="0" text="Item #" resource-id="com.example.shop:id/recent_text" class="android.widget.TextView" package="com.example.shop" content-desc="" clickable="false" enabled="true" bounds="[0,0][10,10]"/></node>';
    const list = (n: number) =>
      `<hierarchy><node class="androidx.recyclerview.widget.RecyclerView" package="com.example.shop" bounds="[0,0][100,100]">${Array.from({ length: n }, (_, i) => row.replace('Item #', `Item ${i}`)).join('')}</node></hierarchy>`;
    same(list(3), list(4));
    differ(list(3), list(3).replace('recent_row', 'other_row'));
  });

  it('ignores the iOS status bar and keyboard, and invisible elements', () => {
    const ios = fixture('ios-home');
    same(ios, ios.replace('value="9:41" name="9:41" label="9:41"', 'value="10:02" name="10:02" label="10:02"'));
    const settings = fixture('ios-settings');
    same(settings, settings.replace(/value="About" name="About" label="About"/, 'value="Über" name="Über" label="Über"'));
    const search = fixture('ios-search');
    same(search, search.replace('name="q" label="q"', 'name="w" label="w"'));
  });

  it('explains itself through fingerprintSource', () => {
    const parsed = parseHierarchy(login);
    if (!parsed.ok) throw new Error(parsed.error);
    const source = fingerprintSource(parsed.elements);
    expect(source).toContain('Button|com.example.shop:id/login_button|log in');
    expect(source).not.toContain('12:45');
    expect(source).not.toContain('systemui');
  });
});
