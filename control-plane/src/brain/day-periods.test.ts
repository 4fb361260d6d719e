/**
 * A part of the day, a time said "8 pm" and a weekday before a time name a row (day-periods.ts,
 * named-row-controls.ts, intent-resolver.ts `rowByNames`). Traps: a period no such row is in, a time
 * that ends a range, a time with another row's words, a weekday whose row is another's.
 */
import { describe, expect, it } from 'vitest';
import { clockTime, clockTimes, spokenTimes, timesOfPeriod } from './day-periods.js';
import { decideOn } from './testing/corpus-decisions.js';

describe('a part of the day names the row whose time is in it', () => {
  it('takes the row of that period among rows of the same name or day', () => {
    expect(decideOn('book the afternoon harbour cruise', 'ios-boat-trips')).toBe('tap book_2');
    expect(decideOn('book the morning harbour cruise', 'ios-boat-trips')).toBe('tap book_0');
    expect(decideOn('sign me up for Saturday morning', 'ios-orchard-harvest-rota')).toBe('tap signUp_1');
    expect(decideOn('Pick the Friday morning slot', 'android-boiler-service')).toBe(
      'tap /FrameLayout[0]/LinearLayout[0]/LinearLayout[6]/Button[2]',
    );
  });

  it('taps nothing when no such row is in that period', () => {
    // The harbour cruises leave at 10:30 and 14:00; the evening's trip is the sunset sail.
    expect(decideOn('book the evening harbour cruise', 'ios-boat-trips')).toBe('fail');
    expect(decideOn('Pick the Friday afternoon slot', 'android-boiler-service')).toBe('fail');
    // The Saturday afternoon shift is full: it offers "Join waitlist", no "Sign up".
    expect(decideOn('sign me up for Saturday afternoon', 'ios-orchard-harvest-rota')).toBe('fail');
    expect(decideOn('sign me up for Saturday evening', 'ios-orchard-harvest-rota')).toBe('fail');
  });
});

describe('a time names the row it starts', () => {
  it('reads "8 pm" on a 24-hour screen, and a weekday and a time as two names', () => {
    expect(clockTime('8', 'pm')).toBe('20:00');
    expect(clockTime('12', 'am')).toBe('0:00');
    expect(clockTime('7:30', 'am')).toBe('7:30');
    expect(clockTime('13', 'pm')).toBeNull();
    expect(decideOn('Book the 8 pm quiet session', 'ios-harbour-sauna')).toBe('tap bookButton_3');
    expect(decideOn('Join the Saturday 07:30 outing', 'ios-rowing-club-outings')).toBe('tap join_0');
    expect(decideOn('Open the Sunday reading', 'ios-blood-pressure')).toBe('tap reading_3');
  });

  it('never takes the end of a range, nor a row whose words are another row’s', () => {
    // 21:00 ends the quiet session; 08:00 ends the sunrise session.
    expect(decideOn('Book the 9 pm quiet session', 'ios-harbour-sauna')).toBe('fail');
    expect(decideOn('Book the 21:00 quiet session', 'ios-harbour-sauna')).toBe('fail');
    expect(decideOn('Book the 8 am quiet session', 'ios-harbour-sauna')).toBe('fail');
    // 07:00 starts the sunrise session, not the quiet one.
    expect(decideOn('Book the 7 am quiet session', 'ios-harbour-sauna')).toBe('fail');
    expect(decideOn('Join the Sunday 07:30 outing', 'ios-rowing-club-outings')).toBe('fail');
    expect(decideOn('Open the Friday reading', 'ios-blood-pressure')).toBe('fail');
  });
});

describe('a check with times as testers say them, asked again as the screen writes them', () => {
  it('writes spoken times and spans on a 24-hour clock, and leaves counts and scores alone', () => {
    expect(clockTimes('open until 6pm today')).toBe('open until 18:00 today');
    expect(clockTimes('runs 10 till 1 on Saturday')).toBe('runs 10:00 – 13:00 on Saturday');
    expect(clockTimes('from 10 till 2')).toBe('from 10:00 – 14:00');
    expect(clockTimes('1 to 3pm')).toBe('13:00 – 15:00');
    expect(clockTimes('10 to 2pm')).toBe('10:00 – 14:00');
    expect(clockTimes('6pm to 9')).toBe('18:00 – 21:00');
    expect(clockTimes('Friday 12 to Monday 15 June')).toBe('Friday 12 June – Monday 15 June');
    expect(clockTimes('the score is 2 to 1')).toBe('the score is 2 to 1');
    expect(clockTimes('3 to 5 items')).toBe('3 to 5 items');
  });

  it('passes at 7pm over 19:00, and fails another hour', () => {
    const tapas = 'Verify Tapas & Talk is at The Cornubia on Thursday 4 December at';
    expect(decideOn(`${tapas} 7pm`, 'ios-language-exchange')).toMatch(/^assert /);
    expect(decideOn(`${tapas} 8pm`, 'ios-language-exchange')).toBe('fail');
    expect(decideOn(`${tapas} 7am`, 'ios-language-exchange')).toBe('fail');
  });
});

describe('a time said in words, as a clock writes it (session 16)', () => {
  it("reads o'clock, half, quarter past and quarter to; never an amount", () => {
    expect(spokenTimes("Book the 10 o'clock slot")).toBe('Book the 10:00 slot');
    expect(spokenTimes("Can't make half ten any more")).toBe("Can't make 10:30 any more");
    expect(spokenTimes('half past two')).toBe('2:30');
    expect(spokenTimes('quarter past 12')).toBe('12:15');
    expect(spokenTimes('quarter to one')).toBe('12:45');
    expect(spokenTimes('quarter to eleven')).toBe('10:45');
    expect(spokenTimes('half an hour')).toBe('half an hour');
    expect(spokenTimes('wait half ten minutes')).toBe('wait half ten minutes');
    expect(spokenTimes('half 13')).toBe('half 13');
  });

  it('names the row of that time: its control, or none when it has no such control', () => {
    expect(decideOn('Cancel the half ten slot', 'ios-recycling-centre-slots')).toBe('tap cancelSlotButton');
    expect(decideOn("Book the 11 o'clock slot", 'ios-recycling-centre-slots')).toMatch(/^tap .*Cell\[4\]/);
    // 10:30 is booked (no Book), 9:00 is full.
    expect(decideOn('Book the half ten slot', 'ios-recycling-centre-slots')).toBe('fail');
    expect(decideOn("Book the 9 o'clock slot", 'ios-recycling-centre-slots')).toBe('fail');
  });
});

describe('"between 6 and 8 pm" (session 16)', () => {
  it('is a span with a part of the day said; never two times, nor an amount', () => {
    expect(clockTimes('between 6 and 8 pm')).toBe('18:00 – 20:00');
    expect(clockTimes('between 9am and 5pm')).toBe('9:00 – 17:00');
    expect(clockTimes('between 2 and 4 items')).toBe('between 2 and 4 items');
    expect(clockTimes('6 and 8 pm')).toBe('6 and 20:00');
  });
});

describe('a time said without "pm" on a screen of 24-hour times (session 16)', () => {
  it('is the afternoon\'s when only that is shown: "the half four general skate" is the 16:30 one', () => {
    expect(decideOn('Book the half four general skate', 'ios-ice-rink-sessions')).toMatch(/^tap .*Cell\[2\]/);
    expect(decideOn('Book the 4:30 general skate', 'ios-ice-rink-sessions')).toMatch(/^tap .*Cell\[2\]/);
    // 19:30 is the disco, which has Manage, not Book; "half seven" names no general skate.
    expect(decideOn('Book the 7:30 disco', 'ios-ice-rink-sessions')).toBe('fail');
    expect(decideOn('Book the half seven general skate', 'ios-ice-rink-sessions')).toBe('fail');
  });
});

describe('the afternoon read only where nothing says the morning (session 16: the opposites mutants found "at 8am" passing over 20:00)', () => {
  it('keeps a time said with "am" in the morning, for a row and for a check', () => {
    expect(decideOn('Book the 4:30am general skate', 'ios-ice-rink-sessions')).toBe('fail');
    expect(decideOn('Book the 4:30 am general skate', 'ios-ice-rink-sessions')).toBe('fail');
    expect(decideOn('Verify Tapas & Talk is at The Cornubia on Thursday 4 December at 7am', 'ios-language-exchange')).toBe('fail');
    expect(decideOn('Collection is Wednesday the 4th between 6 and 8 am', 'ios-dry-cleaning-order')).toBe('fail');
  });

  it("reads a check's spoken times as the screen writes them, the afternoon's where only that is shown", () => {
    expect(decideOn('Check Ashby Green is on Tuesday 3 June from 2 till quarter to 3', 'ios-mobile-library-stops')).toBe(
      'assert stopTime_1',
    );
    expect(decideOn('Check Little Harwood is on Monday 2 June from half nine till quarter past ten', 'ios-mobile-library-stops')).toBe(
      'assert stopTime_0',
    );
    expect(decideOn('Check Ashby Green is on Tuesday 3 June from 3 till quarter to 4', 'ios-mobile-library-stops')).toBe('fail');
  });
});

describe('a span of hours in words (forty-eighth batch)', () => {
  it('reads "from ten till two" as "from 10 till 2", never a count', () => {
    expect(spokenTimes('runs from ten till two')).toBe('runs from 10 till 2');
    expect(spokenTimes('between six and eight')).toBe('between 6 and 8');
    expect(spokenTimes('from two to three people')).toBe('from two to three people');
    expect(spokenTimes('from two to three minutes')).toBe('from two to three minutes');
    expect(decideOn('The Saturday session runs from ten till two', 'android-recording-studio-sessions')).toMatch(/^assert /);
    expect(decideOn('The Saturday session runs from ten till three', 'android-recording-studio-sessions')).toBe('fail');
  });
});

describe('a row named by the part of the day its time is in (session 17)', () => {
  it('is read as that row when one row of the period shows the name, never another row or value', () => {
    expect(decideOn('Check the evening high tide is 5.1 m', 'ios-tide-times')).toBe('assert tideTime_2');
    expect(decideOn('Check the morning high tide is 4.9 m', 'ios-tide-times')).toBe('assert tideTime_0');
    // Traps: the morning's high is 4.9 m; no low tide in the evening.
    expect(decideOn('Check the morning high tide is 5.1 m', 'ios-tide-times')).toBe('fail');
    expect(decideOn('Check the evening low tide is 1.1 m', 'ios-tide-times')).toBe('fail');
  });
});

describe('a time and the part of the day it is in (forty-eighth batch)', () => {
  it('reads "8:12 this morning" as 8:12 am, "6 this evening" as 6 pm, and nothing for a period alone', () => {
    expect(timesOfPeriod('done at 8:12 this morning')).toBe('done at 8:12am');
    expect(timesOfPeriod('starts at 9 in the morning')).toBe('starts at 9am');
    expect(timesOfPeriod('at 6 this evening')).toBe('at 6pm');
    expect(timesOfPeriod('done this morning')).toBe('done this morning');
    expect(timesOfPeriod('at 14 this afternoon')).toBe('at 14 this afternoon');
    expect(decideOn('Check the leg raises were done at 8:12 this morning', 'ios-physio-exercises')).toBe('assert exStatus_0');
    expect(decideOn('Check the leg raises were done at 8:12 this evening', 'ios-physio-exercises')).toBe('fail');
  });
});

describe('an action on a thing named by its time said without "pm", as the screen writes it (session 19)', () => {
  it('picks the 18:15 lane for "quarter past six" and the 19:30 pair for "half seven"', () => {
    expect(decideOn('Pick the quarter past six lane', 'ios-bowling-lanes')).toBe('tap select_1');
    expect(decideOn('Select the half seven lane', 'ios-bowling-lanes')).toBe('tap select_2');
  });
  it('taps nothing at a time no lane starts, nor in the morning said', () => {
    expect(decideOn('Pick the quarter past seven lane', 'ios-bowling-lanes')).toBe('fail');
    expect(decideOn('Pick the 6:15am lane', 'ios-bowling-lanes')).toBe('fail');
  });
});
