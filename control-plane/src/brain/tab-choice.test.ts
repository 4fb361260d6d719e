/**
 * "Show tomorrow's tides", "Switch to Ava's chores" (tab-choice.ts): the tab, chip or segment named
 * by the part that picks it. Traps: a tab the screen does not have, a noun the screen never shows.
 */
import { describe, expect, it } from 'vitest';
import { decideOn } from './testing/corpus-decisions.js';

const decide = decideOn;

describe('a tab named by what it shows', () => {
  it('by whose or which day: the possessive', () => {
    expect(decide("Show tomorrow's tides", 'ios-tide-times')).toBe('tap Tomorrow');
    expect(decide("Show yesterday's matches", 'android-football-scores')).toBe('tap Yesterday');
    expect(decide("Switch to Ava's chores", 'android-chore-chart')).toBe('tap Ava');
    expect(decide("Show Mia's chores", 'android-chore-chart')).toBe('fail');
    expect(decide("Show tomorrow's weather", 'ios-tide-times')).toBe('fail');
    // One plural word the screen never says is what its list shows (session 14; it failed before, and testers write it).
    expect(decide("Show tomorrow's programmes", 'android-tv-guide')).toBe('tap Tomorrow');
    expect(decide("Show tomorrow's forecast", 'android-tv-guide')).toBe('fail');
    expect(decide("Show Friday's programmes", 'android-tv-guide')).toBe('fail');
  });

  it('by the words before the noun, or the whole', () => {
    expect(decide('Show the Term 2 grades', 'android-school-grades')).toBe('tap Term 2');
    expect(decide('Show diesel prices', 'android-fuel-prices')).toBe('tap Diesel');
    expect(decide('Show the slopes', 'ios-ski-lifts')).toBe('tap Slopes');
    expect(decide('Show the Term 3 grades', 'android-school-grades')).toBe('fail');
    expect(decide('Show hydrogen prices', 'android-fuel-prices')).toBe('fail');
    expect(decide('Show the pistes', 'ios-ski-lifts')).toBe('fail');
  });

  it('reads numbers written as words: "the back nine" is "Back 9"', () => {
    expect(decide('Switch to the back nine', 'android-golf-scorecard')).toBe('tap Back 9');
    expect(decide('Switch to the back ten', 'android-golf-scorecard')).toBe('fail');
  });

  it('"Filter to …", "filter by …": the same', () => {
    expect(decide('Filter to declined guests', 'ios-wedding-guest-list')).toBe('tap Declined');
    expect(decide('Filter by sparkling', 'android-wine-cellar')).toBe('tap com.cellarbook.app:id/chip_sparkling');
    expect(decide('Filter to blocked guests', 'ios-wedding-guest-list')).toBe('fail');
    expect(decide('Filter by rosé', 'android-wine-cellar')).toBe('fail');
  });

  it('taps a segment itself, never its segmented control (which taps whatever segment is at its middle)', () => {
    // The thirty-sixth and thirty-seventh batches: "the row titled tenor" was the segmented control.
    expect(decide('Switch to the tenor part', 'ios-choir-rehearsals')).toBe('tap Tenor');
    expect(decide('Switch to Daily', 'ios-car-share-booking')).toBe('tap Daily');
    expect(decide('Switch to daily rental', 'ios-car-share-booking')).not.toBe('tap rentalTypeControl');
    expect(decide('Switch to the baritone part', 'ios-choir-rehearsals')).toBe('fail');
  });

  it('two words each naming a choice name neither ("the league table" beside tabs League and Table)', () => {
    // The thirty-ninth batch's tap on a wrong element: League, "the choice that shows table".
    expect(decide('Go to the league table', 'ios-darts-league')).not.toBe('tap League');
  });
});

describe('a tab whose label carries a count ("Closed (5)")', () => {
  it('is named without its count', () => {
    expect(decideOn('Show the closed repairs', 'android-tenant-repairs')).toBe('tap Closed (5)');
    expect(decideOn('Show closed', 'android-tenant-repairs')).toBe('tap Closed (5)');
    expect(decideOn('Show the archived repairs', 'android-tenant-repairs')).toBe('fail');
    // "requests": a plural the screen never says, what the list shows.
    expect(decideOn('Show the closed requests', 'android-tenant-repairs')).toBe('tap Closed (5)');
    expect(decideOn('Show the archived requests', 'android-tenant-repairs')).toBe('fail');
  });
});

describe('a choice named with what it is ("the Flowers category")', () => {
  it('taps the one chip of that name, and nothing for a name no choice has', () => {
    expect(decideOn('Switch to the Flowers category', 'android-seed-library')).toBe('tap org.seedshare.library:id/chip_flowers');
    expect(decideOn('Switch to the Trees category', 'android-seed-library')).toBe('fail');
  });
});

describe('"change the service to just a cut": the choice named (session 16)', () => {
  it('taps the one segment or radio button of that name, or is done when it is chosen', () => {
    expect(decideOn('Change the service to just a cut', 'ios-hair-salon-booking')).toBe('tap serviceCut');
    expect(decideOn('Change the service to Cut & colour', 'ios-hair-salon-booking')).toBe('done');
    // Never the address's "Change" beside it.
    expect(decideOn('Change the collection date to Tue 17 March', 'android-bulky-waste-collection')).toBe('tap Tue 17 March');
  });

  it('taps nothing for a choice the screen does not offer', () => {
    expect(decideOn('Change the service to a perm', 'ios-hair-salon-booking')).toBe('fail');
    expect(decideOn('Change the address to 3 High St', 'android-bulky-waste-collection')).toBe('fail');
  });
});

describe('"Show sailings on Saturday 13 December": the date chip (session 16)', () => {
  it('taps the one chip showing that date as the screen writes it, and none for a date no chip shows', () => {
    expect(decideOn('Show sailings on Saturday 13 December', 'android-ferry-timetable')).toBe('tap Sat 13 Dec');
    expect(decideOn('Show sailings on Sunday 14 December', 'android-ferry-timetable')).toBe('fail');
    expect(decideOn('Show sailings on Saturday 12 December', 'android-ferry-timetable')).toBe('fail');
  });
});

describe('"Show my loans" for a segment "My loans" (session 16)', () => {
  it('taps it, and nothing for a segment the screen does not have', () => {
    expect(decideOn('Show my loans', 'ios-mobile-library-stops')).toBe('tap segLoans');
    expect(decideOn('Show my fines', 'ios-mobile-library-stops')).toBe('fail');
  });
});

describe('"Pick Sunday instead" (forty-eighth batch)', () => {
  it('taps the one choice dated on that weekday, and nothing for a day no choice shows', () => {
    expect(decideOn('Pick Sunday instead', 'ios-pick-your-own-slots')).toBe('tap daySun');
    expect(decideOn('Select Saturday', 'ios-pick-your-own-slots')).toBe('tap daySat');
    expect(decideOn('Choose Monday instead', 'ios-pick-your-own-slots')).toBe('fail');
    // A weekday with more than the day is no choice of it: the rows' Book stays untouched.
    expect(decideOn('Pick Sunday strawberries', 'ios-pick-your-own-slots')).toBe('fail');
  });
});
