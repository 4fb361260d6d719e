/**
 * The fifth round's readings of actions named by what they do (issue 25): a dialog's button named
 * by the object of "send" / "submit", a dialog closed by a verb of closing, "get" before a control's
 * name, an option named last after a verb of choosing, "a new", "as a PDF", "the … control", a
 * noun of the control's verb, and a to-do ticked off. Each with its traps (another option, a name
 * the screen does not show, no dialog up, a state already set). Screens are built here with other
 * words than the corpus screens, so the rules are tested, not the corpus.
 */
import { describe, expect, it } from 'vitest';
import { androidScreen as android, type N, text, title } from './android-test-screens.js';
import { parseHierarchy } from './hierarchy.js';
import { locate } from './locators.js';
import { decideOffline } from './offline-model.js';
import { decideOn } from './testing/corpus-decisions.js';

/** "tap <id or label>", "done", or "fail". */
const decide = (instruction: string, screen: string) => {
  const { action } = decideOffline({ instruction, platform: 'android', hierarchyXml: screen });
  if (action.type !== 'tap') return action.type;
  const parsed = parseHierarchy(screen, 'android');
  if (!parsed.ok || !action.target) return 'tap ?';
  const el = locate(parsed.elements, action.target);
  return `tap ${el?.resourceId.replace(/^app:id\//, '') || el?.text || el?.contentDesc}`;
};

const button = (label: string, id: string, x: number, y: number, width = 300): N => ({
  cls: 'android.widget.Button',
  b: [x, y, x + width, y + 120],
  text: label,
  id,
  click: true,
});
/** An Android alert's panel over the screen: its title, a message and its buttons. */
const dialog = (heading: string, message: string, ...buttons: N[]): N => ({
  cls: 'android.widget.LinearLayout',
  b: [60, 800, 1020, 1500],
  id: 'parentPanel',
  kids: [text(heading, 840, 'alertTitle', 100), text(message, 940, 'message', 100), ...buttons],
});
const tickRow = (y: number, name: string, checked: boolean): N => ({
  cls: 'android.widget.LinearLayout',
  b: [0, y, 1080, y + 140],
  id: 'todo_row',
  click: true,
  kids: [
    { cls: 'android.widget.CheckBox', b: [32, y + 30, 112, y + 110], id: 'todo_check', click: true, checked },
    text(name, y + 40, 'todo_name', 140),
  ],
});
const list = (...rows: N[]): N => ({ cls: 'androidx.recyclerview.widget.RecyclerView', b: [0, 300, 1080, 1200], id: 'todos', kids: rows });

/** A text field at height `y` holding `value`. */
const field = (y: number, id: string, value: string): N => ({
  cls: 'android.widget.EditText',
  b: [100, y, 980, y + 110],
  text: value,
  id,
  click: true,
});

describe('a dialog addressed by what its buttons do', () => {
  const flag = android(
    title('Comments'),
    button('Report', 'report_tab', 48, 400),
    dialog('Report this post', 'Tell us what is wrong.', button('Cancel', 'cancel', 100, 1300), button('Report', 'confirm', 600, 1300)),
  );
  it('taps the button named by the object of "send" / "submit"', () => {
    expect(decide('Send the report', flag)).toBe('tap confirm');
    expect(decide('Submit the report', flag)).toBe('tap confirm');
  });
  it('never taps for another object, nor without a dialog up', () => {
    expect(decide('Send the feedback', flag)).toBe('fail');
    expect(decide('Send the abuse report', flag)).toBe('fail');
    const noDialog = android(title('Comments'), button('Report', 'report_tab', 48, 400));
    expect(decide('Send the report', noDialog)).toBe('fail');
  });
  it('closes the dialog by its one button that does nothing, never another', () => {
    expect(decide('Dismiss the dialog', flag)).toBe('tap cancel');
    expect(decide('Close the popup without reporting', flag)).toBe('tap cancel');
    expect(decide('Close the dialog and report', flag)).toBe('fail');
    // Two buttons that close it: which one is meant is not said.
    const two = android(
      title('Comments'),
      dialog('Turn on alerts?', 'Get a ping for replies.', button('Not now', 'later', 100, 1300), button('Close', 'close', 600, 1300)),
    );
    expect(decide('Close the popup without saving', two)).toBe('fail');
  });
  it('reads "from the dialog" as where the button is', () => {
    const draft = android(
      title('Drafts'),
      dialog(
        'Discard this draft?',
        'It cannot be recovered.',
        button('Keep', 'keep', 100, 1300),
        button('Delete draft', 'delete', 600, 1300),
      ),
    );
    expect(decide('Delete the draft from the dialog', draft)).toBe('tap delete');
    expect(decide('Delete the photo from the dialog', draft)).toBe('fail');
  });
});

describe('an option named last after a verb of choosing', () => {
  const review = android(
    title('Review'),
    text('Your answer', 300, 'answer_label'),
    text('Mia is your walker today', 380, 'walker'),
    button('Again', 'again', 48, 600, 200),
    button('Hard', 'hard', 300, 600, 200),
    button('Good', 'good', 552, 600, 200),
    button('£2', 'tip_2', 48, 800, 200),
    button('£5', 'tip_5', 300, 800, 200),
  );
  it('taps the one control whose whole label ends the instruction', () => {
    expect(decide('Rate the answer Good', review)).toBe('tap good');
    expect(decide('Tip Mia £5', review)).toBe('tap tip_5');
  });
  it('never taps an option not there, for a thing the screen does not name, or a label two controls share', () => {
    expect(decide('Rate the answer Perfect', review)).toBe('fail');
    expect(decide('Tip Mia £3', review)).toBe('fail');
    expect(decide('Tip Leo £5', review)).toBe('fail');
    expect(decide('Rate the holiday Good', review)).toBe('fail');
    const twice = android(
      title('Review'),
      text('Your answer', 300),
      button('Good', 'good_1', 48, 600, 200),
      button('Good', 'good_2', 300, 600, 200),
    );
    expect(decide('Rate the answer Good', twice)).toBe('fail');
  });
});

describe('controls named by what they do, in the words testers use', () => {
  const home = android(
    title('Museum trip'),
    text('City Museum', 300, 'place'),
    button('Directions to Museum', 'directions', 48, 500, 600),
    button('Add stop', 'add_stop', 48, 700),
    button('Start Heating', 'heating', 48, 900),
    button('Export PDF', 'export', 48, 1100),
    button('Start Navigation', 'navigate', 48, 1300),
  );
  it('reads "get" before a control\'s name, "a new", "as a PDF", "the … control" and a noun of the verb', () => {
    expect(decide('Get directions to the museum', home)).toBe('tap directions');
    expect(decide('Add a new stop', home)).toBe('tap add_stop');
    expect(decide('Start the heating control', home)).toBe('tap heating');
    expect(decide('Export the trip as a PDF', home)).toBe('tap export');
    expect(decide('Start navigating to the museum', home)).toBe('tap navigate');
  });
  it('never for another thing, format or action', () => {
    expect(decide('Get directions to the station', home)).toBe('fail');
    expect(decide('Get directions to the museum shop', home)).toBe('fail');
    expect(decide('Add a new traveller', home)).toBe('fail');
    expect(decide('Start the cooling control', home)).toBe('fail');
    expect(decide('Export the trip as a CSV', home)).toBe('fail');
    expect(decide('Start recording the trip', home)).toBe('fail');
  });
});

describe('a to-do ticked off by its box', () => {
  const todos = android(title('Today'), list(tickRow(300, 'Water the plants', false), tickRow(440, 'Call the bank', true)));
  it('ticks an unticked one, is done for one already ticked, and unticks "as not done"', () => {
    expect(decide('Tick off water the plants', todos)).toBe('tap todo_check');
    expect(decide('Mark Water the plants as done', todos)).toBe('tap todo_check');
    expect(decide('Mark Call the bank as done', todos)).toBe('done');
    expect(decide('Mark Call the bank as not done', todos)).toBe('tap todo_check');
  });
  it('fails for a to-do not on the list', () => {
    expect(decide('Mark Pay rent as done', todos)).toBe('fail');
    expect(decide('Tick off feed the cat', todos)).toBe('fail');
  });
});

describe('turning something up or down, and a qualifier of the name left out', () => {
  const heater = android(
    title('Bedroom heater'),
    text('19.5°', 300, 'current'),
    { cls: 'android.widget.ImageButton', b: [48, 500, 200, 650], desc: 'Lower set temperature', id: 'down', click: true },
    { cls: 'android.widget.ImageButton', b: [880, 500, 1032, 650], desc: 'Raise set temperature', id: 'up', click: true },
    button('Skip ahead 10 minutes', 'ahead', 48, 800, 600),
    button('Skip back 5 minutes', 'back', 48, 900, 600),
    { cls: 'android.widget.ImageButton', b: [48, 1000, 200, 1150], desc: 'More portions', id: 'more', click: true },
  );
  it('reads "turn X up / down", "increase", "reduce" as the control that raises or lowers X', () => {
    expect(decide('Turn the temperature up', heater)).toBe('tap up');
    expect(decide('Turn down the temperature', heater)).toBe('tap down');
    expect(decide('Reduce the temperature', heater)).toBe('tap down');
    expect(decide('Increase the portions', heater)).toBe('tap more');
  });
  it('never for another thing, nor with another word in place of the one left out', () => {
    expect(decide('Turn the fan up', heater)).toBe('fail');
    expect(decide('Skip back 10 minutes', heater)).toBe('fail');
    expect(decide('Raise the humidity', heater)).toBe('fail');
  });
});

describe('a note about the tester before the action', () => {
  const cards = android(title('Deck'), button('Again', 'again', 48, 600, 200), button('Good', 'good', 300, 600, 200));
  it('is set aside: the action after it is done', () => {
    expect(decide('I forgot this one, tap Again', cards)).toBe('tap again');
    expect(decide("I've got it; press Good", cards)).toBe('tap good');
  });
  it('never drops a condition, and the action still needs its control', () => {
    expect(decide('If I forgot this one, tap Again', cards)).toBe('fail');
    expect(decide('I forgot it when the timer ran out, tap Again', cards)).toBe('fail');
    expect(decide('I forgot this one, tap Hard', cards)).toBe('fail');
  });
});

describe('what a dialog mentions', () => {
  const visit = android(
    title('Appointments'),
    text('Dr. Rui Almeida · Thu 4 Dec', 300, 'behind'),
    dialog(
      'Cancel visit?',
      'Your visit with Dr. Sofia Brandão on Fri 5 Dec will be cancelled. Syncs with Health Connect.',
      button('Keep', 'keep', 100, 1300),
      button('Cancel visit', 'cancel_visit', 600, 1300),
    ),
  );
  const checked = (instruction: string) => {
    const { action } = decideOffline({ instruction, platform: 'android', hierarchyXml: visit });
    return action.type === 'assert' ? `assert ${action.target?.value}` : action.type;
  };
  it('passes on the words inside one of its texts, a person by title and surname', () => {
    expect(checked('Check that the dialog mentions Health Connect')).toBe('assert app:id/message');
    expect(checked('Verify the dialog mentions Dr. Brandão')).toBe('assert app:id/message');
  });
  it('fails on words it does not have whole, another surname, or a name only behind it', () => {
    expect(checked('Check that the dialog mentions Health')).toMatch(/^assert/);
    expect(checked('Check that the dialog mentions Google Fit')).toBe('fail');
    expect(checked('Check that the dialog mentions Connect Health')).toBe('fail');
    expect(checked('Verify the dialog mentions Dr. Sofia Almeida')).toBe('fail');
    expect(checked('Verify the dialog mentions Dr. Almeida')).toBe('fail');
    expect(checked('Check that the dialog mentions Heal')).toBe('fail');
  });
});

describe("a field named by its kind only, or as the dialog's", () => {
  const rename = android(
    title('Devices'),
    field(300, 'search', 'Search devices'),
    dialog(
      'Rename lamp',
      'Pick a name you will recognise.',
      field(1150, 'lamp_name', 'Desk lamp'),
      button('Cancel', 'cancel', 100, 1300),
      button('Save', 'save', 600, 1300),
    ),
  );
  const typed = (instruction: string, screen: string) => {
    const { action } = decideOffline({ instruction, platform: 'android', hierarchyXml: screen });
    return action.type === 'type' ? `type ${action.text} into ${action.target?.value}` : action.type;
  };
  it("types into the dialog's one field, or the screen's one field, when only the kind is named", () => {
    expect(typed("Type Reading lamp into the dialog's text field", rename)).toMatch(/^type Reading lamp into .*lamp_name/);
    expect(typed('Type Reading lamp into the text field', rename)).toMatch(/^type Reading lamp into .*lamp_name/);
    const search = android(title('Devices'), field(300, 'search', 'Search devices'));
    expect(typed('Type lamp into the text box', search)).toMatch(/^type lamp into .*search/);
  });
  it('fails with no dialog up, or with several fields and none named', () => {
    const search = android(title('Devices'), field(300, 'search', 'Search devices'));
    expect(typed("Type lamp into the dialog's text field", search)).toBe('fail');
    const two = android(title('Devices'), field(300, 'search', 'Search devices'), field(500, 'note', 'Add a note'));
    expect(typed('Type lamp into the text box', two)).toBe('fail');
  });
  it('checks what a field was filled in as, by a word of its label', () => {
    const form = android(title('Your details'), text('Full name', 300, 'name_label'), {
      cls: 'android.widget.EditText',
      b: [48, 360, 1032, 470],
      text: 'Rui Costa',
      id: 'full_name',
      click: true,
      desc: 'Full name',
    });
    const checked = (instruction: string) => decideOffline({ instruction, platform: 'android', hierarchyXml: form }).action.type;
    expect(checked('Check that my name is filled in as Rui Costa')).toBe('assert');
    expect(checked('Check that my name is filled in as Rui Cota')).toBe('fail');
    expect(checked('Check that my phone is filled in as Rui Costa')).toBe('fail');
  });
});

describe('a check while a dialog is up is first read as what the dialog says', () => {
  const memo = android(
    title('Recordings'),
    list(tickRow(300, 'Recording 7', false)),
    text('3:42', 340, 'length_behind', 800),
    dialog('Recording 7', '3:42 · 2 Mar 2026', button('Share', 'share', 100, 1300), button('Cancel', 'cancel', 600, 1300)),
  );
  const checked = (instruction: string) => {
    const { action } = decideOffline({ instruction, platform: 'android', hierarchyXml: memo });
    return action.type === 'assert' ? `assert ${action.target?.value}` : action.type;
  };
  it("passes on the dialog's own text, minutes and seconds spelled out as the clock writes them", () => {
    expect(checked('Check the recording is 3 minutes 42 seconds long')).toBe('assert app:id/message');
    expect(checked('Check the recording is 3:42 long')).toBe('assert app:id/message');
  });
  it('fails another duration', () => {
    expect(checked('Check the recording is 3 minutes 24 seconds long')).toBe('fail');
    expect(checked('Check the recording is 4 minutes 42 seconds long')).toBe('fail');
  });
});

describe('more of what testers write about dialogs, switches and lists', () => {
  const rename = android(
    title('Devices'),
    dialog(
      'Rename lamp',
      'Pick a name you will recognise.',
      field(1150, 'lamp_name', 'Desk lamp'),
      button('Cancel', 'cancel', 100, 1300),
      button('Save', 'save', 600, 1300),
    ),
  );
  const act = (instruction: string, screen: string, platform: 'android' | 'ios' = 'android') => {
    const { action } = decideOffline({ instruction, platform, hierarchyXml: screen });
    if (action.type === 'type') return `type ${action.text}`;
    if (action.type === 'assert') return `assert ${action.target?.value}`;
    if (action.type === 'tap') return `tap ${action.target?.value}`;
    return action.type;
  };
  it('types the new name of "Rename X to Y" into the one field, and checks the name a field holds', () => {
    expect(act('Rename the lamp to "Reading lamp"', rename)).toBe('type Reading lamp');
    expect(act('Check that the lamp is currently named Desk lamp', rename)).toBe('assert app:id/lamp_name');
    expect(act('Check that the lamp is currently named Floor lamp', rename)).toBe('fail');
    expect(act('Check that the kettle is currently named Desk lamp', rename)).toBe('fail');
    expect(act('Rename the lamp to "Reading lamp"', android(title('Devices'), field(300, 'a', 'A'), field(500, 'b', 'B')))).toBe('fail');
  });
  it('reads "a menu of actions for X" as a dialog of three or more buttons whose title names X', () => {
    const sheet = android(
      title('Photos'),
      dialog(
        'Beach trip',
        '24 photos',
        button('Share', 'share', 100, 1250),
        button('Move', 'move', 400, 1250),
        button('Delete', 'delete', 700, 1250),
      ),
    );
    expect(act('A menu of actions for the beach trip is shown', sheet)).toMatch(/^assert/);
    expect(act('Check that an action sheet is shown', sheet)).toMatch(/^assert/);
    expect(act('A menu of actions for the city trip is shown', sheet)).toBe('fail');
    expect(act('Check that a menu of actions is shown', rename)).toBe('fail');
    const confirm = android(
      title('Group'),
      dialog(
        'Leave the group?',
        'Admins will see that you left.',
        {
          cls: 'android.widget.CheckBox',
          b: [100, 1150, 980, 1230],
          text: 'Also delete chat history',
          id: 'also',
          click: true,
          checked: false,
        },
        button('Cancel', 'cancel', 100, 1300),
        button('Leave', 'leave', 600, 1300),
      ),
    );
    expect(act('Check that a menu of actions is shown', confirm)).toBe('fail');
    expect(act('Check that a menu of actions is shown', android(title('Photos')))).toBe('fail');
  });
  it("names a switch by its label's first part and the noun the screen's title gives what it lists", () => {
    const sw = (y: number, label: string, id: string, checked: boolean): N => ({
      cls: 'android.widget.Switch',
      b: [48, y, 1032, y + 120],
      text: label,
      id,
      click: true,
      checked,
    });
    const reminders = android(
      title('Reminder'),
      sw(300, 'Vitamins, daily, 08:00', 'r1', true),
      sw(450, 'Bins, Tuesdays, 19:00', 'r2', false),
    );
    expect(act('Verify the bins reminder is off', reminders)).toMatch(/^assert/);
    expect(act('Verify the bins reminder is on', reminders)).toBe('fail');
    expect(act('Verify the vitamins reminder is on', reminders)).toMatch(/^assert/);
    expect(act('Verify the daily reminder is on', reminders)).toBe('fail');
    expect(act('Verify the bins alarm is off', reminders)).toBe('fail');
  });
  it("reads each part after a comma of a row's text apart", () => {
    const stay = android(
      title('Your stay'),
      list(
        {
          cls: 'android.widget.LinearLayout',
          b: [0, 300, 1080, 420],
          id: 'in_row',
          kids: [text('Check-in', 310, 'in_label'), text('Sat 4 Jul, from 14:00', 310, 'in_value', 560)],
        },
        {
          cls: 'android.widget.LinearLayout',
          b: [0, 420, 1080, 540],
          id: 'out_row',
          kids: [text('Check-out', 430, 'out_label'), text('Mon 6 Jul, by 11:00', 430, 'out_value', 560)],
        },
      ),
    );
    expect(act('Check that check-in is on Saturday 4 July', stay)).toBe('assert app:id/in_value');
    expect(act('Check that check-in is on Saturday 5 July', stay)).toBe('fail');
    expect(act('Check that check-out is on Saturday 4 July', stay)).toBe('fail');
  });
  it('takes the noun of an iOS back button as what the screen is about', () => {
    const goal = `<?xml version="1.0" encoding="UTF-8"?><AppiumAUT><XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Saver" label="Saver" enabled="true" visible="true" accessible="false" x="0" y="0" width="390" height="844" index="0"><XCUIElementTypeWindow type="XCUIElementTypeWindow" enabled="true" visible="true" accessible="false" x="0" y="0" width="390" height="844" index="0"><XCUIElementTypeNavigationBar type="XCUIElementTypeNavigationBar" name="New bike" enabled="true" visible="true" accessible="false" x="0" y="47" width="390" height="44" index="0"><XCUIElementTypeButton type="XCUIElementTypeButton" name="BackButton" label="Goals" enabled="true" visible="true" accessible="true" x="8" y="47" width="80" height="44" index="0"/><XCUIElementTypeStaticText type="XCUIElementTypeStaticText" value="New bike" name="New bike" label="New bike" enabled="true" visible="true" accessible="true" x="140" y="58" width="110" height="22" index="1"/><XCUIElementTypeButton type="XCUIElementTypeButton" name="editButton" label="Edit" enabled="true" visible="true" accessible="true" x="330" y="47" width="44" height="44" index="2"/></XCUIElementTypeNavigationBar><XCUIElementTypeStaticText type="XCUIElementTypeStaticText" value="£300 of £900 saved" name="saved" label="£300 of £900 saved" enabled="true" visible="true" accessible="true" x="16" y="110" width="358" height="22" index="1"/></XCUIElementTypeWindow></XCUIElementTypeApplication></AppiumAUT>`;
    expect(act('Change the goal', goal, 'ios')).toBe('tap editButton');
    expect(act('Change the budget', goal, 'ios')).toBe('fail');
  });
});

describe('"turn X up" beside a control named "X up" (forty-second batch)', () => {
  it('taps it, and nothing for a thing no control names', () => {
    expect(decideOn('turn the volume up', 'android-hearing-aid-settings')).toBe('tap com.clearsound.hearing:id/volume_up');
    expect(decideOn('turn the volume down', 'android-hearing-aid-settings')).toBe('tap com.clearsound.hearing:id/volume_down');
    expect(decideOn('turn the bass up', 'android-hearing-aid-settings')).toBe('fail');
  });
});
