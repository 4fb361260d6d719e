/**
 * One more or one fewer of a thing by the stepper beside its name (row-steppers.ts, intent-resolver.ts
 * `stepCount`). Traps: a thing no text names, a word every row shows, a stepper in another row.
 */
import { describe, expect, it } from 'vitest';
import { decideOn } from './testing/corpus-decisions.js';

describe('one more or one fewer by the stepper beside the name', () => {
  it("taps the increase or decrease of the one row or group naming the thing, never the row's Remove", () => {
    expect(decideOn('Add one more lavender', 'android-plant-nursery-order')).toBe(
      'tap /FrameLayout[0]/LinearLayout[0]/RecyclerView[3]/LinearLayout[0]/ImageButton[4]',
    );
    expect(decideOn('Add one more guest', 'ios-mountain-hut-reservation')).toBe('tap guestsIncrement');
    expect(decideOn('Take one carrot cake slice off', 'ios-allergy-bakery-order')).toBe('tap dec_3');
    expect(decideOn('Take one brownie off', 'ios-allergy-bakery-order')).toBe('tap dec_2');
    // "ticket" says what one adult is; the label need not.
    expect(decideOn('Add another adult ticket', 'ios-museum-tickets')).toBe('tap increaseAdult');
  });

  it('taps nothing for a thing no text names, nor for words every row shows or a text with no stepper beside it', () => {
    expect(decideOn('Add one more rose', 'android-plant-nursery-order')).toBe('fail');
    // Every row shows "2 L pot · …".
    expect(decideOn('Add one more pot', 'android-plant-nursery-order')).toBe('fail');
    // "2 nights" is shown, but the only stepper there counts guests.
    expect(decideOn('Add one more night', 'ios-mountain-hut-reservation')).toBe('fail');
  });
});
