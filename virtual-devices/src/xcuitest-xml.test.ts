import { describe, expect, it } from 'vitest';
import { createSampleApp, SAMPLE_PACKAGE } from './sample-app.js';
import { node } from './ui-tree.js';
import { pageSourceXml, xcuiType } from './xcuitest-xml.js';

const launch = () =>
  createSampleApp({
    packageName: SAMPLE_PACKAGE,
    label: 'DeviceLab Sample',
    data: new Map(),
    intent: { packageName: SAMPLE_PACKAGE, activity: 'App', action: null, data: null, categories: [], extras: {} },
  });

/** The attributes of the element named `name`, as a record. */
function element(xml: string, name: string): Record<string, string> {
  const m = new RegExp(`<(XCUIElementType\\w+) ([^>]*\\bname="${name}"[^>]*?)/?>`).exec(xml);
  if (!m) throw new Error(`no element named ${name}`);
  return { tag: m[1]!, ...Object.fromEntries([...m[2]!.matchAll(/(\w+)="([^"]*)"/g)].map((a) => [a[1]!, a[2]!])) };
}

describe('XCUITest page source of the sample app', () => {
  it('renders the login screen as an iOS build would: fields with placeholders, buttons, points', () => {
    const app = launch();
    const xml = pageSourceXml('DeviceLab Sample', app.windows());
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?><AppiumAUT><XCUIElementTypeApplication type="XCUIElementTypeApplication" name="DeviceLab Sample"/,
    );
    expect(element(xml, 'email')).toMatchObject({
      tag: 'XCUIElementTypeTextField',
      type: 'XCUIElementTypeTextField',
      value: 'Email',
      placeholderValue: 'Email',
      x: '28',
      y: '280',
      width: '304',
      height: '50',
    });
    expect(element(xml, 'password')).toMatchObject({ tag: 'XCUIElementTypeSecureTextField', placeholderValue: 'Password' });
    expect(element(xml, 'login_button')).toMatchObject({ tag: 'XCUIElementTypeButton', label: 'Log in', enabled: 'true' });
  });

  it('shows typed text as the value, a password as bullets, and marks the focused field', () => {
    const app = launch();
    app.perform('focus:email');
    app.typeText('a&b@x.io');
    app.perform('focus:password');
    app.typeText('secret');
    const xml = pageSourceXml('DeviceLab Sample', app.windows());
    expect(element(xml, 'email').value).toBe('a&amp;b@x.io');
    expect(element(xml, 'password')).toMatchObject({ value: '\u2022'.repeat(6), hasKeyboardFocus: 'true' });
  });

  it('maps view classes to element types', () => {
    expect(xcuiType(node('android.widget.TextView', [0, 0, 1, 1], { text: 'x' }))).toBe('StaticText');
    expect(xcuiType(node('android.widget.LinearLayout', [0, 0, 1, 1], { resourceId: 'p:id/product_row', action: 'open:1' }))).toBe('Cell');
    expect(xcuiType(node('android.view.ViewGroup', [0, 0, 1, 1], { resourceId: 'p:id/toolbar' }))).toBe('NavigationBar');
    expect(xcuiType(node('androidx.recyclerview.widget.RecyclerView', [0, 0, 1, 1]))).toBe('Table');
    expect(xcuiType(node('android.widget.FrameLayout', [0, 0, 1, 1]))).toBe('Other');
  });
});
