/**
 * "Open Pickle's medication log": an action on what a row's name owns is the control of that row
 * (possessive-targets.ts), asked only when the words as written found nothing. Traps: a row
 * without that control, a text showing the words whole, a check's verb.
 */
import { describe, expect, it } from 'vitest';
import { androidScreen, button, row, text, title } from './android-test-screens.js';
import { decideOffline } from './offline-model.js';
import { ownedAsFor } from './possessive-targets.js';

// Three dogs: Bramble and Pickle each with their own Medication log, Otto with none; a card showing "Otto's photos".
const kennels = androidScreen(title('Your stay'), {
  cls: 'androidx.recyclerview.widget.RecyclerView',
  b: [0, 400, 1400, 1200],
  id: 'pet_list',
  kids: [
    row(400, 'pet_row', [text('Bramble', 410, 'pet_name'), button('Medication log', 430, 'meds_button')]),
    row(620, 'pet_row', [text('Pickle', 630, 'pet_name'), button('Medication log', 650, 'meds_button')]),
    row(840, 'pet_row', [text('Otto', 850, 'pet_name'), button('Remove', 870, 'remove_button')]),
    row(1060, 'pet_row', [{ ...button("Otto's photos", 1070, 'photos_button'), b: [40, 1070, 600, 1160] }]),
  ],
});

const decide = (instruction: string) => {
  const { action } = decideOffline({ instruction, platform: 'android', hierarchyXml: kennels });
  if (action.type !== 'tap' || !action.point) return action.type;
  return `tap ${['Bramble', 'Pickle', 'Otto', 'photos'][Math.floor((action.point.y - 400) / 220)]}`;
};

describe("an action on what a row's name owns", () => {
  it("opens Pickle's medication log, not Bramble's", () => {
    expect(decide("Open Pickle's medication log")).toBe('tap Pickle');
    expect(decide('Tap Bramble’s Medication log')).toBe('tap Bramble');
    expect(decide("Remove Otto's entry")).toBe('tap Otto');
  });
  it('never a row without that control, and a text showing the words whole is that text', () => {
    expect(decide("Open Otto's medication log")).toBe('fail');
    expect(decide("Open Otto's photos")).toBe('tap photos');
  });
  it("is no reading of a check's verb or of a statement", () => {
    expect(ownedAsFor("Check Pickle's medication log")).toBeNull();
    expect(ownedAsFor("Open Pickle's log is shown")).toBeNull();
    expect(ownedAsFor("open pickle's log")).toBeNull();
    expect(ownedAsFor("Open Pickle's medication log.")).toBe('open the medication log for Pickle');
  });
});
