/**
 * "Enter promo code SPRING10" (intent-resolver.ts `fieldNamedFirst`): the field's own name, then
 * what goes into it, never the name typed with it. "Add another adult", "remove a child"
 * (`stepCount`): a stepper's control. Traps: a text that does not start with a field's name, a
 * count the screen has no control for.
 */
import { describe, expect, it } from 'vitest';
import { androidScreen, type N, title } from './android-test-screens.js';
import { parseInstruction } from './instruction-grammar.js';
import { decideOffline } from './offline-model.js';
import { decideOn } from './testing/corpus-decisions.js';

const decide = decideOn;

describe('a field named before what to type', () => {
  it('types only what follows the name', () => {
    expect(decide('Enter promo code SPRING10', 'android-tool-hire')).toBe('type "SPRING10" into com.hirehub.app:id/promo_input');
    expect(decide('Enter SPRING10', 'android-tool-hire')).toBe('type "SPRING10" into com.hirehub.app:id/promo_input');
    // "promo" alone is only part of the field's id: not its name.
    expect(decide('Enter promo SPRING10', 'android-tool-hire')).toBe('type "promo SPRING10" into com.hirehub.app:id/promo_input');
  });
});

describe('one more or one fewer', () => {
  it("taps the stepper's control for it", () => {
    expect(decide('Add another adult', 'android-campsite-booking')).toBe('tap com.campfinder.app:id/adults_plus');
    expect(decide('Add one more child', 'android-campsite-booking')).toBe('tap com.campfinder.app:id/children_plus');
    expect(decide('Remove an adult', 'android-campsite-booking')).toBe('tap com.campfinder.app:id/adults_minus');
    expect(decide('Add another dog', 'android-campsite-booking')).toBe('fail');
  });
});

describe('a field named by its id and what it holds (forty-second batch)', () => {
  it('types into the one field whose id names it: "the pickup address" of pickup_field', () => {
    expect(decideOn('Change the pickup address to 3 Station Road, BR1 1AA', 'android-driving-lessons')).toBe(
      'type "3 Station Road, BR1 1AA" into com.roadready.learner:id/pickup_field',
    );
  });
  it('never for a word the id does not have, nor a thing no field holds', () => {
    expect(decideOn('Change the drop-off address to 3 Station Road', 'android-driving-lessons')).toBe('fail');
    expect(decideOn('Enter 9:00 in the pickup time', 'android-driving-lessons')).toBe('fail');
  });
});

describe('"replace the registration with LD19 FHA" (session 16)', () => {
  it('types a value into the field named, never "a new one"', () => {
    expect(decideOn('Replace the registration with LD19 FHA', 'ios-recycling-centre-slots')).toBe('type "LD19 FHA" into regField');
    expect(decideOn('Replace the registration with a new one', 'ios-recycling-centre-slots')).toBe('fail');
  });
});

describe('a field "for" someone is not that someone (session 16: a wrong field found by hand)', () => {
  it('"Set the stylist to Jade" types nothing into "Notes for your stylist"; its notes are still named', () => {
    expect(decideOn('Set the stylist to Jade', 'ios-hair-salon-booking')).toBe('fail');
    expect(decideOn('Enter Jade in the notes field', 'ios-hair-salon-booking')).toBe('type "Jade" into notesField');
    expect(decideOn('Enter Jade in the notes for your stylist', 'ios-hair-salon-booking')).toBe('type "Jade" into notesField');
  });
});

describe('"the driver instructions" for a field "Instructions for the driver" (session 16)', () => {
  it('types into it; nothing into a field for someone else', () => {
    expect(decideOn("Type 'Leave with the concierge' in the driver instructions", 'ios-dry-cleaning-order')).toBe(
      'type "Leave with the concierge" into driverNotes',
    );
    expect(decideOn("Type 'Leave with the concierge' in the cleaner instructions", 'ios-dry-cleaning-order')).toBe('fail');
  });
});

describe('a value, then the field it is for or is entered as (session 19)', () => {
  it('"Enter AB12 CDE for the vehicle reg", "Key in … as my NHS number", "Fill in … as the certification number"', () => {
    expect(decideOn('Enter AB12 CDE for the vehicle reg', 'android-car-boot-sale-pitches')).toBe(
      'type "AB12 CDE" into uk.co.ashdownbootfair.app:id/reg_field',
    );
    expect(decideOn('Key in 485 777 3456 as my NHS number', 'ios-opticians-eye-test')).toBe('type "485 777 3456" into nhsNumberField');
    expect(decideOn('Fill in PADI-4471902 as the certification number', 'android-dive-centre-trips')).toBe(
      'type "PADI-4471902" into uk.co.porthkerrisdivers.app:id/cert_field',
    );
  });
  it('never a field no label names, nor "for" after a value that is a thing named ("the code for the door")', () => {
    expect(decideOn('Key in 485 777 3456 as my passport number', 'ios-opticians-eye-test')).toBe('fail');
    expect(decideOn('Enter AB12 CDE for the trailer reg', 'android-car-boot-sale-pitches')).toBe('fail');
    expect(parseInstruction('Enter the code for the door')).toMatchObject({ kind: 'type', text: 'the code for the door' });
    expect(parseInstruction('Fill in the name as Bob')).toMatchObject({ kind: 'type', text: 'Bob', field: { text: 'name' } });
  });
});

describe('the field named first, then a code (session 19)', () => {
  it('"Enter the teacher\'s reference TR-40917" types the code into the teacher\'s reference number', () => {
    expect(decideOn("Enter the teacher's reference TR-40917", 'android-piano-exam-entry')).toBe(
      'type "TR-40917" into org.keynote.exams:id/teacher_field',
    );
    expect(parseInstruction('Enter my phone number 07700 900123')).toMatchObject({ text: '07700 900123', field: { text: 'phone number' } });
  });
  it('never a field no label names, nor a value of words or an amount', () => {
    expect(decideOn('Enter the candidate number 12345', 'android-piano-exam-entry')).toBe('fail');
    expect(parseInstruction('type the word hello')).toMatchObject({ text: 'the word hello', field: null });
    expect(parseInstruction('Enter the amount £40')).toMatchObject({ text: 'the amount £40', field: null });
  });
});

describe('a field by its words in order, and "put … in as the …" (the fifty-second batch, session 19)', () => {
  it('"my Archery GB number" is the field "Archery GB membership number"; "in as the booker\'s email" its field', () => {
    expect(decideOn('Enter 1048832 for my Archery GB number', 'ios-archery-range-bookings')).toBe('type "1048832" into membershipField');
    expect(decideOn("Put kim.hart@example.com in as the booker's email", 'ios-trampoline-park-sessions')).toBe(
      'type "kim.hart@example.com" into emailField',
    );
  });
  it('never words out of order, nor a name that does not start the label', () => {
    expect(decideOn('Enter 1048832 for my GB number', 'ios-archery-range-bookings')).toBe('fail');
    expect(decideOn('Enter 1048832 for my number Archery', 'ios-archery-range-bookings')).toBe('fail');
  });
});

describe('"put" a thing somewhere is no typing (session 19: "Put the van under cover" typed into the only field)', () => {
  it('types nothing for an article-led object without a field; a name or a quoted value is still typed', () => {
    expect(decideOn('Put the van under cover', 'android-car-boot-sale-pitches')).not.toMatch(/^type/);
    expect(parseInstruction('Put John Smith')).toMatchObject({ kind: 'type', text: 'John Smith' });
    expect(parseInstruction('Put the milk in the fridge')).toMatchObject({ kind: 'type', field: { text: 'fridge' } });
  });
});

describe('a field by its words in order, abbreviated (the fifty-fifth batch, session 21)', () => {
  const field = (desc: string, y: number, id: string): N => ({
    cls: 'android.widget.EditText',
    b: [48, y, 1032, y + 120],
    desc,
    id,
    click: true,
  });
  const permit = androidScreen(
    title('Parking permit'),
    field('Vehicle registration (for the permit)', 400, 'plate_input'),
    field('Driver name', 600, 'driver_input'),
  );
  const typed = (instruction: string) => {
    const { action } = decideOffline({ instruction, platform: 'android', hierarchyXml: permit });
    return action.type === 'type' ? `type "${action.text}" into ${action.target?.value}` : action.type;
  };
  it('"the vehicle reg" is the field "Vehicle registration (for the permit)", asked or stated', () => {
    expect(typed('Enter KX19 LMN as the vehicle reg')).toBe('type "KX19 LMN" into app:id/plate_input');
    expect(typed('My vehicle reg is KX19 LMN')).toBe('type "KX19 LMN" into app:id/plate_input');
  });
  it('never another word, nor the words out of order', () => {
    expect(typed('Enter KX19 LMN as the van reg')).toBe('fail');
    expect(typed('Enter KX19 LMN as the reg vehicle')).toBe('fail');
  });
});
