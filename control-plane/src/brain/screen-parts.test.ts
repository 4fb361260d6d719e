/**
 * A screen named by its parts (screen-parts.ts): the title, whose it is, the day chosen, the app's
 * name. Traps: a day whose tab is not chosen, another person or place, a word the screen shows
 * nowhere near its title.
 */
import { describe, expect, it } from 'vitest';
import { decideOn } from './testing/corpus-decisions.js';

const check = decideOn;

describe('a screen named by its parts', () => {
  it('takes the day from the chosen tab or chip, never from one not chosen', () => {
    expect(check("Check that today's classes are shown", 'android-gym-classes')).toBe('assert com.example.app:id/day_today');
    expect(check("Today's TV guide is shown", 'android-tv-guide')).toMatch(/^assert /);
    expect(check("Check that tomorrow's classes are shown", 'android-gym-classes')).toBe('fail');
    expect(check("Today's workouts are shown", 'android-gym-classes')).toBe('fail');
    expect(check("Tomorrow's TV guide is shown", 'android-tv-guide')).toBe('fail');
  });

  it('takes the day from the title when the title is the day, the rest from what it says around it', () => {
    expect(check("Today's habits are shown", 'android-habit-tracker')).toMatch(/^assert /);
    expect(check("Yesterday's habits are shown", 'android-habit-tracker')).toBe('fail');
    expect(check("Today's goals are shown", 'android-habit-tracker')).toBe('fail');
  });

  it('takes whose or where from a heading under the title, whole or one of its parts', () => {
    expect(check("Noah Fischer's grades are shown", 'android-school-grades')).toMatch(/^assert /);
    expect(check("Lena Kowalski's vaccination record is shown", 'android-vaccination-record')).toMatch(/^assert /);
    expect(check('Tide times for St Ives Bay are shown', 'ios-tide-times')).toMatch(/^assert /);
    expect(check("Mia Fischer's grades are shown", 'android-school-grades')).toBe('fail');
    expect(check("Noah Fischer's attendance history is shown", 'android-school-grades')).toBe('fail');
    expect(check("Lena Kowalski's prescriptions are shown", 'android-vaccination-record')).toBe('fail');
    expect(check('Tide times for Newquay are shown', 'ios-tide-times')).toBe('fail');
    expect(check('Surf times for St Ives Bay are shown', 'ios-tide-times')).toBe('fail');
  });

  it('takes a name before the head as whose, and a title that says the day and the head together', () => {
    expect(check('The Hollins Park scorecard is shown', 'android-golf-scorecard')).toMatch(/^assert /);
    expect(check("Today's checklist at Marsh Lane Nature Reserve is shown", 'ios-bird-sightings')).toMatch(/^assert /);
    expect(check("Leo's chores for this week are shown", 'android-chore-chart')).toMatch(/^assert /);
    expect(check('The Oak Hill scorecard is shown', 'android-golf-scorecard')).toBe('fail');
    // One word of "Hollins Park Golf Club" is too little to say whose.
    expect(check('The Hollins scorecard is shown', 'android-golf-scorecard')).toBe('fail');
    expect(check("Yesterday's checklist at Marsh Lane Nature Reserve is shown", 'ios-bird-sightings')).toBe('fail');
    expect(check("Ava's chores for this week are shown", 'android-chore-chart')).toBe('fail');
    expect(check("Leo's chores for next week are shown", 'android-chore-chart')).toBe('fail');
  });

  it("takes a word beyond the title's from the app's name or a noun for a kind of screen, nothing else", () => {
    expect(check('The kitchen timers screen is shown', 'ios-kitchen-timers')).toMatch(/^assert /);
    expect(check('The ferry timetable is shown', 'android-ferry-timetable')).toMatch(/^assert /);
    expect(check('The timer history screen is shown', 'ios-kitchen-timers')).toBe('fail');
    expect(check('The kitchen presets screen is shown', 'ios-kitchen-timers')).toBe('fail');
    // "settings" names the app's Settings screen (it has a Settings tab), not its Timers.
    expect(check('The kitchen timers settings screen is shown', 'ios-kitchen-timers')).toBe('fail');
    expect(check('The kitchen settings screen is shown', 'ios-kitchen-timers')).toBe('fail');
    expect(check('The ferry prices are shown', 'android-ferry-timetable')).toBe('fail');
    expect(check('The bus timetable is shown', 'android-ferry-timetable')).toBe('fail');
  });

  it('a title that says whose it is ("Your basket"), or the chosen tab of the tab bar, names the screen', () => {
    // The thirty-sixth batch's misses, and traps: a tab not chosen, a segment (a choice within the screen), a button.
    expect(decideOn('The basket screen is shown', 'android-plant-nursery-order')).toBe('assert com.greenroots.nursery:id/toolbar_title');
    expect(decideOn('The waiting lists screen is shown', 'ios-allotment-waiting-list')).toBe('assert Waiting Lists');
    expect(decideOn('The messages screen is shown', 'ios-allotment-waiting-list')).toBe('fail');
    expect(decideOn('The tenor screen is shown', 'ios-choir-rehearsals')).toBe('fail');
    expect(decideOn('The checkout screen is shown', 'android-plant-nursery-order')).toBe('fail');
  });
});

describe('"the X screen for Y": what the screen is for must be on it', () => {
  // The Repairs screen of "Flat 3, 18 Harbour Road". Found by changing a number of a passing check.
  it('passes for the place it shows, and fails another', () => {
    expect(decideOn('The repairs screen for Flat 3, 18 Harbour Road is shown', 'android-tenant-repairs')).toBe(
      'assert com.keyhouse.tenant:id/toolbar_title',
    );
    expect(decideOn('The repairs screen for Flat 4, 18 Harbour Road is shown', 'android-tenant-repairs')).toBe('fail');
    expect(decideOn('The repairs screen for 20 Oak Lane is shown', 'android-tenant-repairs')).toBe('fail');
  });
});

describe('a screen named by a kind of record, its app written as one word, its chosen tab (session 15)', () => {
  it('passes on the title or chosen tab, with "log", "history", "status" as kinds of screen', () => {
    expect(check("Today's log for Emma is shown", 'ios-baby-tracker')).toMatch(/^assert /);
    expect(check('My donation history is shown', 'ios-blood-donation')).toMatch(/^assert /);
    expect(check('The lift status screen is shown', 'ios-ski-lifts')).toMatch(/^assert /);
    // "BinDay" is "Bin Day": the bin collection days, under "Collections".
    expect(check('The bin collection days for 14 Larch Avenue are shown', 'ios-bin-collection')).toMatch(/^assert /);
    expect(check('The blood pressure log is shown', 'ios-blood-pressure')).toMatch(/^assert /);
    expect(check('Departures from Market Square are shown', 'android-bus-departures')).toMatch(/^assert /);
  });

  it('fails another whose, day, tab or thing', () => {
    expect(check("Today's log for Noah is shown", 'ios-baby-tracker')).toBe('fail');
    expect(check("Yesterday's log for Emma is shown", 'ios-baby-tracker')).toBe('fail');
    expect(check('My donation settings are shown', 'ios-blood-donation')).toBe('fail');
    expect(check('My appointment history is shown', 'ios-blood-donation')).toBe('fail');
    // "Slopes" is the tab not chosen.
    expect(check('The slope status screen is shown', 'ios-ski-lifts')).toBe('fail');
    expect(check('The bin collection days for 16 Larch Avenue are shown', 'ios-bin-collection')).toBe('fail');
    expect(check('The heart rate log is shown', 'ios-blood-pressure')).toBe('fail');
    expect(check('Arrivals from Market Square are shown', 'android-bus-departures')).toBe('fail');
    expect(check('Departures from Hill Street are shown', 'android-bus-departures')).toBe('fail');
  });
});
