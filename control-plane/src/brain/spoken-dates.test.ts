/**
 * A date said as testers say it names the one control showing it as the screen writes it
 * (spoken-dates.ts, target-choice.ts). Traps: another weekday for the day, a day no control has, a
 * bare number, a date whose control is disabled.
 */
import { describe, expect, it } from 'vitest';
import { dateParts, dayOrdinals, sameDate, untilDates, withShownMonth, withShownYear } from './spoken-dates.js';
import { decideOn } from './testing/corpus-decisions.js';

describe('the parts of a date', () => {
  it('reads a weekday, a day with or without its suffix, and a month, abbreviated or not', () => {
    expect(dateParts('Tuesday 17th')).toEqual({ day: 17, weekday: 'tuesday', month: null });
    expect(dateParts('Tue 17 March')).toEqual({ day: 17, weekday: 'tuesday', month: 'march' });
    expect(dateParts('the 3rd of Sept')).toEqual({ day: 3, weekday: null, month: 'september' });
    expect(dateParts('17 spaces left')).toBeNull();
    expect(dateParts('Tuesday')).toBeNull();
  });

  it('is the same date when the day is, and the weekday and month where both say one', () => {
    const shown = dateParts('Tue 17 March')!;
    expect(sameDate(dateParts('Tuesday 17th')!, shown)).toBe(true);
    expect(sameDate(dateParts('the 17th')!, shown)).toBe(true);
    expect(sameDate(dateParts('Wednesday 17th')!, shown)).toBe(false);
    expect(sameDate(dateParts('17th April')!, shown)).toBe(false);
  });
});

describe('a date said names the one control showing it', () => {
  it('taps "Tue 17 March" for "Tuesday 17th" and "the 17th"', () => {
    expect(decideOn('Select Tuesday 17th', 'android-bulky-waste-collection')).toBe('tap Tue 17 March');
    expect(decideOn('Pick Tuesday the 17th', 'android-bulky-waste-collection')).toBe('tap Tue 17 March');
    expect(decideOn('Select the 17th', 'android-bulky-waste-collection')).toBe('tap Tue 17 March');
    expect(decideOn('Tuesday 17th works better for us, pick that date', 'android-bulky-waste-collection')).toBe('tap Tue 17 March');
  });

  it('taps nothing for another weekday, a bare number, or a date whose choice is disabled', () => {
    expect(decideOn('Select Wednesday 17th', 'android-bulky-waste-collection')).toBe('fail');
    expect(decideOn('Select 17', 'android-bulky-waste-collection')).toBe('fail');
    // Tue 24 March is fully booked.
    expect(decideOn('Select Tuesday 24th', 'android-bulky-waste-collection')).toBe('fail');
  });
});

describe('"up to" a date is "until" it, in a check asked again (session 16)', () => {
  it('rewrites only before a date', () => {
    expect(untilDates('the rent is paid up to 31 March 2027')).toBe('the rent is paid until 31 March 2027');
    expect(untilDates('up to 5 people')).toBe('up to 5 people');
  });

  it('passes "paid up to" the date the screen says "paid until", and no other date', () => {
    expect(decideOn('Make sure the rent is paid up to 31 March 2027', 'android-allotment-plot')).toBe(
      'assert uk.gov.greenfield.allotments:id/rent_text',
    );
    expect(decideOn('Make sure the rent is paid up to 30 March 2027', 'android-allotment-plot')).toBe('fail');
    expect(decideOn('Make sure the rent is paid up to 31 March 2026', 'android-allotment-plot')).toBe('fail');
  });
});

describe('a day and month said without a year take the year the screen writes beside them (session 16)', () => {
  it('adds the one year shown for that day and month, and nothing else', () => {
    expect(withShownYear('taken on 2 December', ['Taken 2 December 2025'])).toBe('taken on 2 December 2025');
    expect(withShownYear('taken on 3 December', ['Taken 2 December 2025'])).toBe('taken on 3 December');
    expect(withShownYear('taken on 2 Dec', ['2 Dec 2024', '2 December 2025'])).toBe('taken on 2 Dec');
    expect(withShownYear('taken on 2 December 2024', ['Taken 2 December 2025'])).toBe('taken on 2 December 2024');
  });

  it('passes the date without its year, never another day or year', () => {
    expect(decideOn('Verify the blood was taken on 2 December', 'android-lab-results')).toBe('assert com.medilink.patient:id/taken_date');
    expect(decideOn('Verify the blood was taken on 3 December', 'android-lab-results')).toBe('fail');
    expect(decideOn('Verify the blood was taken on 2 December 2024', 'android-lab-results')).toBe('fail');
    expect(decideOn('Check the stay is 17 to 19 July, two nights', 'ios-mountain-hut-reservation')).toBe('assert datesLabel');
    expect(decideOn('Check the stay is 18 to 19 July, two nights', 'ios-mountain-hut-reservation')).toBe('fail');
    expect(decideOn('Make sure the hire is on Saturday 14 March from 10 till 2', 'android-church-hall-hire')).toBe(
      'assert org.stmarks.hallhire:id/date_text',
    );
    expect(decideOn('Make sure the hire is on Sunday 15 March from 10 till 2', 'android-church-hall-hire')).toBe('fail');
  });
});

describe('a weekday and day said without a month take the month the screen writes with them (session 16)', () => {
  it('adds the one month shown for that weekday and day', () => {
    expect(withShownMonth('Wednesday the 4th', ['Collection: Wed 4 Jun, 18:00 – 20:00'])).toBe('Wednesday 4 june');
    expect(withShownMonth('Thursday the 4th', ['Collection: Wed 4 Jun, 18:00 – 20:00'])).toBe('Thursday the 4th');
    expect(withShownMonth('Wednesday 4 June', ['Wed 4 Jun'])).toBe('Wednesday 4 June');
  });

  it('passes the collection said so, never another weekday or time', () => {
    expect(decideOn('Collection is Wednesday the 4th between 6 and 8 pm', 'ios-dry-cleaning-order')).toBe('assert collectionLabel');
    expect(decideOn('Collection is Wednesday the 4th between 7 and 9 pm', 'ios-dry-cleaning-order')).toBe('fail');
    expect(decideOn('Collection is Thursday the 4th between 6 and 8 pm', 'ios-dry-cleaning-order')).toBe('fail');
  });
});

describe('a day of the month said in words (session 19)', () => {
  it('writes "the twenty-first" as "the 21st", and a tap on a date takes it', () => {
    expect(dayOrdinals('Pick the twenty-first')).toBe('Pick the 21st');
    expect(dayOrdinals('on the thirty-first of May')).toBe('on the 31st of May');
    expect(dayOrdinals('the twenty second and the thirteenth')).toBe('the 22nd and the 13th');
    expect(decideOn('Pick the twenty-first', 'android-car-boot-sale-pitches')).toBe('tap Sun 21 Sep');
  });
  it('leaves a place in a list as it is, and taps no day the screen does not show', () => {
    expect(dayOrdinals('the first item, the third one')).toBe('the first item, the third one');
    expect(decideOn('Pick the twenty-eighth', 'android-car-boot-sale-pitches')).toBe('fail');
  });
});
