/**
 * Claims "X is Y" as testers write them, read through the whole offline model: a label the
 * screen gives only as an id ("the plan is Premium" over plan_name "Premium · Monthly"), the
 * screen's title as the label ("the event is in Room 4B" on the "Event" screen), and an item
 * named with the heading it sits under ("the XL size is disabled" under "Size"). Each with the
 * traps a false pass would fall into: another value, a negation, another item's state.
 */
import { describe, expect, it } from 'vitest';
import { decideOffline } from './offline-model.js';
import { androidXml, type Spec } from './testing/android-screen.js';

const text = (t: string, id: string, y: number, extra: Record<string, string> = {}): Spec => [
  'android.widget.TextView',
  { text: t, 'resource-id': `com.example:id/${id}`, bounds: `[0,${y}][1080,${y + 60}]`, ...extra },
];
const button = (t: string, id: string, y: number, extra: Record<string, string> = {}): Spec => [
  'android.widget.Button',
  { text: t, 'resource-id': `com.example:id/${id}`, clickable: 'true', bounds: `[0,${y}][1080,${y + 60}]`, ...extra },
];
const toolbar = (title: string): Spec => [
  'android.view.ViewGroup',
  { 'resource-id': 'com.example:id/toolbar', bounds: '[0,0][1080,160]' },
  [text(title, 'toolbar_title', 40)],
];

const verdict = (instruction: string, xml: string) => {
  const d = decideOffline({ instruction, platform: 'android', hierarchyXml: xml });
  return d.action.type === 'assert' && d.action.visible ? 'pass' : d.action.type;
};

describe('copula claims', () => {
  const subscription = androidXml(
    toolbar('Subscription'),
    text('Premium · Monthly', 'plan_name', 300),
    text('€9.99 per month', 'price', 400),
    button('Change plan', 'change_plan', 600),
  );
  it('reads a label the screen gives only as the id of the value, never another value', () => {
    expect(verdict('Check that the plan is Premium', subscription)).toBe('pass');
    expect(verdict('Verify the plan is Monthly', subscription)).toBe('pass');
    expect(verdict('Check that the plan is Basic', subscription)).toBe('fail');
    expect(verdict('Check that the plan is Prem', subscription)).toBe('fail');
    expect(verdict('Check that the plan is not Premium', subscription)).toBe('fail');
    expect(verdict('Check that the price is €8.99 per month', subscription)).toBe('fail');
    // A word of the label the id lacks names nothing.
    expect(verdict('Check that the trial plan is Premium', subscription)).toBe('fail');
  });

  const event = androidXml(
    toolbar('Event'),
    text('Design review', 'event_name', 300),
    text('Tuesday, 12 March · 14:00–15:00', 'event_time', 400),
    text('Room 4B', 'event_room', 500),
    text('Organiser', 'organiser_label', 700),
    text('Ann Lee', 'organiser', 780),
  );
  it("takes the screen's title for the label, with a place word before the value", () => {
    expect(verdict('Check that the event is in Room 4B', event)).toBe('pass');
    expect(verdict('Check that the event is in Room 5B', event)).toBe('fail');
    expect(verdict('Check that the event is not in Room 4B', event)).toBe('fail');
    // Only the title's value may be anywhere: another label's is beside it.
    expect(verdict('Check that the organiser is Ann Lee', event)).toBe('pass');
    expect(verdict('Check that the organiser is Room 4B', event)).toBe('fail');
    expect(verdict('Then the event starts at 14:00', event)).toBe('pass');
    expect(verdict('And the event starts at 15:00', event)).toBe('fail');
  });

  const sizes = androidXml(
    text('Size', 'size_label', 300),
    button('M', 'size_m', 400),
    button('XL', 'size_xl', 500, { enabled: 'false' }),
    button('Add to bag', 'add', 700),
  );
  it('names an item by its name and the heading it sits under, never another item or heading', () => {
    expect(verdict('Check that the XL size is disabled', sizes)).toBe('pass');
    expect(verdict('Check that the M size is enabled', sizes)).toBe('pass');
    expect(verdict('Check that the M size is disabled', sizes)).toBe('fail');
    expect(verdict('Check that the XL size is enabled', sizes)).toBe('fail');
    expect(verdict('Check that the XXL size is disabled', sizes)).toBe('fail');
    expect(verdict('Check that the XL colour is disabled', sizes)).toBe('fail');
  });

  const tapped = (instruction: string, xml: string) => {
    const d = decideOffline({ instruction, platform: 'android', hierarchyXml: xml });
    return d.action.type === 'tap' && d.action.target ? d.action.target.value : d.action.type;
  };
  const slots = androidXml(
    text('Thursday, 20 March', 'slot_date', 300),
    [
      'android.widget.CheckBox',
      { text: '10:00', 'resource-id': 'com.example:id/slot_1000', clickable: 'true', bounds: '[0,400][300,480]' },
    ],
    [
      'android.widget.CheckBox',
      { text: '10:30', 'resource-id': 'com.example:id/slot_1030', clickable: 'true', bounds: '[320,400][620,480]' },
    ],
    [
      'android.widget.CheckBox',
      { text: '11:00', 'resource-id': 'com.example:id/time_1100', clickable: 'true', bounds: '[640,400][940,480]' },
    ],
    text('Each appointment lasts 30 minutes', 'duration', 600),
    button('Skip forward 30 seconds', 'skip_forward', 800),
    button('Skip back 15 seconds', 'skip_back', 900, { enabled: 'false' }),
  );
  it('names an element by its name and a kind word its id has, never a kind nothing on the screen says', () => {
    expect(tapped('Select the 10:30 slot', slots)).toBe('com.example:id/slot_1030');
    expect(tapped('Select the 11:30 slot', slots)).toBe('fail');
    // 11:00's id says "time", not "slot"; nothing says "seat".
    expect(tapped('Select the 11:00 slot', slots)).toBe('fail');
    expect(tapped('Select the 10:30 seat', slots)).toBe('fail');
    // The name must be the whole text: "Thursday" is only part of "Thursday, 20 March" (slot_date).
    expect(tapped('Select the Thursday slot', slots)).toBe('fail');
  });
  it('taps a control whose own words the instruction is, whole and enabled, and nothing else', () => {
    expect(tapped('skip forward 30 seconds', slots)).toBe('com.example:id/skip_forward');
    expect(tapped('Skip forward 15 seconds', slots)).toBe('fail');
    expect(tapped('Skip forward', slots)).toBe('fail');
    expect(tapped('skip back 15 seconds', slots)).toBe('fail');
  });
  it('sets aside "each" before a subject', () => {
    expect(verdict('Expected: appointment lasts 30 minutes', slots)).toBe('pass');
    expect(verdict('Expected: appointment lasts 45 minutes', slots)).toBe('fail');
  });

  const pair = (label: string, value: string, id: string, y: number): Spec => [
    'android.widget.LinearLayout',
    { 'resource-id': `com.example:id/${id}_row`, bounds: `[0,${y}][1080,${y + 100}]` },
    [
      ['android.widget.TextView', { text: label, 'resource-id': `com.example:id/${id}_label`, bounds: `[40,${y + 20}][400,${y + 80}]` }],
      ['android.widget.TextView', { text: value, 'resource-id': `com.example:id/${id}_value`, bounds: `[420,${y + 20}][1040,${y + 80}]` }],
    ],
  ];
  const transfer = androidXml(
    toolbar('Review transfer'),
    pair('Arrives', 'Today by 18:00', 'arrival', 300),
    pair('Fee', 'Free', 'fee', 420),
    [
      'android.widget.LinearLayout',
      { 'resource-id': 'com.example:id/driver_card', bounds: '[0,600][1080,800]' },
      [text('Tomás', 'driver_name', 620), text('4.9 ★', 'driver_rating', 700)],
    ],
  );
  it('reads a label and its value side by side as one row, never texts one under the other', () => {
    expect(verdict('check the money arrives today by 18:00', transfer)).toBe('pass');
    expect(verdict('check the money arrives today by 19:00', transfer)).toBe('fail');
    expect(verdict('check the money arrives tomorrow by 18:00', transfer)).toBe('fail');
    expect(verdict('check the money does not arrive today by 18:00', transfer)).toBe('fail');
    // The same two texts one under the other are no pair.
    const stacked = androidXml(toolbar('Review transfer'), [
      'android.widget.LinearLayout',
      { 'resource-id': 'com.example:id/arrival', bounds: '[0,300][1080,500]' },
      [text('Arrives', 'arrival_label', 300), text('Today by 18:00', 'arrival_value', 400)],
    ]);
    expect(verdict('check the money arrives today by 18:00', stacked)).toBe('fail');
  });
  it('reads an owner\'s label against an id without its "\'s"', () => {
    expect(verdict("Check that the driver's rating is 4.9", transfer)).toBe('pass');
    expect(verdict("Check that the driver's rating is 4.8", transfer)).toBe('fail');
  });

  const parking = androidXml(
    toolbar('Parking'),
    pair('Started', '09:35', 'started', 300),
    pair('Cost so far', '€3.40', 'cost', 420),
    [
      'androidx.recyclerview.widget.RecyclerView',
      { 'resource-id': 'com.example:id/rewards', bounds: '[0,600][1080,1100]' },
      [
        [
          'android.widget.LinearLayout',
          { 'resource-id': 'com.example:id/reward', clickable: 'true', bounds: '[0,600][1080,800]' },
          [text('Free coffee', 'r1', 620), button('Redeem', 'redeem_1', 700)],
        ],
        [
          'android.widget.LinearLayout',
          { 'resource-id': 'com.example:id/reward', clickable: 'true', bounds: '[0,850][1080,1050]' },
          [text('Cinema ticket', 'r2', 870), button('Redeem', 'redeem_2', 950, { enabled: 'false' })],
        ],
      ],
    ],
    button('Extend by 30 min', 'extend', 1800),
  );
  it("reads a row label's price words as the claim's, a place word before a word the text has, and 09:35 as 9:35", () => {
    expect(verdict('Check that it has cost €3.40 so far', parking)).toBe('pass');
    expect(verdict('Check that it has cost €4.30 so far', parking)).toBe('fail');
    expect(verdict('Check that parking started at 9:35', parking)).toBe('pass');
    expect(verdict('Check that parking started at 9:53', parking)).toBe('fail');
    expect(verdict('Check that parking started at 19:35', parking)).toBe('fail');
  });
  it("taps the button a verb names in the row an object names, and a button whose words the instruction has with the title's", () => {
    expect(tapped('Redeem the free coffee', parking)).toBe('com.example:id/redeem_1');
    expect(tapped('Redeem the cinema ticket', parking)).toBe('fail');
    expect(tapped('Redeem the free tea', parking)).toBe('fail');
    expect(tapped('Extend parking by 30 min', parking)).toBe('com.example:id/extend');
    expect(tapped('Extend parking by 60 min', parking)).toBe('fail');
    expect(tapped('Extend my booking by 30 min', parking)).toBe('fail');
  });

  const wifi = androidXml(toolbar('Wi-Fi'), [
    'android.widget.LinearLayout',
    { 'resource-id': 'com.example:id/switch_bar', clickable: 'true', bounds: '[0,220][1080,360]' },
    [
      text('Use Wi-Fi', 'switch_text', 250),
      [
        'android.widget.Switch',
        { 'resource-id': 'android:id/switch_widget', checkable: 'true', checked: 'true', bounds: '[900,250][1032,330]' },
      ],
    ],
  ]);
  it("reads the feature the title names as the screen's one switch, and nothing else as it", () => {
    expect(verdict('Verify Wi-Fi is on', wifi)).toBe('pass');
    expect(verdict('Verify Wi-Fi is off', wifi)).toBe('fail');
    expect(verdict('Verify Bluetooth is on', wifi)).toBe('fail');
  });

  const alarmRow = (time: string, label: string, on: boolean, id: string, y: number): Spec => [
    'android.widget.LinearLayout',
    { 'resource-id': `com.example:id/${id}_row`, clickable: 'true', bounds: `[0,${y}][1080,${y + 150}]` },
    [
      text(time, `${id}_time`, y + 10),
      text(label, `${id}_label`, y + 80),
      [
        'android.widget.Switch',
        { 'resource-id': `com.example:id/${id}`, checkable: 'true', checked: String(on), bounds: `[900,${y + 40}][1032,${y + 110}]` },
      ],
    ],
  ];
  const alarms = androidXml(
    toolbar('Alarm'),
    [
      'androidx.recyclerview.widget.RecyclerView',
      { 'resource-id': 'com.example:id/list', bounds: '[0,300][1080,800]' },
      [alarmRow('06:30', 'Weekdays', true, 'a1', 300), alarmRow('22:30', 'Bedtime', false, 'a2', 460)],
    ],
    [
      'android.widget.ProgressBar',
      { 'resource-id': 'com.example:id/used', 'content-desc': '72 percent used', bounds: '[0,900][1080,940]' },
    ],
  );
  it("reads the row of a name and the screen's own kind word: its switch, its existence", () => {
    expect(verdict('Check that the 06:30 alarm is on', alarms)).toBe('pass');
    expect(verdict('Check that the 22:30 alarm is on', alarms)).toBe('fail');
    expect(verdict('Check that the 10:00 alarm is on', alarms)).toBe('fail');
    expect(verdict('Check that the 06:30 timer is on', alarms)).toBe('fail');
    expect(tapped('Turn on the 22:30 alarm', alarms)).toBe('com.example:id/a2_row');
    expect(tapped('Turn on the 23:30 alarm', alarms)).toBe('fail');
    expect(tapped('Turn on the Bed alarm', alarms)).toBe('fail');
    expect(verdict('Check that there is an alarm at 06:30', alarms)).toBe('pass');
    expect(verdict('Check that there is an alarm at 07:30', alarms)).toBe('fail');
    expect(verdict('Check that there is no alarm at 06:30', alarms)).toBe('fail');
    expect(verdict('Check that there is a timer at 06:30', alarms)).toBe('fail');
  });
  it('reads "percent" as "%", never another number', () => {
    expect(verdict('Check that 72% used is shown', alarms)).toBe('pass');
    expect(verdict('Check that 27% used is shown', alarms)).toBe('fail');
  });

  const picker = androidXml(toolbar('App language'), [
    'androidx.recyclerview.widget.RecyclerView',
    { 'resource-id': 'com.example:id/languages', bounds: '[0,300][1080,800]' },
    [
      [
        'android.widget.LinearLayout',
        { 'resource-id': 'com.example:id/lang', clickable: 'true', bounds: '[0,300][1080,450]' },
        [
          [
            'android.widget.RadioButton',
            { 'resource-id': 'com.example:id/radio', checkable: 'true', checked: 'true', bounds: '[40,340][120,420]' },
          ],
          text('German', 'name_de', 320),
        ],
      ],
      [
        'android.widget.LinearLayout',
        { 'resource-id': 'com.example:id/lang', clickable: 'true', bounds: '[0,460][1080,610]' },
        [
          [
            'android.widget.RadioButton',
            { 'resource-id': 'com.example:id/radio', checkable: 'true', checked: 'false', bounds: '[40,500][120,580]' },
          ],
          text('Japanese', 'name_ja', 480),
        ],
      ],
    ],
  ]);
  it("takes the chosen row of a list as the value of the screen's title, never another row", () => {
    expect(verdict('Then the app language is German', picker)).toBe('pass');
    expect(verdict('Then the app language is Japanese', picker)).toBe('fail');
  });

  it('refuses a tap when a plain text of the page names the same as the one tappable element, but not a title twin', () => {
    const row = (t: string, y: number): Spec => [
      'android.widget.LinearLayout',
      { 'resource-id': 'com.example:id/track', clickable: 'true', bounds: `[0,${y}][1080,${y + 100}]` },
      [text(t, 'track_title', y + 20)],
    ];
    const album = androidXml(toolbar('Album'), text('Blue Hours', 'album_title', 300), row('Late Tram', 500), row('Blue Hours', 620));
    const d = decideOffline({ instruction: 'Tap Blue Hours', platform: 'android', hierarchyXml: album });
    expect(d.action).toMatchObject({ type: 'fail', reason: expect.stringMatching(/Ambiguous/) });
    expect(decideOffline({ instruction: 'Tap Late Tram', platform: 'android', hierarchyXml: album }).action.type).toBe('tap');
    const titled = androidXml(toolbar('Blue Hours'), row('Late Tram', 500), row('Blue Hours', 620));
    expect(decideOffline({ instruction: 'Tap Blue Hours', platform: 'android', hierarchyXml: titled }).action.type).toBe('tap');
  });
});
