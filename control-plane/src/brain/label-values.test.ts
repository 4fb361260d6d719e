/**
 * A label and its value in one text, after a colon (value-assertions.ts labelBeforeColon): "Honey
 * this year: 23.5 kg" says "honey so far this year is 23.5 kg", "Attendance this term: 9 of 11"
 * says "attendance is 9 out of 11". The thirty-seventh batch's misses, and traps: another value,
 * another thing measured, a word the label does not have.
 */
import { describe, expect, it } from 'vitest';
import { androidScreen, text, title } from './android-test-screens.js';
import { withoutScope } from './claim-words.js';
import { poundsAsMoney } from './lexicon.js';
import { decideOffline } from './offline-model.js';
import { decideOn } from './testing/corpus-decisions.js';

describe('a label and its value after a colon', () => {
  it('passes the value the text gives the thing the claim names', () => {
    expect(decideOn('Check honey so far this year is 23.5 kg', 'android-hive-inspections')).toBe('assert com.buzzlog.app:id/honey_text');
    expect(decideOn('Verify attendance is 9 out of 11', 'ios-choir-rehearsals')).toBe('assert attendanceLabel');
  });

  it('fails another value, another thing, or a word the label does not say', () => {
    expect(decideOn('Check honey so far this year is 23 kg', 'android-hive-inspections')).toBe('fail');
    expect(decideOn('Verify attendance is 9 out of 12', 'ios-choir-rehearsals')).toBe('fail');
    expect(decideOn('Check wax so far this year is 23.5 kg', 'android-hive-inspections')).toBe('fail');
    expect(decideOn('Check the honey eaten this year is 23.5 kg', 'android-hive-inspections')).toBe('fail');
    expect(decideOn('Verify attendance last term is 9 out of 11', 'ios-choir-rehearsals')).toBe('fail');
    // "sold" joins a name to its price only as the verb before it (paraphrase.ts linksPrice): here it says what was sold.
    expect(decideOn('The honey sold this year is 23.5 kg', 'android-hive-inspections')).toBe('fail');
  });
});

describe('the one thing the screen names by its kind and reference (value-assertions.ts identifiedSubject)', () => {
  it('passes a state the screen shows of it: "the order" on the screen of "Order WP-48213"', () => {
    expect(decideOn('Verify the order is ready to collect', 'android-pharmacy-collect')).toBe(
      'assert com.wellpoint.pharmacy:id/status_text',
    );
  });
  it('fails a state not shown, and never reads an amount as a reference', () => {
    expect(decideOn('Verify the order is collected', 'android-pharmacy-collect')).toBe('fail');
    // "Total €15.00" is no reference: "€11.00" is another programme's price.
    expect(decideOn('Check the total is €11.00', 'android-car-wash')).toBe('fail');
  });
});

describe('a label and its value after a comma, "out of" written "of" ("Volume, 6 of 10")', () => {
  it('passes the value shown, and fails another', () => {
    expect(decideOn('Verify volume is 6 out of 10', 'android-hearing-aid-settings')).toBe('assert com.clearsound.hearing:id/volume_slider');
    expect(decideOn('Verify volume is 7 out of 10', 'android-hearing-aid-settings')).toBe('fail');
    expect(decideOn('Verify volume is 6 out of 12', 'android-hearing-aid-settings')).toBe('fail');
  });
});

describe('"May" in a date is the month (forty-fifth batch)', () => {
  // The dialog: "… the MOT on the Honda PCX 125 (WR19 KXP) is due on 3 Apr 2026."
  it('is compared as a month, never set aside as the modal verb', () => {
    expect(decideOn('Verify the MOT is due on 3 May 2026', 'android-delete-moped-mot-dialog')).toBe('fail');
    expect(decideOn('Check the dialog says the MOT is due on 3 May 2026', 'android-delete-moped-mot-dialog')).toBe('fail');
    expect(decideOn('Verify the MOT is due on 3 Apr 2026', 'android-delete-moped-mot-dialog')).toBe('assert android:id/message');
  });
});

describe('a label before a colon, its value given in part (forty-eighth batch)', () => {
  it('"the next appointment is Tuesday at 15:45" over "Next appointment: Tue 24 Jun, 15:45 with Jo Mensah"', () => {
    const next = 'assert nextAppointment';
    expect(decideOn('Check the next appointment is Tuesday at 15:45', 'ios-physio-exercises')).toBe(next);
    expect(decideOn('Check the next appointment is Tuesday at quarter to four', 'ios-physio-exercises')).toBe(next);
    // Another day or time.
    expect(decideOn('Check the next appointment is Wednesday at 15:45', 'ios-physio-exercises')).toBe('fail');
    expect(decideOn('Check the next appointment is Tuesday at 16:45', 'ios-physio-exercises')).toBe('fail');
    // The date's weekday alone says it too (claim-evidence.ts monthsOfWeekdays, session 18); never another weekday.
    expect(decideOn('Check the next appointment is Tuesday', 'ios-physio-exercises')).toBe(next);
    expect(decideOn('Check the next appointment is Monday', 'ios-physio-exercises')).toBe('fail');
  });
});

describe('a time named with a word for what its row is (value-assertions.ts withoutKind, session 18)', () => {
  // Sailing times as buttons, each with its state after a comma.
  const sailing = (t: string, y: number, id: string) => ({
    cls: 'android.widget.Button',
    b: [48, y, 500, y + 90] as [number, number, number, number],
    text: t,
    id,
    click: true,
  });
  const screen = androidScreen(
    title('Ferry to Brodick'),
    text('Sailing', 250, 'sailing_label'),
    sailing('07:00, 12 cars left', 320, 'sailing_0700'),
    sailing('09:45, Full', 430, 'sailing_0945'),
  );
  const decide = (instruction: string) => {
    const { action } = decideOffline({ instruction, platform: 'android', hierarchyXml: screen });
    return action.type === 'assert' ? `assert ${action.target?.value}` : action.type;
  };
  it('reads "the 09:45 slot" as the 09:45 button', () => {
    expect(decide('Check the 09:45 slot is full')).toBe('assert app:id/sailing_0945');
    expect(decide('Check the 09:45 time slot is full')).toBe('assert app:id/sailing_0945');
  });
  it('never passes another time or another state', () => {
    expect(decide('Check the 07:00 slot is full')).toBe('fail');
    expect(decide('Check the 09:45 slot is available')).toBe('fail');
  });
});

describe('a value beside its label, as the screen speaks to the user, and only the chosen one of a group (session 19)', () => {
  it('reads "my certification level" as the label "Your certification level", whose chosen chip is Advanced', () => {
    expect(decideOn('Verify my certification level is set to Advanced', 'android-dive-centre-trips')).toBe('assert Advanced');
    expect(decideOn('Check the certification level is Advanced', 'android-dive-centre-trips')).toBe('assert Advanced');
  });
  it('fails a chip shown beside the label but not chosen, and another label', () => {
    expect(decideOn('Verify your certification level is set to Open Water', 'android-dive-centre-trips')).toBe('fail');
    expect(decideOn('Check the certification level is Rescue Diver', 'android-dive-centre-trips')).toBe('fail');
    expect(decideOn('Verify my certification number is Advanced', 'android-dive-centre-trips')).toBe('fail');
  });
});

describe('a claim without its closing scope, "on the booking" (session 19)', () => {
  it('passes "there are two divers on the booking" by the count beside Divers', () => {
    expect(withoutScope('there are two divers on the booking')).toBe('there are two divers');
    expect(decideOn('Check there are two divers on the booking', 'android-dive-centre-trips')).toBe(
      'assert uk.co.porthkerrisdivers.app:id/diver_count',
    );
  });
  it('fails another count, and keeps a scope that names a part ("on the wreck dive")', () => {
    expect(decideOn('Check there are three divers on the booking', 'android-dive-centre-trips')).toBe('fail');
    expect(withoutScope('there are two divers on the wreck dive')).toBe('there are two divers on the wreck dive');
  });
});

describe('asking to be told is a check, and hundreds of pounds in words (the fifty-second batch, session 19)', () => {
  it('"Let me know if the deposit is two hundred pounds" over "… deposit £200.00 today"', () => {
    expect(decideOn('Let me know if the deposit is two hundred pounds', 'android-house-removals-quote')).toBe(
      'assert uk.co.swiftmovesremovals.app:id/quote_total',
    );
    expect(poundsAsMoney('two hundred and fifty pounds, three hundred and six quid', ['£1'])).toBe('£250, £306');
  });
  it('fails another amount, and is never an action', () => {
    expect(decideOn('Let me know if the deposit is three hundred pounds', 'android-house-removals-quote')).toBe('fail');
    expect(decideOn('Let me know if the deposit is two hundred and fifty pounds', 'android-house-removals-quote')).toBe('fail');
  });
});
