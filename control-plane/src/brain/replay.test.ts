import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Decision } from './actions.js';
import { parseHierarchy, type ScreenElement } from './hierarchy.js';
import { decideOffline } from './offline-model.js';
import { replayDecision, toTemplate } from './replay.js';

const xml = readFileSync(new URL('./fixtures/android-login.xml', import.meta.url), 'utf8');
const elementsOf = (source: string): ScreenElement[] => {
  const parsed = parseHierarchy(source, 'android');
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.elements;
};
const decide = (instruction: string) => decideOffline({ instruction, platform: 'android', hierarchyXml: xml });

describe('replayDecision', () => {
  it('replays a tap when its element is on the screen, aimed at where it is now', () => {
    const tap = decide('Tap the Login button');
    const moved = xml.replace(
      /bounds="\[(\d+),(\d+)\]\[(\d+),(\d+)\]"/g,
      (_m, a, b, c, d) => `bounds="[${a},${+b + 10}][${c},${+d + 10}]"`,
    );
    const replayed = replayDecision(tap, elementsOf(moved));
    expect(replayed?.action.type).toBe('tap');
    if (tap.action.type !== 'tap' || replayed?.action.type !== 'tap') throw new Error('not a tap');
    expect(replayed.action.point).toEqual({ x: tap.action.point.x, y: tap.action.point.y + 10 });
    expect(replayed.reasoning).toMatch(/^replayed from the step cache/);
  });

  it('refuses when the element is gone', () => {
    const tap = decide('Tap the Login button');
    const without = xml.replace(/resource-id="[^"]*login_button"/, 'resource-id="other"').replace('text="Log in"', 'text="Enter"');
    expect(replayDecision(tap, elementsOf(without))).toBeNull();
  });

  it('checks an absence assertion by absence', () => {
    const absent: Decision = {
      action: { type: 'assert', target: { by: 'text', value: 'Log in' }, visible: false },
      reasoning: '',
      confidence: 1,
    };
    expect(replayDecision(absent, elementsOf(xml))).toBeNull();
    expect(replayDecision(absent, elementsOf(xml.replace('text="Log in"', 'text="Enter"')))).not.toBeNull();
  });

  it('never replays a failure, and replays element-free actions as they are', () => {
    expect(replayDecision({ action: { type: 'fail', reason: 'x' }, reasoning: 'x', confidence: 1 }, elementsOf(xml))).toBeNull();
    const scroll: Decision = { action: { type: 'scroll', direction: 'down' }, reasoning: 'r', confidence: 1 };
    expect(replayDecision(scroll, elementsOf(xml))?.action).toEqual({ type: 'scroll', direction: 'down' });
  });
});

describe('typed text and references', () => {
  it("caches the value as its reference and types this run's value on replay", () => {
    const typed: Decision = { action: { type: 'type', target: null, text: 'ann@example.com' }, reasoning: '', confidence: 1 };
    const template = toTemplate(typed, { email: 'ann@example.com', name: 'ann' });
    expect(template.action).toEqual({ type: 'type', target: null, text: '{{email}}' });
    expect(replayDecision(template, elementsOf(xml), { email: 'bob@example.com' })?.action).toMatchObject({ text: 'bob@example.com' });
    expect(replayDecision(template, elementsOf(xml), {})).toBeNull();
  });

  it('leaves text without reference values alone', () => {
    const typed: Decision = { action: { type: 'type', target: null, text: 'hello' }, reasoning: '', confidence: 1 };
    expect(toTemplate(typed, { x: '' })).toEqual(typed);
  });
});

describe('replaying a passed check', () => {
  const settings = readFileSync(new URL('./fixtures/android-settings.xml', import.meta.url), 'utf8');
  const home = readFileSync(new URL('./fixtures/android-home.xml', import.meta.url), 'utf8');
  const parse = (source: string) => {
    const parsed = parseHierarchy(source, 'android');
    if (!parsed.ok) throw new Error(parsed.error);
    return parsed.elements;
  };

  it('holds only while the switch is in the checked state', () => {
    const check = decideOffline({ instruction: 'Notifications is on', platform: 'android', hierarchyXml: settings });
    expect(check.action).toMatchObject({ type: 'assert', visible: true, target: { checked: true } });
    expect(replayDecision(check, parse(settings))).not.toBeNull();
    const off = settings.replace('checked="true"', 'checked="false"');
    expect(replayDecision(check, parse(off))).toBeNull();
  });

  it('holds only while the text it passed on is shown (numbers change under the same fingerprint)', () => {
    const check = decideOffline({ instruction: 'Check that You have 3 new messages is shown', platform: 'android', hierarchyXml: home });
    expect(check.action.type).toBe('assert');
    expect(replayDecision(check, parse(home))).not.toBeNull();
    expect(replayDecision(check, parse(home.replace('You have 3 new messages', 'You have 4 new messages')))).toBeNull();
  });
});
