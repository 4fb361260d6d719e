/**
 * Taps that once landed on the wrong element (issue 25, twenty-second/third batches): a group of
 * controls found by a title shown by one of them, and an object named by a label beside the
 * control whose own words are the verb and the object.
 */
import { describe, expect, it } from 'vitest';
import { decideOffline } from './offline-model.js';
import { androidXml, type Spec } from './testing/android-screen.js';

const decide = (instruction: string, ...nodes: Spec[]) =>
  decideOffline({ instruction, platform: 'android', hierarchyXml: androidXml(...nodes) });
const tapped = (instruction: string, ...nodes: Spec[]) => {
  const { action } = decide(instruction, ...nodes);
  return action.type === 'tap' ? action.target?.value : action.type;
};
const label = (text: string, id: string, bounds: string): Spec => [
  'android.widget.TextView',
  { text, 'resource-id': `app:id/${id}`, bounds },
];
const chip = (text: string, id: string, bounds: string, clickable = true): Spec => [
  clickable ? 'com.google.android.material.chip.Chip' : 'android.widget.TextView',
  { text, 'resource-id': `app:id/${id}`, clickable: String(clickable), bounds },
];
const list = (...kids: Spec[]): Spec => ['android.widget.ScrollView', { scrollable: 'true', bounds: '[0,200][1080,2000]' }, kids];
const group = (...kids: Spec[]): Spec => [
  'com.google.android.material.chip.ChipGroup',
  { 'resource-id': 'app:id/tip_chips', bounds: '[40,895][1040,1005]' },
  kids,
];

describe('a title shown by one control of a group of controls', () => {
  const tips = (custom: Spec) =>
    list(
      label('Tip your rider', 'tip_label', '[40,825][1040,895]'),
      group(chip('None', 'tip_none', '[40,895][240,1005]'), chip('10%', 'tip_10', '[240,895][640,1005]'), custom),
      label('100% of the tip goes to your rider', 'tip_note', '[40,1005][1040,1055]'),
    );
  it('taps that control, never the group, whose centre would hit another one', () => {
    expect(tapped('pick the custom tip', tips(chip('Custom', 'tip_custom', '[840,895][1040,1005]')))).toBe('app:id/tip_custom');
  });
  it('taps nothing when the title is no control of the group', () => {
    expect(tapped('pick the custom tip', tips(chip('Custom', 'tip_custom', '[840,895][1040,1005]', false)))).toBe('fail');
  });
});

describe('an object named by a label and by a control whose words are the verb and the object', () => {
  const locker = (...buttons: Spec[]) =>
    [
      list(
        [
          'android.widget.LinearLayout',
          { 'resource-id': 'app:id/compartment', bounds: '[40,1085][1040,1161]' },
          [
            label('Compartment', 'compartment_label', '[48,1093][540,1153]'),
            label('B12 · Medium', 'compartment_value', '[540,1093][1032,1153]'),
          ],
        ],
        label('Pickup code', 'code_label', '[40,1200][1040,1260]'),
      ),
      ...buttons,
    ] as Spec[];
  const open = [
    'android.widget.Button',
    { text: 'Open compartment', 'resource-id': 'app:id/open_compartment', clickable: 'true', bounds: '[0,1774][1080,1914]' },
  ] as Spec;
  it('taps the control, not the label that names the object only', () => {
    expect(tapped('Open the compartment', ...locker(open))).toBe('app:id/open_compartment');
  });
  it('never takes a control of another verb or another object for it', () => {
    expect(tapped('Tap the compartment', ...locker(open))).not.toBe('app:id/open_compartment');
    expect(tapped('Open the pickup code', ...locker(open))).not.toBe('app:id/open_compartment');
    const report = [
      'android.widget.Button',
      { text: 'Report compartment', 'resource-id': 'app:id/report', clickable: 'true', bounds: '[0,1600][1080,1700]' },
    ] as Spec;
    expect(tapped('Open the compartment', ...locker(report))).not.toBe('app:id/report');
  });
});
