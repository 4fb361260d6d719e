/**
 * A control "for" a list row named by its weekday and what it is (target-choice.ts `nearAnchor`, with
 * named-row-controls.ts `rowNamedBy`): "Open the notes for the Thursday lesson" beside "Thursdays 18:00 – 18:45", a
 * weekly row written in the plural. Traps: a day no row has, a row named as what it is not.
 */
import { describe, expect, it } from 'vitest';
import { androidScreen, button, row, text, title } from './android-test-screens.js';
import { decideOffline } from './offline-model.js';

const week = androidScreen(title('Riding lessons'), {
  cls: 'androidx.recyclerview.widget.RecyclerView',
  b: [0, 300, 1080, 1300],
  id: 'lessons',
  kids: [
    row(300, 'lesson_row', [text('Tuesdays 17:00 – 17:45 · flatwork', 310, 'tue_name'), button('Notes', 330, 'notes_tue')]),
    row(520, 'lesson_row', [text('Thursdays 18:00 – 18:45 · jumping', 530, 'thu_name'), button('Notes', 550, 'notes_thu')]),
    row(740, 'lesson_row', [text('Sat 14 Jun · 10:00 · hack', 750, 'sat_name'), button('Notes', 770, 'notes_sat')]),
  ],
});
/** The decision in short on `screen`: "tap <id>", or the action's type. */
const tappedOn = (screen: string) => (instruction: string) => {
  const { action } = decideOffline({ instruction, platform: 'android', hierarchyXml: screen });
  return action.type === 'tap' ? `tap ${action.target?.value}` : action.type;
};
const tapped = tappedOn(week);

describe('a control for a row named by its day', () => {
  it('taps the control of the row the day and its kind name, weekly rows in the plural too', () => {
    expect(tapped('Open the notes for the Thursday lesson')).toBe('tap app:id/notes_thu');
    expect(tapped('Open the notes for Thursday')).toBe('tap app:id/notes_thu');
    expect(tapped('Open the notes for the Saturday hack')).toBe('tap app:id/notes_sat');
  });
  it('taps nothing for a day no row has, nor for a row named as what it is not', () => {
    expect(tapped('Open the notes for the Friday lesson')).toBe('fail');
    expect(tapped('Open the notes for the Saturday jumping')).toBe('fail');
  });
});

describe('a control for a row named by some of its name, in order (the fifty-fifth batch, session 21)', () => {
  const boats = androidScreen(title('Day boats'), {
    cls: 'androidx.recyclerview.widget.RecyclerView',
    b: [0, 300, 1080, 1300],
    id: 'boats',
    kids: [
      row(300, 'boat_row', [
        text('Kestrel · Orkney Day Angler 19', 310, 'kestrel_name'),
        text('6 seats · outboard', 370),
        button('Hire', 330, 'hire_kestrel'),
      ]),
      row(520, 'boat_row', [
        text('Puffin · Orkney Coastliner 21', 530, 'puffin_name'),
        text('8 seats · cabin', 590),
        button('Hire', 550, 'hire_puffin'),
      ]),
      row(740, 'boat_row', [
        text('Heron · Wayfarer dinghy', 750, 'heron_name'),
        text('4 seats · oars', 810),
        button('Hire', 770, 'hire_heron'),
      ]),
    ],
  });
  const tapped = tappedOn(boats);
  it('taps the control of the one row whose name has the words, in order, others between', () => {
    expect(tapped('Tap Hire for the Orkney Angler')).toBe('tap app:id/hire_kestrel');
    expect(tapped('Tap Hire for the Coastliner')).toBe('tap app:id/hire_puffin');
    expect(tapped('Tap Hire for the Wayfarer')).toBe('tap app:id/hire_heron');
  });
  it("never for words two rows' names have, words out of order, nor a row's other texts", () => {
    expect(tapped('Tap Hire for the Orkney')).toBe('fail');
    expect(tapped('Tap Hire for the Angler Orkney')).toBe('fail');
    expect(tapped('Tap Hire for the cabin')).toBe('fail');
  });
});
