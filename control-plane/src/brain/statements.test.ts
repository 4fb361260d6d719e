/**
 * A statement written as the whole step, without "Check that" or "Then" (instruction-grammar.ts
 * `STATEMENT`): read as a check, so it passes only where the screen says it, and never acts. And
 * "See X", a check unless nothing shows X and a control does ("View X").
 */
import { describe, expect, it } from 'vitest';
import { decideOffline } from './offline-model.js';
import { androidXml, type Spec } from './testing/android-screen.js';

const at = (x1: number, y1: number, x2: number, y2: number) => `[${x1},${y1}][${x2},${y2}]`;
const text = (t: string, x: number, y: number, id: string): Spec => [
  'android.widget.TextView',
  { text: t, 'resource-id': `app:id/${id}`, bounds: at(x, y, x + 400, y + 60) },
];
const checkout: Spec[] = [
  [
    'androidx.appcompat.widget.Toolbar',
    { 'resource-id': 'app:id/toolbar', bounds: at(0, 63, 1080, 210) },
    [text('Checkout', 189, 100, 'toolbar_title')],
  ],
  [
    'android.widget.LinearLayout',
    { bounds: at(0, 300, 1080, 400) },
    [text('Rider tip', 48, 320, 'tip_label'), text('€2.65', 600, 320, 'tip_value')],
  ],
  ['android.widget.Button', { text: 'Pay', 'resource-id': 'app:id/pay', clickable: 'true', bounds: at(48, 2000, 1032, 2120) }],
  ['android.widget.Button', { text: 'View receipt', 'resource-id': 'app:id/receipt', clickable: 'true', bounds: at(48, 1800, 1032, 1920) }],
];
const decide = (instruction: string) => {
  const a = decideOffline({ instruction, platform: 'android', hierarchyXml: androidXml(...checkout) }).action;
  return `${a.type}${'target' in a && a.target ? ` ${a.target.value}` : ''}`;
};

describe('a statement as a step', () => {
  it('is a check of what the screen says', () => {
    expect(decide('The rider gets a €2.65 tip')).toBe('assert app:id/tip_value');
    expect(decide('The rider gets a €3.65 tip')).toBe('fail');
    expect(decide('The rider gets no tip')).toBe('fail');
    expect(decide('The courier gets a €2.65 fee')).toBe('fail');
  });
  it('never acts: "The user taps Pay" taps nothing', () => {
    expect(decide('The user taps Pay')).toBe('fail');
    expect(decide('Tap Pay')).toBe('tap app:id/pay');
  });
});

describe('"See X"', () => {
  it('checks what is shown, and else taps the one control showing it', () => {
    expect(decide('See the rider tip')).toBe('assert app:id/tip_label');
    expect(decide('See the receipt')).toBe('tap app:id/receipt');
    // Traps: nothing shows it and no control does; "see that" is a check only.
    expect(decide('See the invoice')).toBe('fail');
    expect(decide('See that the receipt is shown')).toBe('fail');
  });
});

describe('a rate', () => {
  const price: Spec[] = [
    ['android.widget.TextView', { text: '£46.80 a month', 'resource-id': 'app:id/monthly', bounds: at(48, 300, 1032, 360) }],
    ['android.widget.TextView', { text: 'or £518.40 paid yearly', 'resource-id': 'app:id/yearly', bounds: at(48, 380, 1032, 440) }],
    ['android.widget.TextView', { text: 'Renewed 1 week ago', 'resource-id': 'app:id/renewed', bounds: at(48, 460, 1032, 520) }],
  ];
  const check = (instruction: string) => {
    const a = decideOffline({ instruction, platform: 'android', hierarchyXml: androidXml(...price) }).action;
    return `${a.type}${'target' in a && a.target ? ` ${a.target.value}` : ''}`;
  };
  it('"a year", "per year", "/yr", "annually" and "yearly" are one; a month is never a year', () => {
    expect(check('Check that it costs £518.40 a year')).toBe('assert app:id/yearly');
    expect(check('Check that it costs £518.40 per year')).toBe('assert app:id/yearly');
    expect(check('Check that it costs £518.40 annually')).toBe('assert app:id/yearly');
    expect(check('Check that it costs £46.80 monthly')).toBe('assert app:id/monthly');
    expect(check('Check that it costs £46.80 a year')).toBe('fail');
    expect(check('Check that it costs £518.40 a month')).toBe('fail');
    // "a week ago" says when, not how often.
    expect(check('Check that it was renewed a week ago')).toBe('assert app:id/renewed');
    expect(check('Check that it was renewed weekly')).toBe('fail');
  });
});

describe('a name by its first words', () => {
  const quote = (...more: Spec[]): Spec[] => [
    [
      'androidx.appcompat.widget.Toolbar',
      { 'resource-id': 'app:id/toolbar', bounds: at(0, 63, 1080, 210) },
      [text('Your quote', 189, 100, 'toolbar_title')],
    ],
    [
      'android.widget.TextView',
      { text: 'Ford Fiesta 1.0 EcoBoost · 2019', 'resource-id': 'app:id/vehicle', bounds: at(48, 300, 1032, 360) },
    ],
    [
      'android.widget.LinearLayout',
      { bounds: at(0, 400, 1080, 480) },
      [text('Cover', 48, 410, 'cover_label'), text('Comprehensive', 600, 410, 'cover_value')],
    ],
    ...more,
  ];
  const check = (instruction: string, nodes: Spec[]) => {
    const a = decideOffline({ instruction, platform: 'android', hierarchyXml: androidXml(...nodes) }).action;
    return `${a.type}${'target' in a && a.target ? ` ${a.target.value}` : ''}`;
  };
  it('"the quote is for a Ford Fiesta" over "Ford Fiesta 1.0 EcoBoost"; never another model, a middle word or another subject', () => {
    expect(check('Check that the quote is for a Ford Fiesta', quote())).toBe('assert app:id/vehicle');
    expect(check('Check that the car is a Ford Fiesta', quote())).toBe('assert app:id/vehicle');
    expect(check('Check that the quote is for a Ford Focus', quote())).toBe('fail');
    expect(check('Check that the quote is for a Fiesta', quote())).toBe('fail');
    expect(check('Check that the cover is a Ford Fiesta', quote())).toBe('fail');
    const two: Spec = [
      'android.widget.TextView',
      { text: 'Ford Fiesta 1.1 Titanium · 2021', 'resource-id': 'app:id/other', bounds: at(48, 500, 1032, 560) },
    ];
    expect(check('Check that the quote is for a Ford Fiesta', quote(two))).toBe('fail');
  });
});

describe('a chip chosen', () => {
  const chip = (t: string, x: number, on: boolean): Spec => [
    'com.google.android.material.chip.Chip',
    {
      text: t,
      'resource-id': `app:id/tip_${t.replace('%', '')}`,
      checkable: 'true',
      checked: String(on),
      selected: 'false',
      clickable: 'true',
      bounds: at(x, 300, x + 200, 380),
    },
  ];
  const tips: Spec[] = [
    ['android.widget.TextView', { text: 'Tip your rider', 'resource-id': 'app:id/tip_title', bounds: at(48, 220, 1032, 280) }],
    [
      'com.google.android.material.chip.ChipGroup',
      { 'resource-id': 'app:id/tips', bounds: at(0, 300, 1080, 380) },
      [chip('5%', 48, false), chip('10%', 300, true), chip('15%', 560, false)],
    ],
  ];
  const check = (instruction: string) => {
    const a = decideOffline({ instruction, platform: 'android', hierarchyXml: androidXml(...tips) }).action;
    return `${a.type}${'target' in a && a.target ? ` ${a.target.value}` : ''}`;
  };
  it('is selected when checked (a Material chip reports checked, never selected), and only then', () => {
    expect(check('Check that a 10% tip is selected')).toBe('assert app:id/tip_10');
    expect(check('Check that the 15% tip is not selected')).toBe('assert app:id/tip_15');
    expect(check('Check that a 15% tip is selected')).toBe('fail');
    expect(check('Check that the 10% tip is not selected')).toBe('fail');
  });
});

describe('a screen named by its title and a word', () => {
  const screenOf = (title: string, ...texts: string[]): Spec[] => [
    [
      'androidx.appcompat.widget.Toolbar',
      { 'resource-id': 'app:id/toolbar', bounds: at(0, 63, 1080, 210) },
      [text(title, 189, 100, 'toolbar_title')],
    ],
    ...texts.map(
      (t, i): Spec => [
        'android.widget.TextView',
        { text: t, 'resource-id': `app:id/t${i}`, bounds: at(48, 400 + i * 80, 1032, 460 + i * 80) },
      ],
    ),
  ];
  const check = (instruction: string, nodes: Spec[]) => {
    const a = decideOffline({ instruction, platform: 'android', hierarchyXml: androidXml(...nodes) }).action;
    return `${a.type}${'target' in a && a.target ? ` ${a.target.value}` : ''}`;
  };
  it('"the privacy settings", "the parcel pickup screen": the title with a kind of screen or what it is about', () => {
    const privacy = screenOf('Privacy', 'Last seen', 'Read receipts');
    const pickup = screenOf('Pickup', 'Ready for pickup', 'Locker 0417');
    expect(check('the privacy settings are shown', privacy)).toBe('assert app:id/toolbar_title');
    expect(check('The parcel pickup screen is shown', pickup)).toBe('assert app:id/toolbar_title');
    // Traps: another title; a word after the title's; a word the screen shows elsewhere; the title's word missing.
    expect(check('the bluetooth settings are shown', privacy)).toBe('fail');
    expect(check('The pickup history screen is shown', pickup)).toBe('fail');
    expect(check('The locker pickup screen is shown', pickup)).toBe('fail');
    expect(check('The parcel screen is shown', pickup)).toBe('fail');
  });
});
