/**
 * The forty-ninth batch's readings of actions on list rows (session 18), on a screen worded apart from the corpus's:
 * when the action is for (chosen-when.ts), whom a control acts on ("Message Sam"), "whoever has …", a verb of the same
 * action ("grab" for "Book"). Each with its traps: a day not chosen, a part of the day no control or choice says, an end
 * of a range, a row without the control.
 */
import { describe, expect, it } from 'vitest';
import { androidScreen, button, type N, row, text, title } from './android-test-screens.js';
import { decideOffline } from './offline-model.js';

const chip = (label: string, x: number, id: string, chosen: boolean): N => ({
  cls: 'com.google.android.material.chip.Chip',
  b: [x, 260, x + 300, 340],
  text: label,
  id,
  click: true,
  checked: chosen,
});

// A rehearsal-room booking: Thursday chosen; room 1 bookable, room 2 only in the evening, room 3 taken by Priya.
const rooms = androidScreen(
  title('Book a room'),
  {
    cls: 'com.google.android.material.chip.ChipGroup',
    b: [0, 250, 1080, 350],
    id: 'days',
    kids: [chip('Wed 12 Mar', 0, 'chip_wed', false), chip('Thu 13 Mar', 320, 'chip_thu', true)],
  },
  {
    cls: 'androidx.recyclerview.widget.RecyclerView',
    b: [0, 400, 1080, 1200],
    id: 'room_list',
    kids: [
      row(400, 'room_row', [
        text('Room 1', 410, 'room_name'),
        text('Drum kit · 18:00 – 20:00', 470, 'room_info'),
        button('Book', 430, 'book_button'),
      ]),
      row(620, 'room_row', [
        text('Room 2', 630, 'room_name'),
        text('Piano room · 20:00 – 22:00', 690, 'room_info'),
        button('Book evening', 650, 'book_button'),
      ]),
      row(840, 'room_row', [
        text('Room 3', 850, 'room_name'),
        text('Vocal booth · taken', 910, 'room_info'),
        button('Message Priya', 870, 'message_button'),
      ]),
    ],
  },
);

/** "tap <id>#<nth of that id>", or the action's type. */
const decide = (instruction: string) => {
  const { action } = decideOffline({ instruction, platform: 'android', hierarchyXml: rooms });
  if (action.type !== 'tap' || !action.point) return action.type;
  const ys = [475, 695, 915];
  const i = ys.findIndex((y) => Math.abs(action.point!.y - y) < 60);
  return `tap row ${i + 1}`;
};

describe('when the action is for: the day the screen has chosen, or the part of the day the control says', () => {
  it('books room 1 for Thursday, the chosen chip', () => {
    expect(decide('Book room 1 for Thursday')).toBe('tap row 1');
    expect(decide('Book room 1 on Thursday')).toBe('tap row 1');
  });
  it('books room 2 for the evening, which its own control says', () => {
    expect(decide('Book the piano room for the evening')).toBe('tap row 2');
  });
  it('never reads away a day shown but not chosen, nor a part of the day nothing says', () => {
    expect(decide('Book room 1 for Wednesday')).toBe('fail');
    expect(decide('Book room 1 for the morning')).toBe('fail');
  });
});

describe('whom a control acts on, and "whoever has …"', () => {
  it('messages the one who has the vocal booth by the row\'s "Message Priya"', () => {
    expect(decide('Message room 3')).toBe('tap row 3');
    expect(decide('Message whoever has the vocal booth')).toBe('tap row 3');
    expect(decide('Message the person who booked room 3')).toBe('tap row 3');
  });
  it('never a row without such a control, and "whoever" is never a name stated of', () => {
    expect(decide('Message room 1')).toBe('fail');
    expect(decide('Message whoever has room 1')).toBe('fail');
  });
});

describe('a verb of the same action: "grab" is booking', () => {
  it('grabs a room by its Book', () => {
    expect(decide('Grab room 1')).toBe('tap row 1');
    expect(decide('Grab the piano room')).toBe('tap row 2');
  });
  it('never a row with no Book, and a range is named by its start, not its end', () => {
    expect(decide('Grab room 3')).toBe('fail');
    expect(decide('Book the 20:00 room')).toBe('tap row 2');
  });
});

describe("the title's word for what the rows are, after a row's name", () => {
  // "Studios near you": "the Drum kit studio" is the drum kit's row, whose control adds it to the basket.
  const studios = androidScreen(title('Studios near you'), {
    cls: 'androidx.recyclerview.widget.RecyclerView',
    b: [0, 400, 1080, 1200],
    id: 'studio_list',
    kids: [
      row(400, 'studio_row', [text('Drum kit · £12 an hour', 410, 'studio_info'), button('Add to basket', 430, 'add_button')]),
      row(620, 'studio_row', [text('Piano · £15 an hour', 630, 'studio_info'), button('Add to basket', 650, 'add_button')]),
    ],
  });
  const act = (instruction: string) => {
    const { action } = decideOffline({ instruction, platform: 'android', hierarchyXml: studios });
    return action.type === 'tap' && action.point ? `tap ${action.point.y < 600 ? 'drum kit' : 'piano'}` : action.type;
  };
  it('adds "the Piano studio" by the piano row\'s control', () => {
    expect(act('Add the Piano studio to my basket')).toBe('tap piano');
    expect(act('Add the Drum kit studios to the basket')).toBe('tap drum kit');
  });
  it('never a name no row shows', () => {
    expect(act('Add the Guitar studio to my basket')).toBe('fail');
  });
});

describe('a check that the screen is filtered on a choice (filter-claims.ts)', () => {
  // Thursday's chip is chosen, Wednesday's is not; "rooms" is what the title says the rows are.
  const check = (instruction: string) => {
    const { action } = decideOffline({
      instruction,
      platform: 'android',
      hierarchyXml: rooms.replace('text="Book a room"', 'text="Rooms this week"'),
    });
    return action.type === 'assert' ? `assert ${action.target?.value}` : action.type;
  };
  it('passes the chosen chip the rest names', () => {
    expect(check("Assert we're filtering on Thu 13 Mar rooms")).toBe('assert app:id/chip_thu');
    expect(check('Check the list is showing only Thu 13 Mar')).toBe('assert app:id/chip_thu');
  });
  it('fails a choice shown but not chosen, and one no choice names', () => {
    expect(check("Assert we're filtering on Wed 12 Mar rooms")).toBe('fail');
    expect(check("Assert we're filtering on Fri 14 Mar rooms")).toBe('fail');
  });
});

describe('"Favourite the …": the row\'s "Add … to favourites" (named-row-controls.ts controlForRow)', () => {
  const heart = (y: number, name: string): N => ({
    cls: 'android.widget.ImageButton',
    b: [960, y, 1060, y + 90],
    desc: `Add ${name} to favourites`,
    id: 'favourite_button',
    click: true,
  });
  const lockers = androidScreen(title('Lockers'), {
    cls: 'androidx.recyclerview.widget.RecyclerView',
    b: [0, 400, 1080, 1200],
    id: 'locker_list',
    kids: [
      row(400, 'locker_row', [
        text('Locker 12', 410, 'locker_name'),
        text('Large · by the showers', 470, 'locker_info'),
        heart(430, 'Locker 12'),
      ]),
      row(620, 'locker_row', [text('Locker 14', 630, 'locker_name'), text('Small · by the door', 690, 'locker_info')]),
    ],
  });
  const act = (instruction: string) => {
    const { action } = decideOffline({ instruction, platform: 'android', hierarchyXml: lockers });
    return action.type === 'tap' && action.target ? `tap ${action.target.value}` : action.type;
  };
  it('favourites the row named by what it shows, its kind said after it', () => {
    expect(act('Favourite the large locker')).toBe('tap app:id/favourite_button');
    expect(act('Add the large locker to my favourites')).toBe('tap app:id/favourite_button');
  });
  it('never a row without the control, nor a kind the row does not show', () => {
    expect(act('Favourite the small locker')).toBe('fail');
    expect(act('Favourite the large cupboard')).toBe('fail');
  });
});
