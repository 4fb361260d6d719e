import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ancestors, children, isEditable, isToggle } from './element-roles.js';
import { parseHierarchy, type ScreenElement, shortType } from './hierarchy.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}.xml`, import.meta.url), 'utf8');
function parse(name: string): ScreenElement[] {
  const result = parseHierarchy(fixture(name));
  if (!result.ok) throw new Error(result.error);
  return result.elements;
}
const byId = (els: ScreenElement[], id: string) => els.find((e) => e.resourceId.endsWith(id))!;

describe('parseHierarchy (Android uiautomator dump)', () => {
  const els = parse('android-login');

  it('flattens nodes in document order with depth, parent and path', () => {
    expect(els[0]).toMatchObject({ index: 0, depth: 0, parentIndex: null, type: 'android.widget.FrameLayout', path: '/FrameLayout[0]' });
    const button = byId(els, 'login_button');
    expect(button).toMatchObject({
      platform: 'android',
      type: 'android.widget.Button',
      text: 'Log in',
      resourceId: 'com.example.shop:id/login_button',
      packageName: 'com.example.shop',
      clickable: true,
      enabled: true,
      visible: true,
      bounds: { x: 84, y: 1360, width: 912, height: 140 },
    });
    expect(button.path).toMatch(/^\/FrameLayout\[0\]\/LinearLayout\[0\]\/FrameLayout\[0\]\/ConstraintLayout\[0\]\/Button\[\d+\]$/);
    expect(els[button.parentIndex!]!.type).toBe('androidx.constraintlayout.widget.ConstraintLayout');
    expect(els.every((e, i) => e.index === i)).toBe(true);
    expect(els.every((e) => e.parentIndex === null || els[e.parentIndex]!.depth === e.depth - 1)).toBe(true);
  });

  it('reads password, checkable and content-desc', () => {
    expect(byId(els, 'password_input')).toMatchObject({ password: true, text: 'Password' });
    expect(isEditable(byId(els, 'password_input'))).toBe(true);
    expect(byId(els, 'remember_me')).toMatchObject({ checkable: true, checked: false });
    expect(isToggle(byId(els, 'remember_me'))).toBe(true);
    expect(byId(els, 'text_input_end_icon').contentDesc).toBe('Show password');
  });

  it('keeps the status bar, marked by its package', () => {
    expect(byId(els, 'systemui:id/clock')).toMatchObject({ text: '12:45', packageName: 'com.android.systemui' });
  });

  it('decodes entities and non-ASCII text', () => {
    expect(parse('android-settings').some((e) => e.text === 'Push & email')).toBe(true);
    expect(parse('android-permission-notifications').some((e) => e.text === 'Don’t allow')).toBe(true);
  });

  it('marks zero-size and explicitly hidden nodes invisible', () => {
    const xml = `<hierarchy><node class="a" bounds="[0,0][100,100]"><node class="b" bounds="[10,10][10,50]"/><node class="c" bounds="[0,0][5,5]" visible-to-user="false"/><node class="d" bounds="junk"/></node></hierarchy>`;
    const result = parseHierarchy(xml, 'android');
    expect(result.ok && result.elements.map((e) => [e.type, e.visible])).toEqual([
      ['a', true],
      ['b', false],
      ['c', false],
      ['d', false],
    ]);
  });
});

describe('parseHierarchy (iOS page source)', () => {
  const els = parse('ios-login');

  it('unwraps AppiumAUT and maps name / label / value', () => {
    expect(els[0]).toMatchObject({ type: 'XCUIElementTypeApplication', depth: 0, path: '/Application[0]', platform: 'ios' });
    const button = els.find((e) => e.resourceId === 'loginButton')!;
    expect(button).toMatchObject({
      text: 'Log In',
      contentDesc: 'Log In',
      clickable: true,
      bounds: { x: 24, y: 430, width: 342, height: 50 },
    });
  });

  it('shows an input by its value and keeps the placeholder as hint', () => {
    const field = els.find((e) => e.resourceId === 'emailField')!;
    expect(field).toMatchObject({ text: 'you@example.com', value: 'you@example.com', hint: 'you@example.com', clickable: true });
    expect(els.find((e) => e.resourceId === 'passwordField')).toMatchObject({ password: true, type: 'XCUIElementTypeSecureTextField' });
  });

  it('reads a switch state from its value and never shows "0" as text', () => {
    const toggle = els.find((e) => e.resourceId === 'rememberMeSwitch')!;
    expect(toggle).toMatchObject({ checkable: true, checked: false, text: 'Remember me' });
    const settings = parse('ios-settings');
    expect(settings.find((e) => shortType(e.type) === 'Switch' && e.resourceId === 'Notifications')!.checked).toBe(true);
  });

  it('marks static text as not clickable and hidden cells invisible', () => {
    expect(els.find((e) => e.text === 'Email')!.clickable).toBe(false);
    const about = parse('ios-settings').find((e) => e.text === 'About')!;
    expect(about.visible).toBe(false);
  });

  it('reads a tab bar selection from the button value', () => {
    const home = parse('ios-home');
    const tabs = children(home.find((e) => shortType(e.type) === 'TabBar')!, home);
    expect(tabs.map((t) => [t.text, t.selected])).toEqual([
      ['Home', true],
      ['Search', false],
      ['Orders', false],
      ['Profile', false],
    ]);
  });

  it('parses a source without the AppiumAUT wrapper', () => {
    const web = parse('ios-cookies-webview');
    expect(web[0]!.type).toBe('XCUIElementTypeApplication');
    const link = web.find((e) => e.text === 'Privacy Policy' && shortType(e.type) === 'Link')!;
    expect(ancestors(link, web).some((a) => shortType(a.type) === 'WebView')).toBe(true);
  });
});

describe('parseHierarchy errors', () => {
  it.each([
    ['<html><body/></html>', undefined, /Unrecognised UI hierarchy: root element <html>/],
    ['<hierarchy><node></hierarchy>', undefined, /Malformed XML/],
    ['<hierarchy rotation="0"/>', 'ios' as const, /Expected an ios hierarchy but this is an Android uiautomator dump/],
    [
      '<XCUIElementTypeApplication type="XCUIElementTypeApplication"/>',
      'android' as const,
      /Expected an android hierarchy but this is an iOS page source/,
    ],
  ])('refuses %j', (xml, platform, message) => {
    const result = parseHierarchy(xml, platform);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });

  it('accepts an empty Android dump as an empty screen', () => {
    expect(parseHierarchy('<hierarchy rotation="0"/>')).toEqual({ ok: true, platform: 'android', elements: [] });
  });
});
