/**
 * A tester's reason before the action (instruction-grammar.ts `withReferent`), its pronoun standing
 * for what the reason named: "Sam was rude, tick the box to report him too"; and a row marked done by
 * its own button (toggle-words.ts `doneControlOfRow`): "Mark feeding the cat as done". Traps: another
 * name, a thing no row or toggle has.
 */
import { describe, expect, it } from 'vitest';
import { parseInstruction } from './instruction-grammar.js';
import { decideOn } from './testing/corpus-decisions.js';

const decide = decideOn;

describe("the reason's name or thing put back for the pronoun", () => {
  it('"him" / "her" is the name the reason writes, "it" / "that" the thing it names last', () => {
    expect(decide('Sam was rude, tick the box to report him too', 'android-unmatch-dialog')).toBe(
      'tap com.kindred.dating:id/report_checkbox',
    );
    expect(decide("I don't need the interior vacuum, switch it off", 'android-car-wash')).toBe('tap com.sparklewash.app:id/extra_vacuum');
    expect(decide("We're bringing our dog, switch that on", 'android-campsite-booking')).toBe('tap com.campfinder.app:id/dog_switch');
    expect(decide('Mia was rude, tick the box to report her too', 'android-unmatch-dialog')).toBe('fail');
    // The tyre shine is off already: nothing to do, and never the vacuum.
    expect(decide("I don't need the tyre shine, switch it off", 'android-car-wash')).toBe('done');
  });

  it('keeps a condition a condition', () => {
    expect(parseInstruction('If the banner is shown, tap Close')).not.toMatchObject({ kind: 'tap', target: { text: 'Close' } });
    // "it" inside "switch" is no pronoun.
    expect(parseInstruction("I don't need the interior vacuum, switch it off")).toMatchObject({
      kind: 'toggle',
      target: { text: 'interior vacuum' },
      desired: 'off',
    });
  });
});

describe('a row marked done by its own button', () => {
  it('taps the Mark done of the one row with those words, the list’s noun aside', () => {
    expect(decide('Mark feeding the cat as done', 'android-chore-chart')).toBe(
      'tap /FrameLayout[0]/LinearLayout[0]/RecyclerView[3]/LinearLayout[1]/Button[2]',
    );
    expect(decide('Mark the dishwasher chore done', 'android-chore-chart')).toBe(
      'tap /FrameLayout[0]/LinearLayout[0]/RecyclerView[3]/LinearLayout[2]/Button[2]',
    );
    expect(decide('Mark walking the dog as done', 'android-chore-chart')).toBe('fail');
    expect(decide('Leo tidied his bedroom, tick it off', 'android-chore-chart')).toBe('fail');
  });
});

describe('a statement, then the action said of its subject ("The golf bag arrived damaged, report it")', () => {
  it('is the action on what the statement is about, not a check of the whole sentence', () => {
    expect(decideOn('The golf bag arrived damaged, report it', 'ios-lost-luggage-claim')).toBe('tap reportDamage_2');
    expect(decideOn('report the golf bag', 'ios-lost-luggage-claim')).toBe('tap reportDamage_2');
    expect(decideOn('mark the saison', 'android-brew-batch-log')).toBe('tap com.mashtun.brewlog:id/pitch_button');
  });
  it('taps nothing on a row without such a control, and keeps a statement with a comma a check', () => {
    // The suitcase's row offers "Track", the stout's "Log gravity".
    expect(decideOn('The suitcase arrived damaged, report it', 'ios-lost-luggage-claim')).toBe('fail');
    expect(decideOn('mark the stout', 'android-brew-batch-log')).toBe('fail');
    expect(parseInstruction('The plan is Premium, billed monthly').kind).toBe('assertValue');
  });
});

describe('the action, then why, starting "I\'ll" or "I don\'t"', () => {
  it('leaves the reason out of the target', () => {
    expect(parseInstruction("Untick tell the bidders, I'll message them myself")).toMatchObject({
      kind: 'toggle',
      target: { text: 'tell the bidders' },
      desired: 'off',
    });
    expect(decideOn("Untick tell the bidders, I'll message them myself", 'android-withdraw-swap-listing-dialog')).toBe(
      'tap org.railwayclub.swaps:id/notify_bidders_checkbox',
    );
    // A value after the comma is still part of the action.
    expect(parseInstruction("Apply the promo code, it's SPRING10").kind).not.toBe('tap');
  });
});
