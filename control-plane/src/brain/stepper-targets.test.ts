/**
 * A count asked for by its stepper (stepper-targets.ts): "Make it three riders", "add a third rider", "so that's
 * three riders", "set riders to 1" beside "Fewer riders · 2 · More riders". Traps: a count further than one tap, the
 * count it is already, a stepper showing no count.
 */
import { describe, expect, it } from 'vitest';
import { androidScreen, button, type N, row, text, title } from './android-test-screens.js';
import { decideOffline } from './offline-model.js';
import { countWanted } from './stepper-targets.js';

const stepper = (y: number, what: string, count: string | null, id: string): N =>
  row(y, `${id}_row`, [
    text(what, y + 10, `${id}_label`),
    button(`Fewer ${what.toLowerCase()}`, y + 10, `${id}_minus`, 500),
    ...(count === null ? [] : [text(count, y + 30, `${id}_count`, 760)]),
    button(`More ${what.toLowerCase()}`, y + 10, `${id}_plus`, 820),
  ]);
const screen = androidScreen(title('Ride booking'), stepper(300, 'Riders', '2', 'riders'), stepper(600, 'Helmets', null, 'helmets'));
const decide = (instruction: string) => {
  const { action } = decideOffline({ instruction, platform: 'android', hierarchyXml: screen });
  return action.type === 'tap' ? `tap ${action.target?.value}` : action.type;
};

describe('a count asked for by its stepper', () => {
  it('reads the count and what is counted', () => {
    expect(countWanted('Make it three riders')).toEqual({ what: 'riders', count: 3 });
    expect(countWanted('add a third rider')).toEqual({ what: 'rider', count: 3 });
    expect(countWanted('Set the number of riders to 1')).toEqual({ what: 'riders', count: 1 });
    expect(countWanted('Add another rider')).toBeNull();
  });
  it('taps more or fewer when the count wanted is one away from the count shown', () => {
    expect(decide('Make it three riders')).toBe('tap app:id/riders_plus');
    expect(decide('Add a third rider')).toBe('tap app:id/riders_plus');
    expect(decide('Set riders to 1')).toBe('tap app:id/riders_minus');
    expect(decide("My sister's coming too, so that's three riders")).toBe('tap app:id/riders_plus');
  });
  it('is done at the count shown, fails further away, and decides nothing where no count is shown', () => {
    expect(decide('Make it two riders')).toBe('done');
    expect(decide('Make it five riders')).toBe('fail');
    expect(decide('Add a fourth rider')).toBe('fail');
    expect(decide('Make it three helmets')).not.toMatch(/^tap/);
  });
});
