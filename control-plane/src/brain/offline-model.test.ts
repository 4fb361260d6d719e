import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findRef as find } from './corpus/judge.js';
import { contains, descendants } from './element-roles.js';
import { cases, type OfflineCase } from './fixtures/cases.js';
import { parseHierarchy, type ScreenElement } from './hierarchy.js';
import { createOfflineModel, type Decision, decideOffline, locate } from './offline-model.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}.xml`, import.meta.url), 'utf8');

function elementsOf(name: string): ScreenElement[] {
  const parsed = parseHierarchy(fixture(name));
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.elements;
}

/** The action designates `expected`: its locator finds it (or a label inside it) and a tap point lies within it. */
function expectOn(decision: Decision, elements: ScreenElement[], expected: ScreenElement): void {
  const action = decision.action;
  if (action.type !== 'tap' && action.type !== 'type' && action.type !== 'assert') throw new Error('no target');
  if (action.target === null) throw new Error('null target');
  const located = locate(elements, action.target);
  expect(located, `locator ${JSON.stringify(action.target)}`).not.toBeNull();
  expect(
    located === expected || descendants(expected, elements).includes(located!),
    `located ${located?.path}, wanted ${expected.path}`,
  ).toBe(true);
  if ('point' in action && action.point) {
    const { x, y } = action.point;
    expect(contains(expected.bounds, { x, y, width: 0, height: 0 }), `point ${x},${y} outside ${expected.path}`).toBe(true);
  }
}

function check(c: OfflineCase): void {
  const elements = elementsOf(c.hierarchy);
  const decision = decideOffline({ instruction: c.instruction, platform: c.platform, hierarchyXml: fixture(c.hierarchy) });
  const action = decision.action;
  const e = c.expected;
  const context = `${JSON.stringify(action)} — ${decision.reasoning}`;
  expect(action.type, context).toBe(e.action);
  expect(decision.confidence).toBeGreaterThan(0);
  expect(decision.confidence).toBeLessThanOrEqual(1);
  expect(decision.reasoning).not.toBe('');
  switch (e.action) {
    case 'tap':
      expectOn(decision, elements, find(elements, e.on));
      break;
    case 'type':
      if (action.type !== 'type') break;
      expect(action.text).toBe(e.text);
      if (e.into === null) expect(action.target).toBeNull();
      else expectOn(decision, elements, find(elements, e.into));
      break;
    case 'assert':
      if (action.type !== 'assert') break;
      expect(action.visible).toBe(e.visible);
      if (e.visible) expectOn(decision, elements, find(elements, e.on));
      else expect(action.target).toEqual({ by: 'text', value: e.text });
      break;
    case 'fail':
      expect(action.type === 'fail' && action.reason, context).toMatch(e.reason);
      break;
    default:
      expect(action).toEqual({ type: e.action, ...Object.fromEntries(Object.entries(e).filter(([k]) => k !== 'action')) });
  }
}

describe('offline model on fixtures', () => {
  it('has enough cases on both platforms', () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
    expect(cases.filter((c) => c.platform === 'ios').length).toBeGreaterThanOrEqual(25);
  });

  it.each(cases.map((c) => [`${c.platform} ${c.hierarchy}: ${c.instruction}`, c] as const))('%s', (_name, c) => check(c));
});

describe('createOfflineModel', () => {
  const model = createOfflineModel();

  it('is named and asynchronous', async () => {
    expect(model.name).toBe('offline');
    const decision = await model.chooseAction({
      instruction: 'Tap Allow',
      platform: 'android',
      hierarchyXml: fixture('android-permission-notifications'),
    });
    expect(decision.action.type).toBe('tap');
  });

  it('fails on a malformed command instead of treating it as prose', async () => {
    const decision = await model.chooseAction({ instruction: 'tapOn: Login', platform: 'android', hierarchyXml: fixture('android-login') });
    expect(decision.action).toEqual({ type: 'fail', reason: expect.stringMatching(/double quotes/) });
  });

  it('refuses a hierarchy of the other platform', async () => {
    const decision = await model.chooseAction({ instruction: 'Tap Allow', platform: 'ios', hierarchyXml: fixture('android-login') });
    expect(decision.action).toEqual({ type: 'fail', reason: expect.stringMatching(/Expected an ios hierarchy/) });
  });

  it('refuses a truncated hierarchy', async () => {
    const xml = fixture('android-login');
    const decision = await model.chooseAction({
      instruction: 'Tap Allow',
      platform: 'android',
      hierarchyXml: xml.slice(0, xml.length / 2),
    });
    expect(decision.action).toEqual({ type: 'fail', reason: expect.stringMatching(/Cannot read the screen/) });
  });

  it('passes simple actions through without a screen match', async () => {
    const hierarchyXml = fixture('ios-home');
    const run = (instruction: string) => model.chooseAction({ instruction, platform: 'ios', hierarchyXml }).then((d) => d.action);
    expect(await run('launchApp')).toEqual({ type: 'launch' });
    expect(await run('Launch the app')).toEqual({ type: 'launch' });
    expect(await run('openLink: "myapp://orders/42"')).toEqual({ type: 'openLink', url: 'myapp://orders/42' });
    expect(await run('swipe: up (refresh)')).toEqual({ type: 'swipe', direction: 'up' });
    expect(await run('wait: 0.5')).toEqual({ type: 'wait', seconds: 0.5 });
  });

  it('waits for an exact text to appear, and for any near-miss of it to go away', async () => {
    const xml = fixture('android-home').replace('Welcome, John!', 'Loading products…');
    const run = (instruction: string) =>
      model.chooseAction({ instruction, platform: 'android', hierarchyXml: xml }).then((d) => d.action.type);
    expect(await run('Wait until Loading appears')).toBe('wait');
    expect(await run('Wait until Loading disappears')).toBe('wait');
    expect(await run('Wait until Loading products… disappears')).toBe('wait');
    expect(await run('Wait until Checkout disappears')).toBe('done');
  });

  it('types into the focused field when only the keyboard says which one has focus', async () => {
    const xml = fixture('ios-login').replace(
      '</XCUIElementTypeApplication>',
      `<XCUIElementTypeKeyboard type="XCUIElementTypeKeyboard" enabled="true" visible="true" x="0" y="508" width="390" height="336"/></XCUIElementTypeApplication>`,
    );
    const decision = await model.chooseAction({ instruction: 'Type hello', platform: 'ios', hierarchyXml: xml });
    expect(decision.action).toEqual({ type: 'type', target: null, text: 'hello' });
  });

  it('knows a sign-up screen by its two password fields beside another field, and a password change is not one', () => {
    const signUp = readFileSync(new URL('./corpus/screens/ios-signup-content.xml', import.meta.url), 'utf8');
    const decide = (instruction: string, xml: string) => decideOffline({ instruction, platform: 'ios', hierarchyXml: xml }).action;
    expect(decide('Check that the registration screen is shown', signUp)).toMatchObject({ type: 'assert', visible: true });
    expect(decide('Check that the sign up page is displayed', signUp)).toMatchObject({ type: 'assert', visible: true });
    expect(decide('Check that the login screen is shown', signUp).type).toBe('fail');
    // The same screen without its email field: two password fields alone are a password change.
    const change = signUp.replace(/<XCUIElementTypeTextField [^>]*\/>/g, '');
    expect(change).not.toBe(signUp);
    expect(decide('Check that the registration screen is shown', change).type).toBe('fail');
  });

  it('knows a verification screen by its one field, for a code, and not when a password is asked too', () => {
    const code = readFileSync(new URL('./corpus/screens/android-two-factor.xml', import.meta.url), 'utf8');
    const decide = (instruction: string, xml: string) => decideOffline({ instruction, platform: 'android', hierarchyXml: xml }).action;
    expect(decide('Check that the verification screen is shown', code)).toMatchObject({ type: 'assert', visible: true });
    expect(decide('Check that the 2FA page is displayed', code)).toMatchObject({ type: 'assert', visible: true });
    expect(decide('Check that the login screen is shown', code).type).toBe('fail');
    const field = /<node [^>]*resource-id="com\.example\.app:id\/code_input"[^>]*\/>/.exec(code)![0];
    const password = field
      .replace('code_input', 'password_input')
      .replace('password="false"', 'password="true"')
      .replace('"Code"', '"Password"');
    const withPassword = code.replace(field, `${field}\n${password}`);
    expect(withPassword).not.toBe(code);
    expect(decide('Check that the verification screen is shown', withPassword).type).toBe('fail');
  });

  it('does not tap a partial match when the words are part of another text too', () => {
    const list = readFileSync(new URL('./corpus/screens/android-accessories-list.xml', import.meta.url), 'utf8');
    const decide = (instruction: string) => decideOffline({ instruction, platform: 'android', hierarchyXml: list }).action;
    // "Beanie" covers more of "Wool Beanie" than of "Cotton Beanie": that is length, not a better fit.
    expect(decide('Tap Beanie')).toMatchObject({ type: 'fail', reason: expect.stringMatching(/^Ambiguous/) });
    expect(decide('Open the Beanie product').type).toBe('fail');
    expect(decide('Tap Scarf')).toMatchObject({ type: 'tap', target: { value: 'Wool Scarf' } });
  });

  it("never taps part of a text that is no control, reads a whole text for a switch it does not find, and a dialog's title as its subject", () => {
    const screen = (name: string) => readFileSync(new URL(`./corpus/screens/${name}.xml`, import.meta.url), 'utf8');
    const decide = (instruction: string, name: string) =>
      decideOffline({ instruction, platform: name.startsWith('ios') ? 'ios' : 'android', hierarchyXml: screen(name) }).action;
    // "Delete" is only part of the dialog's title "Delete file?"; its buttons are Cancel and Move to bin.
    expect(decide('Tap Delete in the dialog', 'android-delete-file-dialog').type).toBe('fail');
    expect(decide('Tap Delete', 'android-delete-file-dialog').type).toBe('fail');
    expect(decide('Check that auto top-up is off', 'android-wallet')).toMatchObject({ type: 'assert', visible: true });
    expect(decide('Check that auto top-up is on', 'android-wallet').type).toBe('fail');
    // The file is what the dialog ("Delete file?") is about, though its message names it "Budget 2024.xlsx".
    expect(decide('Check that the dialog says the file will be deleted after 30 days', 'android-delete-file-dialog')).toMatchObject({
      type: 'assert',
      visible: true,
    });
    expect(decide('Check that the dialog says the file will be deleted after 60 days', 'android-delete-file-dialog').type).toBe('fail');
    expect(decide('Check that the alert says notifications may include sounds', 'ios-notifications-permission')).toMatchObject({
      type: 'assert',
      visible: true,
    });
    expect(decide('Check that the alert says notifications will not include sounds', 'ios-notifications-permission').type).toBe('fail');
  });

  it('types into a field named by a generic word and "field" ("the message field"), not into a row', () => {
    const thread = readFileSync(new URL('./corpus/screens/ios-message-thread.xml', import.meta.url), 'utf8');
    const decision = decideOffline({ instruction: 'Type See you soon into the message field', platform: 'ios', hierarchyXml: thread });
    expect(decision.action).toMatchObject({ type: 'type', text: 'See you soon', target: { value: 'messageField' } });
  });
});
