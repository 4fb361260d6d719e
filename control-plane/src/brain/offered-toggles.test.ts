/**
 * An extra offered by a switch or checkbox, named as testers name it (offered-toggles.ts): "Add
 * breakdown cover", "legal protection is included", "the airport transfer is off". The traps: a
 * part of the name, another extra, the state the other way round, two switches offering it.
 */
import { describe, expect, it } from 'vitest';
import { offeredName } from './offered-toggles.js';
import { decideOffline } from './offline-model.js';
import { androidXml, type Spec } from './testing/android-screen.js';
import { corpusXml, decideOn } from './testing/corpus-decisions.js';

const at = (x1: number, y1: number, x2: number, y2: number) => `[${x1},${y1}][${x2},${y2}]`;
const text = (t: string, y: number, id = ''): Spec => [
  'android.widget.TextView',
  { text: t, 'resource-id': id, bounds: at(48, y, 800, y + 60) },
];
/** A settings-like row: its label and a switch on the same line. */
const extra = (label: string, y: number, id: string, on: boolean, enabled = true): Spec => [
  'android.widget.LinearLayout',
  { bounds: at(0, y, 1080, y + 120) },
  [
    text(label, y + 30),
    [
      'android.widget.Switch',
      {
        'resource-id': `app:id/${id}`,
        checkable: 'true',
        checked: String(on),
        clickable: 'true',
        enabled: String(enabled),
        bounds: at(880, y + 20, 1032, y + 100),
      },
    ],
  ],
];
const title: Spec = [
  'androidx.appcompat.widget.Toolbar',
  { 'resource-id': 'app:id/toolbar', bounds: at(0, 63, 1080, 210) },
  [text('Your quote', 100, 'app:id/toolbar_title')],
];
const quote = (breakdownOn = false, enabled = true) => [
  title,
  text('£46.80 a month', 260, 'app:id/price'),
  extra('Breakdown cover (£4.50/mo)', 400, 'breakdown', breakdownOn, enabled),
  extra('Legal protection', 520, 'legal', true),
  extra('Add airport transfer (€35)', 640, 'transfer', false),
];

const decide = (instruction: string, nodes: Spec[]) => {
  const a = decideOffline({ instruction, platform: 'android', hierarchyXml: androidXml(...nodes) }).action;
  return `${a.type}${'target' in a && a.target ? ` ${a.target.value}` : ''}`;
};

describe('an extra offered by a switch', () => {
  it('is named by its label without the aside in parentheses and a leading "Add"', () => {
    expect(offeredName('Breakdown cover (£4.50/mo)')).toBe('breakdown cover');
    expect(offeredName('Add airport transfer (€35)')).toBe('airport transfer');
    expect(offeredName('Legal protection')).toBe('legal protection');
    expect(offeredName('Address (home)')).toBe('address');
    expect(offeredName('Email me updates')).toBe('email updates');
  });

  it('"Add X" turns on the one switch offering X, and only that', () => {
    expect(decide('Add breakdown cover', quote())).toBe('tap app:id/breakdown');
    expect(decide('Include breakdown cover', quote())).toBe('tap app:id/breakdown');
    expect(decide('Add breakdown cover', quote(true))).toBe('done');
    // Traps: a part of its name, an extra no switch offers, a disabled switch.
    expect(decide('Add breakdown', quote())).toBe('fail');
    expect(decide('Add roadside assistance', quote())).toBe('fail');
    expect(decide('Add breakdown cover', quote(false, false))).toBe('fail');
  });

  it('"X is included / added" is the switch state, either way round', () => {
    expect(decide('Check that legal protection is included', quote())).toBe('assert app:id/legal');
    expect(decide('Check that breakdown cover is not included', quote())).toBe('assert app:id/breakdown');
    expect(decide('Check that the airport transfer is not added', quote())).toBe('assert app:id/transfer');
    expect(decide('Check that the airport transfer is off', quote())).toBe('assert app:id/transfer');
    expect(decide('Check that breakdown cover is included', quote())).toBe('fail');
    expect(decide('Check that legal protection is not included', quote())).toBe('fail');
    expect(decide('Check that the airport transfer is on', quote())).toBe('fail');
    expect(decide('Check that roadside assistance is included', quote())).toBe('fail');
  });

  it('names nothing when two switches offer it', () => {
    const twice = [title, extra('Breakdown cover (UK)', 400, 'uk', false), extra('Breakdown cover (Europe)', 520, 'eu', true)];
    expect(decide('Add breakdown cover', twice)).toBe('fail');
    expect(decide('Check that breakdown cover is included', twice)).toBe('fail');
  });

  it('leaves a text saying it whole to the text', () => {
    const hotel = [title, text('Breakfast included', 300, 'app:id/breakfast')];
    expect(decide('Check that breakfast is included', hotel)).toBe('assert app:id/breakfast');
  });

  it('reads "X will be <done>" as the toggle whose label is "<Do> X", by its state', () => {
    const transfer = [
      title,
      extra('Save recipient as a template', 400, 'template', true),
      extra('Notify me when it arrives', 520, 'notify', false),
    ];
    expect(decide('Ensure the recipient will be saved as a template', transfer)).toBe('assert app:id/template');
    expect(decide('Check that I will not be notified when it arrives', transfer)).toBe('assert app:id/notify');
    // Traps: the state the other way round; another thing saved; a word the label lacks; another verb.
    expect(decide('Ensure the recipient will not be saved as a template', transfer)).toBe('fail');
    expect(decide('Check that I will be notified when it arrives', transfer)).toBe('fail');
    expect(decide('Ensure the payee will be saved as a template', transfer)).toBe('fail');
    expect(decide('Ensure the recipient will be saved as a favourite', transfer)).toBe('fail');
    expect(decide('Ensure the recipient will be deleted as a template', transfer)).toBe('fail');
  });

  it('names a switch "Email me updates" as email updates, never another thing', () => {
    const claim = [title, extra('Email me updates', 400, 'email', true)];
    expect(decide('Check that email updates are on', claim)).toBe('assert app:id/email');
    expect(decide('Check that email updates are off', claim)).toBe('fail');
    expect(decide('Check that email alerts are on', claim)).toBe('fail');
  });
});

describe('what a toggle states or promises, said in other tenses (fortieth batch)', () => {
  it('"have been checked" of a ticked "Lifejackets checked for all crew" passes on it; unticked it fails', () => {
    const claim = 'Make sure the lifejackets have been checked';
    expect(decideOn(claim, 'android-sailing-crew-list')).toBe('assert com.harbourclub.crew:id/lifejacket_checkbox');
    const unticked = corpusXml('android-sailing-crew-list').replace(
      /(text="Lifejackets checked for all crew"[^>]*?)checked="true"/,
      '$1checked="false"',
    );
    expect(unticked).not.toBe(corpusXml('android-sailing-crew-list'));
    expect(decideOffline({ instruction: claim, platform: 'android', hierarchyXml: unticked }).action.type).toBe('fail');
    expect(decideOn('Make sure the sails have been checked', 'android-sailing-crew-list')).toBe('fail');
  });
  it('"will be told" is the promise of a ticked "Tell the bidders"; "will not be told" fails', () => {
    expect(decideOn('The bidders will be told', 'android-withdraw-swap-listing-dialog')).toBe(
      'assert org.railwayclub.swaps:id/notify_bidders_checkbox',
    );
    expect(decideOn('The bidders will not be told', 'android-withdraw-swap-listing-dialog')).toBe('fail');
  });
});

describe('"I\'ll be notified when I\'m next", "Check the order will be packed in a … box" (session 16)', () => {
  it('reads "\'ll" as "will", and a sentence ending in "box" as a check, not a box to tick', () => {
    expect(decideOn("Make sure I'll be notified when I'm next", 'ios-repair-cafe')).toBe('assert notifyNextSwitch');
    expect(decideOn('Check the order will be packed in a separate allergen-safe box', 'ios-allergy-bakery-order')).toBe(
      'assert safeBoxSwitch',
    );
  });

  it('fails another promise, one whose switch is off, and the opposite', () => {
    expect(decideOn("Make sure I'll be emailed when I'm next", 'ios-repair-cafe')).toBe('fail');
    expect(decideOn('Check the order will be packed in a plain box', 'ios-allergy-bakery-order')).toBe('fail');
    expect(decideOn("Check I'll be texted when it is ready", 'ios-allergy-bakery-order')).toBe('fail');
    expect(decideOn("Check the order won't be packed in a separate allergen-safe box", 'ios-allergy-bakery-order')).toBe('fail');
  });
});

describe('"Let the lock keeper know" tells the lock keeper (session 16)', () => {
  it('passes "will be told" or "informed" by the ticked box, never another person or another verb', () => {
    expect(decideOn('Make sure the lock keeper will be told', 'android-end-mooring-dialog')).toBe(
      'assert uk.co.towpath.moorings:id/lock_keeper_checkbox',
    );
    expect(decideOn('Make sure the lock keeper will be informed', 'android-end-mooring-dialog')).toBe(
      'assert uk.co.towpath.moorings:id/lock_keeper_checkbox',
    );
    expect(decideOn('Make sure the harbour master will be told', 'android-end-mooring-dialog')).toBe('fail');
    expect(decideOn('Make sure the lock keeper will be paid', 'android-end-mooring-dialog')).toBe('fail');
  });
});

describe("a statement in a switch's words is a check of its state, never a tap (session 16)", () => {
  it('passes an on switch, fails an off one, fails "don\'t" of an on one, and words of no switch', () => {
    expect(decideOn('Phone calls stream to the hearing aids', 'android-hearing-aid-settings')).toBe(
      'assert com.clearsound.hearing:id/call_streaming_switch',
    );
    expect(decideOn('A text reminder comes the day before', 'ios-hair-salon-booking')).toBe('fail');
    expect(decideOn("Check phone calls don't stream to the hearing aids", 'android-hearing-aid-settings')).toBe('fail');
    expect(decideOn('Music streams to the hearing aids', 'android-hearing-aid-settings')).toBe('fail');
  });
});

describe("the present passive of a switch's imperative label (forty-eighth batch)", () => {
  it('"bookings are shared with the band" is the switch "Share bookings with the band" on', () => {
    expect(decideOn('Verify bookings are shared with the band', 'android-recording-studio-sessions')).toBe(
      'assert com.bandroom.studio:id/share_switch',
    );
    // Its state decides; another recipient is no label of it; a stating chip is not read this way (found by the
    // negate mutants: "pets are not allowed" over an unchecked "Pets allowed" chip).
    expect(decideOn('Verify bookings are not shared with the band', 'android-recording-studio-sessions')).toBe('fail');
    expect(decideOn('Verify sessions are recorded to multitrack', 'android-recording-studio-sessions')).toBe('fail');
    expect(decideOn('Verify bookings are shared with the studio', 'android-recording-studio-sessions')).toBe('fail');
    expect(decideOn('Check that pets are not allowed', 'android-flat-listing')).toBe('fail');
  });
});

describe('getting a text is being texted (session 19)', () => {
  it('"I get a text if the sale is rained off" by the switch "Text me if it\'s rained off", on', () => {
    expect(decideOn('Make sure I get a text if the sale is rained off', 'android-car-boot-sale-pitches')).toBe(
      'assert uk.co.ashdownbootfair.app:id/rain_switch',
    );
  });
  it('fails "I don\'t get a text" of that switch on, another way of telling, and another event', () => {
    expect(decideOn("Make sure I don't get a text if the sale is rained off", 'android-car-boot-sale-pitches')).toBe('fail');
    expect(decideOn('Check I get an email if the sale is rained off', 'android-car-boot-sale-pitches')).toBe('fail');
    expect(decideOn('Check I get a text if the sale is cancelled', 'android-car-boot-sale-pitches')).toBe('fail');
    // A negation in what the text is for (a negate mutant that kept its pass).
    expect(decideOn('Make sure I get a text if the sale is not rained off', 'android-car-boot-sale-pitches')).toBe('fail');
  });
});

describe('"helmets are being hired" (the fifty-second batch, session 19)', () => {
  it('is the switch "Helmet hire (£3 per driver)" on; "not being hired" fails', () => {
    expect(decideOn('Make sure helmets are being hired', 'android-go-karting-sessions')).toBe(
      'assert uk.co.thunderbowlkarting.app:id/helmet_switch',
    );
    expect(decideOn('Make sure helmets are not being hired', 'android-go-karting-sessions')).toBe('fail');
    expect(decideOn('Make sure videos are being hired', 'android-go-karting-sessions')).toBe('fail');
  });
});

describe('an extra offered per person, named in the plural (session 20)', () => {
  const screen = androidXml(
    text('Your bay', 200),
    extra('Add a hot chocolate each (£3.00)', 300, 'cocoa_switch', true),
    extra('Add a club hire per player', 450, 'clubs_switch', false),
  );
  const decide = (instruction: string) => {
    const { action } = decideOffline({ instruction, platform: 'android', hierarchyXml: screen });
    return action.type === 'assert' ? `assert ${action.target?.value}` : action.type;
  };
  it('offers the extra without "each" or "per player", and names it by its plural too', () => {
    expect(offeredName('Add a hot drink each (£2.50)')).toBe('hot drink');
    expect(decide('Make sure hot chocolates are included')).toBe('assert app:id/cocoa_switch');
    expect(decide('Check club hires are included')).toBe('fail');
    expect(decide('Make sure chocolates are included')).toBe('fail');
  });
});
