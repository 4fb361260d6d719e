/**
 * The readings that closed the blind batches' false passes (issue 25), each with its traps:
 * "X is missing" is judged by what the screen says of X (missing-claims.ts), a verb is never its
 * agent noun (lemmas.ts `agentNoun`), and a check about "the sheet" or "the dialog" is judged on
 * the dialog itself (modal-subject.ts), from the twenty-fifth and twenty-sixth batches; a text
 * with a subject of its own never speaks of another, and a control bidding an action never says
 * its state (paraphrase.ts), from the twenty-seventh and twenty-eighth; a state is never said by
 * when it will happen (claim-evidence.ts), a value named by its id is read in the row the check
 * places it in (value-assertions.ts) and a row's value is named, not the label leading into it
 * (paraphrase.ts), from the twenty-ninth and thirtieth. Screens are built here
 * with other words than the corpus screens, so the rules are tested, not the corpus.
 */
import { describe, expect, it } from 'vitest';
import { androidScreen as android, type N, text, title } from './android-test-screens.js';
import { agentNoun, sameStem } from './lemmas.js';
import { decideOffline } from './offline-model.js';
import { decideOn } from './testing/corpus-decisions.js';

/** A clickable list row: its name, then a status line. */
const row = (y: number, name: string, status: string): N => ({
  cls: 'android.widget.LinearLayout',
  b: [0, y, 1080, y + 160],
  id: 'claim_row',
  click: true,
  kids: [text(name, y + 10, 'claim_name'), text(status, y + 80, 'document_status')],
});
const list = (...rows: N[]): N => ({ cls: 'androidx.recyclerview.widget.RecyclerView', b: [0, 300, 1080, 1300], id: 'claims', kids: rows });

/** The decision in short: "fail", "absent <text>" (nothing shows it) or "assert <id or text>=<text shown>". */
const decide = (instruction: string, screen: string, platform: 'android' | 'ios' = 'android') => {
  const { action } = decideOffline({ instruction, platform, hierarchyXml: screen });
  if (action.type !== 'assert') return action.type;
  const t = action.target;
  if (!action.visible) return `absent ${t?.value}`;
  return `assert ${t?.value}${t && 'showing' in t && t.showing ? `=${t.showing}` : ''}`;
};

describe('"X is missing": what the screen says of X decides once it speaks of X', () => {
  // A travel claim: the Parking row's invoice is missing, the Ferry row's is on file; a banner sums it up.
  const claim = android(
    title('Travel claim'),
    list(
      row(300, 'Ferry', 'Invoice uploaded'),
      row(460, 'Parking', 'Invoice missing'),
      row(620, 'Fuel', 'No invoice'),
      row(780, 'Tolls', 'Invoice under review'),
    ),
    text('2 items have no invoice', 1400, 'warning'),
    text('Manager', 1500, 'manager_label'),
  );
  it('fails when the row it names says the thing is there (the false pass), however the check names the row', () => {
    expect(decide('Verify the ferry invoice is missing', claim)).toBe('fail');
    expect(decide('Check that the invoice for the ferry is missing', claim)).toBe('fail');
    expect(decide('Make sure the ferry invoice is absent', claim)).toBe('fail');
  });
  it('fails undecided when the rows disagree and none is named, the row named says neither, or no row is named so', () => {
    expect(decide('Verify the invoice is missing', claim)).toBe('fail');
    expect(decide('Verify the tolls invoice is missing', claim)).toBe('fail');
    expect(decide('Verify the hotel invoice is missing', claim)).toBe('fail');
  });
  it("passes on the row's own words saying it is missing", () => {
    expect(decide('Make sure the invoice for the parking is missing', claim)).toBe('assert Invoice missing');
    expect(decide('Check that the parking invoice is missing', claim)).toBe('assert Invoice missing');
    expect(decide('Verify the fuel invoice is missing', claim)).toBe('assert No invoice');
  });
  it('keeps the plain reading where the screen never names the thing, or names a control', () => {
    expect(decide('Verify the ferry receipt is missing', claim)).toBe('absent ferry receipt');
    expect(decide('Check that the Delete button is missing', claim)).toBe('absent Delete');
    expect(decide('Verify the ferry invoice is not shown', claim)).toBe('absent ferry invoice');
  });
  it('still fails when the text itself is shown', () => {
    expect(decide('Verify Parking is missing', claim)).toBe('fail');
  });
  it('reads only the part of a text that names the thing, and never "not needed" as missing', () => {
    const more = android(
      title('Travel claim'),
      list(
        row(300, 'Hotel', 'Invoice uploaded, no errors'),
        row(460, 'Taxi', 'No invoice needed'),
        row(620, 'Parking', 'Paid. No invoice'),
      ),
    );
    expect(decide('Verify the hotel invoice is missing', more)).toBe('fail');
    expect(decide('Verify the taxi invoice is missing', more)).toBe('fail');
    expect(decide('Verify the parking invoice is missing', more)).toBe('assert Paid. No invoice');
  });
  it('passes when every text about the thing says it is missing', () => {
    const one = android(title('Travel claim'), list(row(300, 'Parking', 'Invoice missing')));
    expect(decide('Verify the invoice is missing', one)).toBe('assert app:id/document_status=Invoice missing');
  });
});

describe('a verb is never its agent noun', () => {
  it('by stem: the verb and its doer are two words; the verb and its other nouns stay one family', () => {
    for (const [verb, doer] of [
      ['approved', 'Approver'],
      ['organised', 'Organiser'],
      ['managed', 'Manager'],
      ['translated', 'Translator'],
      ['uploaded', 'Uploader'],
    ] as const)
      expect(sameStem(verb.toLowerCase(), doer.toLowerCase()), `${verb} / ${doer}`).toBe(false);
    expect(sameStem('booked', 'bookings')).toBe(true);
    expect(sameStem('translated', 'translation')).toBe(true);
    expect(sameStem('registered', 'register')).toBe(true);
  });
  it('names the doer of a verb in any form, and never the verb itself ("Register", "Order")', () => {
    expect(agentNoun('owner', 'owned')).toBe(true);
    expect(agentNoun('runner', 'ran')).toBe(true);
    expect(agentNoun('editors', 'editing')).toBe(true);
    expect(agentNoun('creator', 'creates')).toBe(true);
    expect(agentNoun('charger', 'charging')).toBe(true);
    expect(agentNoun('register', 'registered')).toBe(false);
    expect(agentNoun('order', 'ordered')).toBe(false);
    expect(agentNoun('answer', 'answered')).toBe(false);
  });
  const draft = android(
    title('Leave request'),
    text('Draft', 300, 'request_status'),
    text('Approver', 400, 'approver_label'),
    text('Dana Whitfield', 460, 'approver_value'),
    text('Organiser', 560, 'organiser_label'),
    text('Team Events', 620, 'organiser_value'),
  );
  it('fails a claim of a past action over a label naming its doer (the false pass and its kin)', () => {
    expect(decide('Check that the request has been approved', draft)).toBe('fail');
    expect(decide('Verify the request was approved', draft)).toBe('fail');
    expect(decide('Check that the request has been organised', draft)).toBe('fail');
  });
  it('passes the same claim over a status that says it, and reads the doer as a label', () => {
    const approved = android(title('Leave request'), text('Approved', 300, 'request_status'), text('Approver', 400, 'approver_label'));
    expect(decide('Check that the request has been approved', approved)).toBe('assert app:id/request_status=Approved');
    expect(decide('Check that the approver is Dana Whitfield', draft)).toBe('assert app:id/approver_value=Dana Whitfield');
  });
});

const escapeIos = (t: string) => t.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
/** [type, name, label/value, y, height, children] */
type I = [string, string, string, number, number, I[]?];
const renderIos = ([type, name, label, y, h, kids = []]: I, i: number): string => {
  const value = type === 'StaticText' ? ` value="${escapeIos(label)}"` : '';
  const attrs = `type="XCUIElementType${type}" name="${escapeIos(name)}" label="${escapeIos(label)}"${value} enabled="true" visible="true" accessible="true" x="0" y="${y}" width="390" height="${h}" index="${i}"`;
  return `<XCUIElementType${type} ${attrs}>${kids.map(renderIos).join('')}</XCUIElementType${type}>`;
};
const ios = (...windows: I[][]) =>
  `<?xml version="1.0" encoding="UTF-8"?><AppiumAUT>${renderIos(['Application', 'Notes', 'Notes', 0, 844, windows.map((kids) => ['Window', '', '', 0, 844, kids] as I)], 0)}</AppiumAUT>`;
const s = (t: string, y: number, name = t): I => ['StaticText', name, t, y, 24];
const cell = (n: number, t: string, y: number): I => [
  'Cell',
  `note_${n}`,
  '',
  y,
  64,
  [s(t, y + 8, `noteTitle_${n}`), s(`${n + 3} Mar`, y + 36, `noteDate_${n}`)],
];
const notesList: I[] = [
  ['NavigationBar', 'Notes', '', 47, 44, [s('Notes', 58, 'navTitle')]],
  ['Table', '', '', 91, 300, [cell(0, 'Shopping list', 91), cell(1, 'Packing list', 155), cell(2, 'Book ideas', 219)]],
];
const sheet = (forNote: string): I[] => [
  [
    'Sheet',
    forNote,
    forNote,
    468,
    368,
    [
      s(forNote, 470, 'sheetTitle'),
      ['Button', 'Pin', 'Pin', 520, 50],
      ['Button', 'Delete Note', 'Delete Note', 570, 50],
      ['Button', 'Cancel', 'Cancel', 730, 56],
    ],
  ],
];
const alert = (forNote: string): I[] => [
  [
    'Alert',
    `Delete “${forNote}”?`,
    `Delete “${forNote}”?`,
    300,
    200,
    [s(`Delete “${forNote}”?`, 310, 'alertTitle'), ['Button', 'Delete', 'Delete', 440, 44]],
  ],
];

describe('a check about the sheet or the dialog is judged on the dialog itself', () => {
  const withSheet = ios(notesList, sheet('Shopping list'));
  it('fails on a row behind the sheet, whatever the words for the dialog (the false pass and its kin)', () => {
    expect(decide('Check the sheet is for Book ideas', withSheet, 'ios')).toBe('fail');
    expect(decide('Check the action sheet shows Packing list', withSheet, 'ios')).toBe('fail');
    expect(decide('Verify the menu is for Book ideas', withSheet, 'ios')).toBe('fail');
    expect(decide('Check the dialog is for Book ideas', withSheet, 'ios')).toBe('fail');
    expect(decide('Check the popup is about Packing list', withSheet, 'ios')).toBe('fail');
  });
  it("passes on the sheet's own text, never on the row of the same name behind it", () => {
    expect(decide('Check the sheet is for Shopping list', withSheet, 'ios')).toMatch(/^assert (?:sheetTitle|Shopping list)/);
    expect(decide('Check the action sheet shows Shopping list', withSheet, 'ios')).toMatch(/^assert (?:sheetTitle|Shopping list)/);
    expect(decide('Check the sheet is for Shopping list', withSheet, 'ios')).not.toMatch(/noteTitle_0/);
  });
  it('an alert likewise: its own title, never the list behind it', () => {
    const withAlert = ios(notesList, alert('Packing list'));
    expect(decide('Check the alert is for Book ideas', withAlert, 'ios')).toBe('fail');
    expect(decide('Check the alert is about Shopping list', withAlert, 'ios')).toBe('fail');
    expect(decide('Check the alert is about Packing list', withAlert, 'ios')).toMatch(/^assert (?!noteTitle)/);
    expect(decide('Check the alert is for Packing list', withAlert, 'ios')).toMatch(/^assert (?!noteTitle)/);
  });
  it('leaves a check of the screen behind, not worded about the dialog, as it was', () => {
    expect(decide('Check that Book ideas is shown', ios(notesList), 'ios')).toMatch(/^assert noteTitle_2/);
  });
});

describe('a text with a subject of its own never speaks of a subject the screen names nowhere (twenty-eighth batch)', () => {
  // A confirmation: its message says what happens to the saved cards, nothing of photos or contacts.
  const wipe = android(
    title('Clear wallet'),
    text('Saved cards will be removed.', 400, 'message'),
    text('Loyalty points stay on your account', 500, 'detail'),
  );
  it('fails on a claim about another subject in the same words (the false pass), plainly or reported', () => {
    expect(decide('Check that my photos will be deleted', wipe)).toBe('fail');
    expect(decide('Verify the message says my photos will be deleted', wipe)).toBe('fail');
    expect(decide('Check that my contacts will be removed', wipe)).toBe('fail');
  });
  it('passes when the claim names the text’s own subject, in other words for its verb', () => {
    expect(decide('Check that saved cards will be deleted', wipe)).toBe('assert app:id/message=Saved cards will be removed.');
    expect(decide('Verify the message says the saved cards will be removed', wipe)).toBe(
      'assert app:id/message=Saved cards will be removed.',
    );
  });
  it('still lets a claim name what a text without a subject speaks of ("the parcel is out for delivery")', () => {
    const tracking = android(title('Tracking'), text('Out for delivery', 400, 'status'), text('Arriving by 18:00', 500, 'eta'));
    expect(decide('Check the parcel is out for delivery', tracking)).toBe('assert app:id/status=Out for delivery');
  });
});

describe('a control that bids an action ("Set reminder") never says its state ("a reminder is set"); one that names the state does', () => {
  const programme = (y: number, name: string, bell: string): N => ({
    cls: 'android.widget.LinearLayout',
    b: [0, y, 1080, y + 160],
    id: 'show_row',
    click: true,
    kids: [
      text(name, y + 10, 'show_name'),
      text('21:00', y + 80, 'show_time'),
      { cls: 'android.widget.ImageButton', b: [900, y + 40, 1040, y + 120], id: 'bell', desc: bell, click: true },
    ],
  });
  const guide = android(
    title('Tonight'),
    list(programme(300, 'Harbour Lights', 'Set reminder'), programme(460, 'Quiz Night', 'Reminder set')),
  );
  it('fails on the row whose button only offers to set it (the false pass)', () => {
    expect(decide('Verify a reminder is set for Harbour Lights', guide)).toBe('fail');
    expect(decide('Check that the reminder is set for Harbour Lights', guide)).toBe('fail');
  });
  it('keeps reading a state on a control whose label says it', () => {
    expect(decide('Check that a reminder is set for Quiz Night', guide)).toMatch(/^assert /);
  });
});

/** A list row of these texts (name first), each with its own id. */
const textRow = (y: number, ...texts: Array<[string, string]>): N => ({
  cls: 'android.widget.LinearLayout',
  b: [0, y, 1080, y + 160],
  id: 'row',
  click: true,
  kids: texts.map(([t, id], i) => text(t, y + 10 + i * 70, id)),
});

describe('a state is never said by when it will happen ("Opens at 07:00" is not open) (twenty-ninth batch)', () => {
  const centre = android(
    title('Leisure centre'),
    list(
      textRow(300, ['Pool', 'facility_name'], ['Opens at 07:00', 'facility_status']),
      textRow(460, ['Sauna', 'facility_name'], ['Open', 'facility_status']),
      textRow(620, ['Gym', 'facility_name'], ['Closes at 22:00', 'facility_status']),
    ),
  );
  it('fails a state claimed over its time to come (the false pass), either way round', () => {
    expect(decide('Verify the pool is open', centre)).toBe('fail');
    expect(decide('Check the gym is closed', centre)).toBe('fail');
  });
  it('passes the state shown, and the time to come claimed as such', () => {
    expect(decide('Verify the sauna is open', centre)).toMatch(/^assert (?:app:id\/facility_status=)?Open$/);
    expect(decide('Verify the pool opens at 07:00', centre)).toMatch(/^assert (?:app:id\/facility_status=)?Opens at 07:00$/);
    expect(decide('Check the gym closes at 22:00', centre)).toMatch(/^assert (?:app:id\/facility_status=)?Closes at 22:00$/);
  });
});

describe('a value named only by its id is read in the row the check places it in (twenty-ninth batch)', () => {
  // "wait" is in no text, only in the ids: the label the developer gave the value.
  const lifts = android(
    title('Lifts'),
    list(
      textRow(300, ['Gondola Alpin', 'lift_name'], ['5 min', 'lift_wait']),
      textRow(460, ['Chairlift Berg', 'lift_name'], ['15 min', 'lift_wait']),
    ),
  );
  it("fails on another row's value (the false pass)", () => {
    expect(decide('Check the wait for the Gondola Alpin is 15 min', lifts)).toBe('fail');
    expect(decide('Check the wait for Chairlift Berg is 5 min', lifts)).toBe('fail');
  });
  it("passes on the placed row's own value, and unplaced when only one shows it", () => {
    expect(decide('Check the wait for Chairlift Berg is 15 min', lifts)).toMatch(/^assert (?:app:id\/lift_wait=)?15 min$/);
    expect(decide('Check the wait is 15 min', lifts)).toMatch(/^assert (?:app:id\/lift_wait=)?15 min$/);
  });
});

describe('a row whose texts all name it is checked on the value, not on the label leading into it (thirtieth batch)', () => {
  const parcel = android(title('Parcel'), list(textRow(300, ['Delivered to', 'recipient_label'], ['Ana Ruiz', 'recipient_name'])));
  it('names the value after "Delivered to"', () => {
    expect(decide('Verify it was delivered to Ana Ruiz', parcel)).toBe('assert app:id/recipient_name=Ana Ruiz');
    expect(decide('Verify the parcel was delivered to Ana Ruiz', parcel)).toBe('assert app:id/recipient_name=Ana Ruiz');
  });
  it('still fails another name', () => {
    expect(decide('Verify it was delivered to Ana Diaz', parcel)).toBe('fail');
  });
});

describe('"the total" is never a value beside another label that only contains the word ("Subtotal")', () => {
  const line = (y: number, label: string, value: string, id: string): N => ({
    cls: 'android.widget.LinearLayout',
    b: [0, y, 1080, y + 70],
    kids: [text(label, y, `${id}_label`), text(value, y, `${id}_value`, 700)],
  });
  const basket = android(title('Basket'), line(400, 'Subtotal', '€50.00', 'subtotal'), line(480, 'Delivery', '€3.50', 'delivery'));
  it('fails the total claimed with the subtotal’s value when no Total is shown (the false pass)', () => {
    expect(decide('Check the total is €50.00', basket)).toBe('fail');
  });
  it('passes the subtotal itself, and the total where one is shown', () => {
    expect(decide('Check the subtotal is €50.00', basket)).toMatch(/^assert .*€50\.00$/);
    const withTotal = android(title('Basket'), line(400, 'Subtotal', '€50.00', 'subtotal'), line(560, 'Total', '€53.50', 'total'));
    expect(decide('Check the total is €53.50', withTotal)).toMatch(/^assert .*€53\.50$/);
    expect(decide('Check the total is €50.00', withTotal)).toBe('fail');
  });
});

describe('a claim about me is never said by a text about someone else (thirty-first batch)', () => {
  // An alert over the notes list: what happens to the other player, and to my rating.
  const resign: I[] = [
    [
      'Alert',
      'Leave the match?',
      'Leave the match?',
      300,
      200,
      [
        s('Leave the match?', 310, 'alertTitle'),
        s('Maya will take the match by forfeit. Your ranking will fall by 12 places.', 340, 'alertMessage'),
        ['Button', 'Leave', 'Leave', 440, 44],
      ],
    ],
  ];
  const screen = ios(notesList, resign);
  it('fails "I will take the match" over "Maya will take the match" (the false pass)', () => {
    expect(decide('Verify I will take the match by forfeit', screen, 'ios')).toBe('fail');
    expect(decide('Check that we will take the match by forfeit', screen, 'ios')).toBe('fail');
  });
  it('passes what the text says of the one it names, and of mine when it is addressed to me', () => {
    expect(decide('Verify Maya will take the match by forfeit', screen, 'ios')).toMatch(/^assert .*Maya will take the match/);
    expect(decide('Check that my ranking will fall by 12 places', screen, 'ios')).toMatch(/^assert .*Your ranking will fall/);
  });
});

describe('a denial denies the same thing (found by negating passing checks, session 12)', () => {
  it('fails "X is not Y" over a text whose "not" denies something else', () => {
    // "Your £8.50 entry fee will not be refunded after 6 March." (paraphrase.ts negationsAgree)
    expect(decideOn('Verify the entry fee is not £8.50', 'ios-withdraw-dog-show-entry-alert')).toBe('fail');
    // "Not charging · Charge limit 80%" (claim-evidence.ts deniedOf)
    expect(decideOn('Check the charge limit is not 80%', 'ios-car-app')).toBe('fail');
  });
  it('still passes the denial the text makes', () => {
    expect(decideOn('Verify the entry fee will not be refunded', 'ios-withdraw-dog-show-entry-alert')).toMatch(/^assert Your £8\.50/);
    expect(decideOn('Check the car is not charging', 'ios-car-app')).toBe('assert chargeStatus');
  });
});

describe('a switch named with what it is for ("texts for when the bike is ready")', () => {
  // "Text me when it is ready", a switch that is on. Found by negating a passing check.
  it('passes what its label says, its subject the label\'s "it"', () => {
    expect(decideOn('texts for when the bike is ready are switched on', 'android-bicycle-repair')).toBe(
      'assert com.spokeshop.app:id/ready_text_switch',
    );
  });
  it('fails what its label does not say, or denies', () => {
    expect(decideOn('texts for when the bike is not ready are switched on', 'android-bicycle-repair')).toBe('fail');
    expect(decideOn('texts for when the bike is stolen are switched on', 'android-bicycle-repair')).toBe('fail');
  });
});

describe('"not selected" of a text no one can choose', () => {
  // "3 of 4 meals chosen", a plain text. Found by negating a passing check.
  it('fails: its never being selected says nothing', () => {
    expect(decideOn('Check 3 of 4 meals are not chosen', 'ios-meal-kit-box')).toBe('fail');
  });
});

describe("who said it is the one the message's row names", () => {
  // Ana: "Who's bringing snacks?"; Ben: "I'll bring trail mix". Found by putting another row's name in a passing check.
  it("passes the sender's words, and fails them said by another", () => {
    expect(decideOn('Check that Ana asked who is bringing snacks', 'android-group-chat')).toBe("assert Who's bringing snacks?");
    expect(decideOn('Check that Ben said he will bring trail mix', 'android-group-chat')).toBe("assert I'll bring trail mix");
    expect(decideOn('Check that Ben asked who is bringing snacks', 'android-group-chat')).toBe('fail');
    expect(decideOn('Check that Ana said she will bring trail mix', 'android-group-chat')).toBe('fail');
  });
});

describe('a word that says the other state, time or direction (found by turning passing checks round, session 13)', () => {
  // claim-words.ts oppositesAgree, in all three readers of checks: row-claims.ts (the stock and Night Shift rows),
  // claim-evidence.ts ("4 am") and paraphrase.ts.
  it('fails "in stock" over "Out of stock", "on" over "Off", "4 am" over "4 pm", "turn on" over "Turn off"', () => {
    expect(decideOn('Make sure the queen marking cage is in stock', 'ios-beekeeping-supplies')).toBe('fail');
    expect(decideOn('Cherokee Purple is in stock', 'android-seed-library')).toBe('fail');
    expect(decideOn('Hellebore is in stock until 15 December', 'android-plant-nursery-order')).toBe('fail');
    expect(decideOn('Check that Night Shift is on until 22:00', 'ios-display-settings')).toBe('fail');
    expect(decideOn('Check that the parcel arrives today between 4 am and 6 pm', 'android-delivery-tracking')).toBe('fail');
    expect(decideOn('Check the alert asks to turn on chore reminders for Ella', 'ios-stop-chore-reminders-alert')).toBe('fail');
  });
  it('still passes the state the screen says', () => {
    expect(decideOn('Make sure the queen marking cage is out of stock', 'ios-beekeeping-supplies')).toBe('assert productStock_2');
    expect(decideOn('Check that Night Shift is off until 22:00', 'ios-display-settings')).toBe('assert Off Until 22:00');
    expect(decideOn('Check that the parcel arrives today between 4 pm and 6 pm', 'android-delivery-tracking')).toMatch(
      /^assert .*delivery_window/,
    );
  });
});

describe('a word between a number and the noun the text counts (found by turning passing checks round, session 13)', () => {
  // "550 points to Platinum" (paraphrase.ts countedNouns): "more" is what it says; another word is not said.
  it('fails "550 less points" and "550 purple points"; passes "550 more points"', () => {
    expect(decideOn('Check I need 550 less points for Platinum', 'android-rewards')).toBe('fail');
    expect(decideOn('Check I need 550 purple points for Platinum', 'android-rewards')).toBe('fail');
    expect(decideOn('Check I need 550 more points for Platinum', 'android-rewards')).toMatch(/^assert .*next_tier/);
  });
  it('still leaves out a counted noun before a verb: "the 06:15 flight lands at 08:55" over "06:15 – 08:55"', () => {
    expect(decideOn('Verify the 06:15 flight lands at 08:55', 'android-flight-results')).toMatch(/^assert /);
  });
});

describe('a superlative picks one of several: it is never an unnamed subject (session 13)', () => {
  // paraphrase.ts PICKING: "the dearest flight costs €89" had passed on the €89 flight, the cheapest.
  it('fails "the dearest flight costs €89", passes "the cheapest" beside its "Cheapest" tag', () => {
    expect(decideOn('Check that the dearest flight costs €89', 'android-flight-results')).toBe('fail');
    expect(decideOn('Check that the cheapest flight costs €89', 'android-flight-results')).toMatch(/^assert €89/);
  });
});

describe("a row that holds rows is read as those rows (found by swapping a value for another row's, session 13)", () => {
  // A scroll view's one layout holds the bill; its breakdown rows are "Energy €49.92", "Network charges €11.30" (row-claims.ts).
  it("fails a row's label with another row's value, passes its own", () => {
    expect(decideOn('Network charges are €49.92', 'android-utility-bill')).toBe('fail');
    expect(decideOn('Network charges are €7.18', 'android-utility-bill')).toBe('fail');
    expect(decideOn('Network charges are €11.30', 'android-utility-bill')).toMatch(/^assert .*€11\.30/);
  });
});

describe('a number in another unit (found by turning units round, session 13)', () => {
  // claim-words.ts oppositesAgree: "46.2 GB used of 64 GB", "3h 35m · Nonstop".
  it('fails "46.2 MB" over "46.2 GB" and "35 hours" over "35m"; passes the units shown', () => {
    expect(decideOn('Check that 46.2 MB of 64 GB is used', 'android-storage')).toBe('fail');
    expect(decideOn('Check that the AeroPort flight takes 3 hours 35 hours', 'android-flight-results')).toBe('fail');
    expect(decideOn('Check that 46.2 GB of 64 GB is used', 'android-storage')).toMatch(/^assert .*storage_summary/);
    expect(decideOn('Check that the AeroPort flight takes 3 hours 35 minutes', 'android-flight-results')).toMatch(/^assert /);
  });
});

describe('numbers keep their places (found by swapping two numbers of a passing check, session 13)', () => {
  it('fails a row whose numbers come in the other order (row-claims.ts)', () => {
    expect(decideOn('Make sure Ellen Mary has 5 of its 3 seats taken', 'ios-rowing-club-outings')).toBe('fail');
    expect(decideOn('Check the 08:15 ferry arrives at 07:30', 'android-ferry-timetable')).toBe('fail');
    expect(decideOn('Verify the pickup code is 920 583', 'android-parcel-locker')).toBe('fail');
    expect(decideOn('Check the 07:30 ferry arrives at 08:15', 'android-ferry-timetable')).toMatch(/^assert /);
  });
  it("fails a number beside a word the row gives another of the claim's numbers (paraphrase.ts)", () => {
    expect(decideOn('Check Washer 23 has 2 minutes left', 'android-laundry-booking')).toBe('fail');
    expect(decideOn('Check that Invoice 2 has 2291 attachments', 'android-inbox-list')).toBe('fail');
    expect(decideOn('Check that Spin 3 has 45 spots left', 'android-gym-classes')).toBe('fail');
    expect(decideOn('Make sure the 4 note mentions 13:05 glucose tablets', 'android-glucose-diary')).toBe('fail');
  });
  it('still passes each number beside its own words, in either order of the sentence', () => {
    expect(decideOn('Check Washer 2 has 23 minutes left', 'android-laundry-booking')).toMatch(/^assert /);
    expect(decideOn('Check that Invoice 2291 has 2 attachments', 'android-inbox-list')).toMatch(/^assert /);
    expect(decideOn('Check that 3 spots are left in the 07:00 Spin 45 class', 'android-gym-classes')).toMatch(/^assert /);
    expect(decideOn('Make sure the 13:05 note mentions 4 glucose tablets', 'android-glucose-diary')).toMatch(/^assert /);
  });
});

describe('a name the screen shows nowhere (found by swapping a shown name for an unknown one, session 13)', () => {
  // paraphrase.ts unnamedSubject: a word written with a capital is a name, never a subject left unsaid.
  it('fails what the screen says of another: "Tiramisu is sold out" is not said of a name it never shows', () => {
    expect(decideOn('Check that Quillon is sold out', 'android-restaurant-menu')).toBe('fail');
    expect(decideOn('Check that a Quillon costs €9.50', 'android-restaurant-menu')).toBe('fail');
    expect(decideOn('Check Quillon is in the bath', 'ios-dog-grooming-queue')).toBe('fail');
    expect(decideOn('Check Quillon is in stage 4', 'ios-swim-progress')).toBe('fail');
    expect(decideOn('Verify the dialog says Quillon edits to Red Mug will be lost.', 'android-discard-dialog')).toBe('fail');
  });
  it('fails a confirmation to act on another name than the dialog asks about (assertions.ts)', () => {
    expect(decideOn('A confirmation to unmatch Quillon is shown', 'android-unmatch-dialog')).toBe('fail');
    expect(decideOn('A confirmation to unmatch Sam is shown', 'android-unmatch-dialog')).toBe('assert android:id/alertTitle');
  });
  it('still passes a common noun the screen does not repeat, and the names it shows', () => {
    expect(decideOn('Check that Tiramisu is sold out', 'android-restaurant-menu')).toMatch(/^assert /);
    expect(decideOn('Check Biscuit is in the bath', 'ios-dog-grooming-queue')).toMatch(/^assert /);
    expect(decideOn('Check Freddie is in stage 4', 'ios-swim-progress')).toMatch(/^assert /);
  });
});

describe('a row that says the opposite of a word of the subject (session 13)', () => {
  // The tides: "Low · 11:58 · 1.1 m" (row-claims.ts, claim-words.ts oppositesAgree over the whole row).
  it('fails "the high tide at 11:58" on the low tide\'s row; a claim with both words of a pair opposes neither', () => {
    expect(decideOn('Verify the high tide at 11:58 is 1.1 m', 'ios-tide-times')).toBe('fail');
    expect(decideOn('Verify the low tide at 11:58 is 1.1 m', 'ios-tide-times')).toMatch(/^assert /);
    expect(decideOn('Check The Great Bake Off is on BBC One', 'android-tv-guide')).toMatch(/^assert /);
  });
});

describe('what is still to do is not done (session 14)', () => {
  // "£22.00 collected, £14.00 to collect" (claim-words.ts stillToDo, used by every reader of checks).
  const kitty = android(title('Quiz night'), text('4 teams · 18 players · £22.00 collected, £14.00 to collect', 400, 'totals'));
  it('fails "£14.00 has been collected" and "£22.00 is still to collect"; passes what the text says', () => {
    expect(decide('Check that £14.00 has been collected', kitty)).toBe('fail');
    expect(decide('Check that £22.00 is still to collect', kitty)).toBe('fail');
    expect(decide('Check that £22.00 has been collected', kitty)).toMatch(/^assert /);
    expect(decide('Check that £14.00 is still to collect', kitty)).toMatch(/^assert /);
  });
  it('reads a sentence that starts with an amount as a check (instruction-grammar.ts STATEMENT)', () => {
    expect(decide('£22.00 has been collected', kitty)).toMatch(/^assert /);
    expect(decide('£14.00 has been collected', kitty)).toBe('fail');
    expect(decide('18 players are in the quiz', kitty)).toMatch(/^assert /);
    expect(decide('19 players are in the quiz', kitty)).toBe('fail');
  });
});

describe('the chosen tab names what the screen is (session 14)', () => {
  const item = (label: string, x: number, selected: boolean): N => ({
    cls: 'com.google.android.material.bottomnavigation.BottomNavigationItemView',
    b: [x, 2200, x + 360, 2330],
    click: true,
    selected,
    kids: [text(label, 2260, 'nav_label', x + 40)],
  });
  const screen = (chosen: string) =>
    android(title('Market Square'), text('Updated 08:42', 400, 'updated'), {
      cls: 'com.google.android.material.bottomnavigation.BottomNavigationView',
      b: [0, 2200, 1080, 2330],
      id: 'nav',
      kids: [item('Departures', 0, chosen === 'Departures'), item('Arrivals', 360, chosen === 'Arrivals')],
    });
  it("leaves the chosen tab's word unsaid, as the title's (paraphrase.ts chosenTabs)", () => {
    expect(decide('Check the departures were updated at 08:42', screen('Departures'))).toBe('assert app:id/updated=Updated 08:42');
    expect(decide('Check the departures were updated at 08:24', screen('Departures'))).toBe('fail');
  });
  it('never a tab the screen shows but has not chosen', () => {
    expect(decide('Check the departures were updated at 08:42', screen('Arrivals'))).toBe('fail');
  });
});

describe("a row's count is not the whole's (session 14)", () => {
  // One wine's row says "2 bottles"; the summary outside the rows says the cellar's 15 (paraphrase.ts rowCountForWhole).
  const cellar = android(
    title('Cellar'),
    text('15 bottles · 2 ready to drink', 250, 'summary'),
    list(row(300, 'Rioja Reserva 2018', '2 bottles'), row(500, 'Malbec 2021', '6 bottles')),
  );
  it('fails "the cellar has 2 bottles" on one row\'s "2 bottles"; passes the summary\'s 15', () => {
    expect(decide('Check the cellar has 2 bottles', cellar)).toBe('fail');
    expect(decide('Check the cellar has 15 bottles', cellar)).toBe('assert app:id/summary=15 bottles · 2 ready to drink');
  });
});

describe('a text that opens on a thing and its measure speaks of that thing in every part (session 18)', () => {
  // The greenhouse log: the line about the heater goes on in lower case after its reading; the gate line's parts are
  // fields of their own (paraphrase.ts says, claim-evidence.ts ofItsHead, verdict-text.ts measuredHead).
  const log = android(
    title('Greenhouse'),
    text('Heater 18.5 °C · serviced on 3 May by Ravi', 300, 'heater_line'),
    text('Gate 14 · Departs 11:05', 400, 'times_line'),
  );
  it("fails a claim about a subject the screen names nowhere over the heater's line", () => {
    expect(decide('Check the boiler was serviced on 3 May by Ravi', log)).toBe('fail');
    expect(decide('Check the pump was serviced on 3 May by Ravi', log)).toBe('fail');
  });
  it('passes it of the heater itself, or of no subject at all', () => {
    expect(decide('Check the heater was serviced on 3 May by Ravi', log)).toBe(
      'assert app:id/heater_line=Heater 18.5 °C · serviced on 3 May by Ravi',
    );
    expect(decide('Check it was serviced on 3 May by Ravi', log)).toBe(
      'assert app:id/heater_line=Heater 18.5 °C · serviced on 3 May by Ravi',
    );
  });
  it('reads a part that is a field of its own as before', () => {
    expect(decide('Check the flight departs at 11:05', log)).toBe('assert app:id/times_line=Gate 14 · Departs 11:05');
    expect(decide('Check the flight departs at 11:50', log)).toBe('fail');
  });
});

describe('a date named by its weekday, and what a total comes to (session 18)', () => {
  // claim-evidence.ts monthsOfWeekdays; lexicon.ts totalsAsWords.
  const order = android(
    title('Order 1182'),
    text('3 items · total £74.20', 250, 'summary'),
    text('Pick-up Thu 19 Jun, 16:30', 330, 'pickup'),
    text('Deposit £20.00', 410, 'deposit'),
  );
  it('passes the weekday and time of a date shown with its day and month', () => {
    expect(decide('Check the pick-up is on Thursday at 16:30', order)).toBe('assert app:id/pickup=Pick-up Thu 19 Jun, 16:30');
  });
  it('never another weekday or time', () => {
    expect(decide('Check the pick-up is on Friday at 16:30', order)).toBe('fail');
    expect(decide('Check the pick-up is on Thursday at 17:30', order)).toBe('fail');
  });
  it('reads "comes to £74.20 altogether" as the total, never another amount', () => {
    expect(decide('Make sure the order comes to £74.20 altogether', order)).toBe('assert app:id/summary=3 items · total £74.20');
    expect(decide('Make sure the order comes to £20 altogether', order)).toBe('fail');
  });
});

describe('a row named by the end of its title and a word for what it is, or as what it has (row-claims.ts, session 18)', () => {
  const item = (y: number, name: string, status: string, id: string): N => ({
    cls: 'android.widget.LinearLayout',
    b: [0, y, 1080, y + 200],
    id: 'item_row',
    kids: [text(name, y + 10, `${id}_name`), text(status, y + 80, `${id}_status`)],
  });
  const repairs = android(
    title('Repairs'),
    list(
      item(300, 'Leather work boots', 'Resole Mon 16 Jun, 10:00', 'boots'),
      item(520, 'Canvas tote bag', 'Zip fitting Wed 18 Jun, 15:30', 'bag'),
    ),
  );
  it('passes "the boots job" and "the boots resole" of the row of "Leather work boots"', () => {
    expect(decide('Check the boots job is on Monday at 10:00', repairs)).toMatch(/^assert app:id\/boots_status/);
    expect(decide('Check the boots resole is on Monday at 10:00', repairs)).toMatch(/^assert app:id\/boots_status/);
  });
  it("never another row's time, nor a row no title ends with", () => {
    expect(decide('Check the boots resole is on Wednesday at 15:30', repairs)).toBe('fail');
    expect(decide('Check the bag resole is on Monday at 10:00', repairs)).toBe('fail');
    expect(decide('Check the belt job is on Monday at 10:00', repairs)).toBe('fail');
  });
});

describe("an option that is off, and money going where the words did not all say (session 20's fifty-third batch)", () => {
  const toggle = (label: string, y: number, id: string, on: boolean): N => ({
    cls: 'android.widget.Switch',
    b: [48, y, 1040, y + 70],
    text: label,
    id,
    click: true,
    checked: on,
  });
  const pets = android(
    title('Boarding'),
    list(
      {
        cls: 'android.widget.LinearLayout',
        b: [0, 300, 1080, 500],
        id: 'pet_row',
        kids: [text('Rolo · rabbit', 310, 'rolo_name'), toggle('Hay top-ups (+£1 a day)', 380, 'hay_rolo', false)],
      },
      {
        cls: 'android.widget.LinearLayout',
        b: [0, 520, 1080, 720],
        id: 'pet_row',
        kids: [text('Fudge · rabbit', 530, 'fudge_name'), toggle('Hay top-ups (+£1 a day)', 600, 'hay_fudge', true)],
      },
      {
        cls: 'android.widget.LinearLayout',
        b: [0, 740, 1080, 940],
        id: 'alarm_row',
        kids: [text('06:45', 750, 'alarm_time'), text('Feeding', 800, 'alarm_name'), toggle('Feeding, 06:45', 820, 'alarm_feeding', false)],
      },
    ),
  );
  it('never passes what an off switch only offers, and passes it of the row whose switch is on', () => {
    expect(decide('Check Rolo is on hay top-ups', pets)).toBe('fail');
    expect(decide('Check Fudge is on hay top-ups', pets)).toMatch(/^assert app:id\/hay_fudge/);
  });
  it('still reads what other texts of the row say beside an off switch', () => {
    expect(decide('Check the feeding alarm is at 06:45', pets)).toMatch(/^assert app:id\/alarm_time/);
  });
  const withdraw = android(title('Race entries'), {
    cls: 'android.widget.TextView',
    b: [60, 900, 1020, 1200],
    text: 'Your place goes back to the ballot, and £40.00 of your £50.00 entry goes back to your club account.',
    id: 'message',
  });
  it('keeps every word of where the money goes, however the words are read', () => {
    expect(decide('Make sure the refund goes back to my card', withdraw)).toBe('fail');
    expect(decide('Make sure the refund goes back to my club account', withdraw)).toBe('assert app:id/message');
  });
});

describe('the half of the day of a time a label leads into (left open in session 20, closed in 21)', () => {
  const club = android(
    title('Choir'),
    text('Rehearsal: Tuesdays 6:45 pm', 400, 'rehearsal_time'),
    text('Warm-up: Sundays 8:15 am', 500, 'warmup_time'),
  );
  it('never passes a morning time over the evening one shown, however the morning is said', () => {
    expect(decide('Check rehearsal is Tuesdays at 6:45 am', club)).toBe('fail');
    expect(decide('Check that rehearsal is Tuesdays 6:45 in the morning', club)).toBe('fail');
    expect(decide('Check warm-up is Sundays at 8:15 pm', club)).toBe('fail');
  });
  it('passes the time as shown, with its half of the day or without it', () => {
    expect(decide('Check rehearsal is Tuesdays at 6:45 pm', club)).toBe('assert app:id/rehearsal_time=Rehearsal: Tuesdays 6:45 pm');
    expect(decide('Check rehearsal is Tuesdays 6:45 in the evening', club)).toBe(
      'assert app:id/rehearsal_time=Rehearsal: Tuesdays 6:45 pm',
    );
    expect(decide('Check rehearsal is Tuesdays at 6:45', club)).toBe('assert app:id/rehearsal_time=Rehearsal: Tuesdays 6:45 pm');
    expect(decide('Check warm-up is Sundays at 8:15 am', club)).toBe('assert app:id/warmup_time=Warm-up: Sundays 8:15 am');
  });
});
