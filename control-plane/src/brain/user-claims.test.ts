/**
 * The fifth round's readings of checks phrased about the user (issue 25): what I did, have or am
 * on, against the text that holds the same numbers and words, each with its traps (another
 * number, another thing, what the screen only names). Screens are built here with other words than
 * the corpus screens, so the rules are tested, not the corpus.
 */
import { describe, expect, it } from 'vitest';
import { androidScreen as android, type N, text, title } from './android-test-screens.js';
import { decideOffline } from './offline-model.js';
import { decideOn } from './testing/corpus-decisions.js';

/** The decision in short: "fail", "absent <text>" or "assert <text or id>". */
const decide = (instruction: string, screen: string) => {
  const { action } = decideOffline({ instruction, platform: 'android', hierarchyXml: screen });
  if (action.type !== 'assert') return action.type;
  const t = action.target;
  if (!action.visible) return `absent ${t?.value}`;
  return `assert ${t && 'showing' in t && t.showing ? t.showing : t?.value}`;
};

/** A list row ticked off by its checkbox: the box, the item's name, then its progress or amount. */
const tickRow = (y: number, name: string, detail: string, checked: boolean): N => ({
  cls: 'android.widget.LinearLayout',
  b: [0, y, 1080, y + 150],
  id: 'task_row',
  click: true,
  kids: [
    { cls: 'android.widget.CheckBox', b: [32, y + 35, 112, y + 115], id: 'task_check', click: true, checked },
    {
      cls: 'android.widget.LinearLayout',
      b: [140, y, 1048, y + 150],
      kids: [text(name, y + 20, 'task_name', 140), text(detail, y + 80, 'task_detail', 140)],
    },
  ],
});
const list = (...rows: N[]): N => ({ cls: 'androidx.recyclerview.widget.RecyclerView', b: [0, 400, 1080, 1400], id: 'tasks', kids: rows });
/** Two texts side by side on one line, in a layout of their own. */
const sideBySide = (y: number, left: string, right: string): N => ({
  cls: 'android.widget.LinearLayout',
  b: [48, y, 1032, y + 60],
  kids: [
    { cls: 'android.widget.TextView', b: [48, y, 540, y + 60], text: left, id: 'left' },
    { cls: 'android.widget.TextView', b: [540, y, 1032, y + 60], text: right, id: 'right' },
  ],
});

describe('a list row ticked off by a checkbox still says its progress', () => {
  const plan = android(
    title('Training plan'),
    sideBySide(230, '9-week streak', '3 of 4 sessions done'),
    list(
      tickRow(400, 'Swim lengths', '18 of 40 lengths', false),
      tickRow(550, 'Stretch', '15 min', true),
      tickRow(700, 'Cycle to work', '2 of 5 rides', false),
      tickRow(850, 'Drink green tea', '3 of 4 cups', false),
    ),
  );
  it('passes on the row holding the same numbers and words, the verb set aside in any tense', () => {
    expect(decide('Check that I swam 18 of 40 lengths', plan)).toBe('assert 18 of 40 lengths');
    expect(decide('Verify that I cycled 2 of 5 rides to work', plan)).toBe('assert 2 of 5 rides');
    // An irregular past ("drank" of "Drink") in an unticked row, while another row is ticked.
    expect(decide('Check that I drank 3 of 4 cups of green tea', plan)).toBe('assert 3 of 4 cups');
  });
  it('fails on another number, the whole for the part, or a thing the row does not name', () => {
    expect(decide('Check that I swam 40 lengths', plan)).toBe('fail');
    expect(decide('Check that I swam 17 of 40 lengths', plan)).toBe('fail');
    expect(decide('Check that I swam 18 of 40 lengths of butterfly', plan)).toBe('fail');
    expect(decide('Check that I cycled 3 of 5 rides to work', plan)).toBe('fail');
    expect(decide('Check that I drank 4 cups of green tea', plan)).toBe('fail');
    expect(decide('Check that I drank 3 of 4 cups of black tea', plan)).toBe('fail');
  });
});

describe('a to-do row says what is to be done: that the user did it needs its box ticked', () => {
  // The rows' texts are goals ("10 minutes"), not progress ("18 of 40"): only the ticked row's is done.
  const today = android(
    title('Today'),
    list(tickRow(400, 'Meditate', '10 minutes', false), tickRow(550, 'Walk', '30 minutes', true), tickRow(700, 'Read', '20 pages', false)),
  );
  it('fails a past action over an unticked row, however it is said (the false pass)', () => {
    expect(decide('Check that I meditated for 10 minutes', today)).toBe('fail');
    expect(decide('Verify I have meditated for 10 minutes', today)).toBe('fail');
    expect(decide('Check I read 20 pages', today)).toBe('fail');
  });
  it('passes it over the ticked row, and still reads an unticked row as its goal', () => {
    expect(decide('Verify I walked for 30 minutes', today)).toBe('assert 30 minutes');
    expect(decide('Check that the meditation goal is 10 minutes', today)).toBe('assert 10 minutes');
  });
});

describe('two statements side by side are no label and value', () => {
  const plan = android(title('Training plan'), sideBySide(230, '9-week streak', '3 of 4 sessions done'));
  it('passes on the one that says it', () => {
    expect(decide('Check I am on a 9-week streak', plan)).toBe('assert 9-week streak');
    expect(decide('Check that 3 of 4 sessions are done', plan)).toBe('assert 3 of 4 sessions done');
  });
  it('fails on another number or unit, or the words of the other', () => {
    expect(decide('Check I am on a 19-week streak', plan)).toBe('fail');
    expect(decide('Check I am on a 9-day streak', plan)).toBe('fail');
    expect(decide('Check that 4 of 4 sessions are done', plan)).toBe('fail');
    expect(decide('Check I am on a 9-week session streak', plan)).toBe('fail');
  });
});

describe('what the user has or did is not said by a text that only names it', () => {
  const pantry = android(
    title('Shopping'),
    list(tickRow(400, 'Basil', '1 pot', false), tickRow(550, 'Oat milk', '2 cartons', true)),
    text('1 of 2 items in your basket', 1500, 'basket_count'),
  );
  it('fails "I have X" over a row naming X, whatever its checkbox (the false pass)', () => {
    expect(decide('Check that I have the basil', pantry)).toBe('fail');
    expect(decide('Check that we have basil', pantry)).toBe('fail');
    expect(decide('Check that I still have the oat milk', pantry)).toBe('fail');
  });
  const savings = android(
    title('Rainy day fund'),
    list(
      {
        cls: 'android.widget.LinearLayout',
        b: [0, 400, 1080, 550],
        id: 'activity_row',
        kids: [
          text('Round-up', 410, 'activity_title'),
          text('Tue 3 Mar', 470, 'activity_date'),
          text('+£20.00', 430, 'activity_amount', 800),
        ],
      },
      {
        cls: 'android.widget.LinearLayout',
        b: [0, 550, 1080, 700],
        id: 'activity_row',
        kids: [
          text('Transfer in', 560, 'activity_title'),
          text('Fri 27 Feb', 620, 'activity_date'),
          text('+£100.00', 580, 'activity_amount', 800),
        ],
      },
    ),
  );
  it('never reads the verb after "I" as a kind of row: "I withdrew £20 on 3 March" is no round-up of £20 (the false pass)', () => {
    expect(decide('Check that I withdrew £20 on 3 March', savings)).toBe('fail');
    expect(decide('Check that we spent £20 on 3 March', savings)).toBe('fail');
  });
});

describe('a to-do is done when the checkbox of its row is ticked', () => {
  const today = android(
    title('Today'),
    list(
      tickRow(400, 'Stretch', '15 min', true),
      tickRow(550, 'Journal', '1 page', false),
      tickRow(700, 'Journal prompts', '3 ideas', true),
    ),
  );
  it('passes or fails on the state of the box in the row named whole', () => {
    // The box of the first, second or third row (the locator is the box's path in the list).
    expect(decide('Check that Stretch is done', today)).toMatch(/RecyclerView\[\d\]\/LinearLayout\[0\]\/CheckBox/);
    expect(decide('Verify Journal is not done yet', today)).toMatch(/RecyclerView\[\d\]\/LinearLayout\[1\]\/CheckBox/);
    expect(decide('Check that Journal is done', today)).toBe('fail');
    expect(decide('Verify Stretch is not done yet', today)).toBe('fail');
    expect(decide('Check that Journal prompts is completed', today)).toMatch(/RecyclerView\[\d\]\/LinearLayout\[2\]\/CheckBox/);
  });
  it('fails for a to-do not on the list or named by a part', () => {
    expect(decide('Check that Yoga is done', today)).toBe('fail');
    expect(decide('Check that Stret is done', today)).toBe('fail');
  });
});

describe('a checkbox placed straight in the screen labels nothing else there', () => {
  const receipt = android(
    title('Your ride'),
    text('€9.60 · 4.1 km · 14 min', 300, 'summary'),
    text('Station Road → Harbour Square', 380, 'route'),
    text('Your tip goes to your driver', 460, 'tip_note'),
    {
      cls: 'android.widget.CheckBox',
      b: [48, 600, 1032, 680],
      text: 'Save Harbour Square as a favourite place',
      id: 'save_place',
      click: true,
      checked: false,
    },
  );
  it("reads the screen's other texts, and a verb whose past is its present before an amount", () => {
    expect(decide('Check that the ride cost €9.60', receipt)).toBe('assert €9.60 · 4.1 km · 14 min');
    expect(decide('Check that the ride took 14 minutes', receipt)).toBe('assert €9.60 · 4.1 km · 14 min');
    expect(decide('Check that the ride went from Station Road to Harbour Square', receipt)).toBe('assert Station Road → Harbour Square');
  });
  it("fails another amount, another order, and the checkbox's label still says nothing of its state", () => {
    expect(decide('Check that the ride cost €6.90', receipt)).toBe('fail');
    expect(decide('Check that the ride cost $9.60', receipt)).toBe('fail');
    expect(decide('Check that the ride went from Harbour Square to Station Road', receipt)).toBe('fail');
    expect(decide('Check that Harbour Square is saved as a favourite place', receipt)).toBe('fail');
  });
});

describe('a rating as a screen shows it', () => {
  const place = android(
    title('Café Lume'),
    text('4.3 ★ (860 reviews) · 10–20 min', 250, 'meta'),
    list(tickRow(400, 'Flat white', '4.8 ★', false), tickRow(550, 'Banana bread', '€3.20', false)),
  );
  it('passes on the one rating outside the list, in stars or out of 5, and fails another number', () => {
    expect(decide('Check that the café is rated 4.3', place)).toBe('assert app:id/meta');
    expect(decide('Check that the café is rated 4.3 stars', place)).toBe('assert app:id/meta');
    expect(decide('Check that the café is rated 4.3 out of 5', place)).toBe('assert app:id/meta');
    expect(decide('Check that the café is rated 4.8', place)).toBe('fail');
    expect(decide('Check that the café is rated 4', place)).toBe('fail');
  });
  it("never reads it for one of the list's items, nor a bare number as a rating", () => {
    expect(decide('Check that the flat white is rated 4.3', place)).toBe('fail');
    const bare = android(title('Café Lume'), text('4.3', 250, 'score'));
    expect(decide('Check that the café is rated 4.3', bare)).not.toBe('assert 4.3');
  });
});

describe('names keep their order across a group of texts, as in one text', () => {
  const pair = (y: number, label: string, value: string, id: string): N => ({
    cls: 'android.widget.LinearLayout',
    b: [48, y, 1032, y + 80],
    id: `${id}_row`,
    kids: [
      { cls: 'android.widget.TextView', b: [48, y, 500, y + 80], text: label, id: `${id}_label` },
      { cls: 'android.widget.TextView', b: [540, y, 1032, y + 80], text: value, id: `${id}_value` },
    ],
  });
  const ticket = android(
    title('Train ticket'),
    text('Porto to Braga', 300, 'cities'),
    pair(480, 'Train', 'IC 521', 'train'),
    pair(560, 'Coach', '4', 'coach'),
  );
  it('passes in the order shown and fails the other way round (the false pass)', () => {
    expect(decide('Check that the train goes from Porto to Braga', ticket)).toBe('assert Porto to Braga');
    expect(decide('Check that the train goes from Braga to Porto', ticket)).toBe('fail');
  });
});

describe("a switch's label beside it in a larger layout says what the switch sets, not whether it is set", () => {
  const prefs = android(
    title('Notifications'),
    text('You can change these later.', 250, 'intro'),
    text('Weekly digest by email', 330, 'digest_label'),
    { cls: 'android.widget.Switch', b: [880, 330, 1032, 380], id: 'digest_switch', click: true, checked: false },
    text('3 devices signed in', 420, 'devices'),
  );
  it('never reads the label as the claim, while the other texts still say theirs', () => {
    expect(decide('Check that I get a weekly digest by email', prefs)).toBe('fail');
    expect(decide('Check that the weekly digest comes by email', prefs)).toBe('fail');
    expect(decide('Check that 3 devices are signed in', prefs)).toBe('assert 3 devices signed in');
  });
});

describe('a count of a whole as progress screens write it', () => {
  const rings = android(
    title('Today'),
    text('Move', 300, 'move_title'),
    text('310/450 kcal', 360, 'move_value'),
    text('Sleep', 440, 'sleep_title'),
    text('6 of 8 hr', 500, 'sleep_value'),
    text('Updated 12/06', 580, 'updated'),
  );
  it('reads "310/450 kcal" as "310 of 450 kcal"', () => {
    expect(decide('Check that I burned 310 of 450 kcal', rings)).toBe('assert 310/450 kcal');
    expect(decide('Check that I slept 6 of 8 hours', rings)).toBe('assert 6 of 8 hr');
  });
  it('never the whole for its part, another whole, or a date as a count', () => {
    expect(decide('Check that I burned 450 kcal', rings)).toBe('fail');
    expect(decide('Check that I slept 8 hours', rings)).toBe('fail');
    expect(decide('Check that I burned 310 of 500 kcal', rings)).toBe('fail');
    expect(decide('Check that it was updated 12 of 6', rings)).toBe('fail');
  });
});

describe('"I am <doing> on <a day>": who does it when, never the day alone', () => {
  // The car-pool week: Monday's driver is Priya, Tuesday's "You", Wednesday's Tom. Found by changing the day of a passing check.
  it('fails on a day whose row names another driver', () => {
    expect(decideOn("Check I'm driving on Monday", 'ios-school-carpool')).toBe('fail');
    expect(decideOn("Check I'm driving on Wednesday", 'ios-school-carpool')).toBe('fail');
  });
});

describe('"I am 4 over par": "over" is no kind of row', () => {
  // The scorecard says "+3"; hole 5's row says "Par 4". Found by changing the number of a passing check.
  it('never passes on a row showing the number and "Par"', () => {
    expect(decideOn('Verify I am 4 over par', 'android-golf-scorecard')).toBe('fail');
    expect(decideOn('Verify I am 3 under par', 'android-golf-scorecard')).toBe('fail');
  });
});
