/**
 * Details the tester gives as a statement (intent-resolver.ts `statedEntry`, session 20): "My mobile is 07700 900418",
 * "Our vet is Holme Valley Vets", "the venue's phone is 01423 566120, pop it in" go into the empty field they name.
 * Traps: a field already holding something is checked as said, a negation is never typed, nobody's details but the
 * tester's own unless asked to put them in.
 */
import { describe, expect, it } from 'vitest';
import { androidScreen, type N, text, title } from './android-test-screens.js';
import { decideOffline } from './offline-model.js';

const field = (shown: string, y: number, id: string): N => ({
  cls: 'android.widget.EditText',
  b: [48, y, 1032, y + 120],
  text: shown,
  id,
  click: true,
});
const form = androidScreen(
  title('Your details'),
  text('Lead climber', 300, 'lead_label'),
  field('Phone number', 360, 'phone_field'),
  field('Dentist name', 520, 'dentist_field'),
  field('Club card number', 680, 'card_field'),
  field('A-40412', 840, 'ref_field'),
  text('Booking reference', 790, 'ref_label'),
);
const decide = (instruction: string) => {
  const { action } = decideOffline({ instruction, platform: 'android', hierarchyXml: form });
  if (action.type === 'type') return `type ${action.target?.value} ${action.text}`;
  return action.type === 'assert' ? `assert ${action.target?.value}` : action.type;
};

describe('details given as a statement', () => {
  it("types the tester's own details into the empty field they name", () => {
    expect(decide('My phone is 07700 900418')).toBe('type app:id/phone_field 07700 900418');
    expect(decide('Our dentist is Smile Street Dental')).toBe('type app:id/dentist_field Smile Street Dental');
    expect(decide('My club card number is CC-20931')).toBe('type app:id/card_field CC-20931');
  });
  it('types what the tester asks to be put in, whoever it belongs to', () => {
    expect(decide('The club card number is CC-20931, pop it in')).toBe('type app:id/card_field CC-20931');
  });
  it('never types a negation, nor into a field that already holds a value, nor what is only stated of others', () => {
    expect(decide('My phone is not 07700 900418')).toBe('fail');
    expect(decide('My booking reference is B-11111')).toBe('fail');
    expect(decide('The club card number is CC-20931')).not.toMatch(/^type/);
    expect(decide('Verify my phone is 07700 900418')).toBe('fail');
  });
});
