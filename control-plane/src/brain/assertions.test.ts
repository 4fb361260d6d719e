/**
 * Checks that once passed on the wrong element (issue 25, twenty-third batch): a switch's label
 * read as its state, and a text of the screen behind an alert read as what the alert says.
 */
import { describe, expect, it } from 'vitest';
import { decideOffline } from './offline-model.js';
import { corpusXml, decideOn } from './testing/corpus-decisions.js';

const escapeXml = (t: string) => t.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
/** [type, name, label/value, y, height, extra attributes, children] */
type Node = [string, string, string, number, number, string?, Node[]?];
const render = ([type, name, label, y, h, extra = '', kids = []]: Node, i: number): string => {
  const attrs = `type="XCUIElementType${type}" name="${escapeXml(name)}" label="${escapeXml(label)}" ${extra} enabled="true" visible="true" accessible="true" x="0" y="${y}" width="390" height="${h}" index="${i}"`;
  return `<XCUIElementType${type} ${attrs}>${kids.map(render).join('')}</XCUIElementType${type}>`;
};
const ios = (...nodes: Node[]) =>
  `<?xml version="1.0" encoding="UTF-8"?><AppiumAUT>${render(['Application', 'Bikes', 'Bikes', 0, 844, '', [['Window', '', '', 0, 844, '', nodes]]], 0)}</AppiumAUT>`;
const check = (instruction: string, ...nodes: Node[]) => decideOffline({ instruction, platform: 'ios', hierarchyXml: ios(...nodes) });
const text = (t: string, y: number, name = t): Node => ['StaticText', name, t, y, 26, `value="${escapeXml(t)}"`];

describe('a claim of a state over the label of a switch', () => {
  const rental = (on: boolean) => [
    text('Bike 4821', 100),
    [
      'Cell',
      'insuranceCell',
      '',
      447,
      44,
      '',
      [text('Add insurance (€0.50)', 447), ['Switch', 'insuranceSwitch', 'Add insurance (€0.50)', 447, 44, `value="${on ? 1 : 0}"`]],
    ] as Node,
  ];
  it("is decided by the switch's state: on passes on the switch", () => {
    const { action } = check('Check that insurance is added', ...rental(true));
    expect(action).toMatchObject({ type: 'assert', visible: true, target: { value: 'insuranceSwitch', checked: true } });
  });
  it('fails when the switch is off, though its label offers it', () => {
    expect(check('Check that insurance is added', ...rental(false)).action.type).toBe('fail');
  });
});

describe('what an alert says, while it is up', () => {
  const behind = text('Tue 9 Dec · 10:30', 139, 'when');
  const alert = (message: string): Node => [
    'Alert',
    'Cancel appointment?',
    'Cancel appointment?',
    300,
    163,
    '',
    [text('Cancel appointment?', 300), text(message, 322), ['Button', 'Yes, Cancel', 'Yes, Cancel', 420, 43]],
  ];
  const claim = 'Check the alert says the appointment is on 9 December at 10:30';
  it('is read inside the alert', () => {
    const { action } = check(claim, behind, alert('Your appointment with Dr. Carvalho on Tue 9 Dec at 10:30 will be cancelled.'));
    expect(action).toMatchObject({
      type: 'assert',
      visible: true,
      target: { value: 'Your appointment with Dr. Carvalho on Tue 9 Dec at 10:30 will be cancelled.' },
    });
  });
  it('never from the screen behind it', () => {
    expect(check(claim, behind, alert('Your appointment with Dr. Carvalho will be cancelled.')).action.type).toBe('fail');
  });
});

describe('"X is not shown" while X stands inside a longer text (the fortieth batch)', () => {
  // "Boat: Kestrel (J/24) · Skipper: Fiona Reid" is on the screen.
  it('fails: the words are on the screen', () => {
    expect(decideOn('"Skipper: Fiona Reid" is not shown', 'android-sailing-crew-list')).toBe('fail');
    expect(decideOn('"Fiona" is not shown', 'android-sailing-crew-list')).toBe('fail');
    expect(decideOn('"Kestrel (J/24)" is not shown', 'android-sailing-crew-list')).toBe('fail');
  });
  it('passes what is not there, and finds the part as shown', () => {
    expect(decideOn('"Skipper: Fiona Ried" is not shown', 'android-sailing-crew-list')).toBe('assert Skipper: Fiona Ried');
    expect(decideOn('"Skipper: Fiona Reid" is shown', 'android-sailing-crew-list')).toBe('assert com.harbourclub.crew:id/boat_text');
  });
});

describe("a claim in the words of a switch's label (the forty-first batch)", () => {
  // "Show only items in stock", a switch, off on the corpus screen.
  const claim = 'Make sure only in-stock items are shown';
  it('fails while the switch is off: its label says what holds while it is on', () => {
    expect(decideOn(claim, 'ios-beekeeping-supplies')).toBe('fail');
  });
  it('passes on the switch when it is on', () => {
    const on = corpusXml('ios-beekeeping-supplies').replace(
      /(<XCUIElementTypeSwitch[^>]*?)value="0"([^>]*name="inStockSwitch")/,
      '$1value="1"$2',
    );
    expect(on).not.toBe(corpusXml('ios-beekeeping-supplies'));
    const { action } = decideOffline({ instruction: claim, platform: 'ios', hierarchyXml: on });
    expect(action).toMatchObject({ type: 'assert', visible: true, target: { value: 'inStockSwitch', checked: true } });
  });
  it("never reads a row's own text beside its switch as the switch's effect", () => {
    // "Bedtime, 22:30", an alarm switched off, still says when the alarm is.
    expect(decideOn('Check that the bedtime alarm is at 22:30', 'ios-alarms')).toMatch(/^assert /);
  });
});

describe('an alert named by its title (the fortieth batch)', () => {
  it('is evidenced by the title text, not by the alert that carries its name', () => {
    const hierarchyXml = corpusXml('ios-cancel-choir-tickets-alert');
    const { action } = decideOffline({ instruction: 'The alert asks to cancel 3 tickets', platform: 'ios', hierarchyXml });
    expect(action).toMatchObject({ type: 'assert', target: { value: 'Cancel 3 tickets?', type: 'XCUIElementTypeStaticText' } });
  });
});

describe('"the X switch is enabled" where X is only a text', () => {
  // Profile: "Addresses" is a row's title, "Notifications" a switch. Found by putting another row's name in a passing check.
  it('fails: a text named so is no switch', () => {
    expect(decideOn('Make sure the Addresses switch is enabled', 'android-profile')).toBe('fail');
    expect(decideOn('Make sure the Notifications switch is enabled', 'android-profile')).toBe(
      'assert com.example.shop:id/notifications_switch',
    );
  });
});
