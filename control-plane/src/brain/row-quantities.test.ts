/**
 * How many of a thing an order holds, said by its row's quantity (row-quantities.ts). Traps: another
 * count, a number inside another text of the row ("2 L pot"), a thing no row has.
 */
import { describe, expect, it } from 'vitest';
import { decideOn } from './testing/corpus-decisions.js';

describe('a count of a thing in the basket or order', () => {
  it("passes on the quantity of the thing's own row", () => {
    expect(decideOn('Verify there are 3 lavender plants in the basket', 'android-plant-nursery-order')).toBe('assert 3');
    expect(decideOn('Verify there are 4 brownies in the order', 'ios-allergy-bakery-order')).toBe('assert qty_2');
    expect(decideOn('Check two packs of ibuprofen are in the order', 'android-pharmacy-collect')).toBe('assert 2 × £2.49');
  });

  it('fails another count, a number of another text, and a thing no row has', () => {
    expect(decideOn('Check three packs of ibuprofen are in the order', 'android-pharmacy-collect')).toBe('fail');
    // The lavender's row says "2 L pot": a pot's size, not how many.
    expect(decideOn('Verify there are 2 lavender plants in the basket', 'android-plant-nursery-order')).toBe('fail');
    expect(decideOn('Verify there are 3 brownies in the order', 'ios-allergy-bakery-order')).toBe('fail');
    expect(decideOn('Verify there are 4 croissants in the order', 'ios-allergy-bakery-order')).toBe('fail');
  });
});
