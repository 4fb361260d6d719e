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

describe('the reason before the action, read as a tester writes it (session 15)', () => {
  it('puts back the thing, the things or the day the reason names, and taps nothing when it is not on the screen', () => {
    // "after the trial" is when, not a condition; the paper is what is cancelled.
    expect(decideOn("I don't want the paper after the trial, cancel it", 'ios-subscriptions-tracker')).toBe('tap cancel_4');
    expect(decideOn("I don't want the magazine after the trial, cancel it", 'ios-subscriptions-tracker')).toBe('fail');
    expect(parseInstruction('After the trial ends, cancel it').kind).toBe('unknown');
    // "that meal" is the one on the day the reason names; another day, or two, is no meal of the screen's.
    expect(decideOn('Amara is off sick on Monday, cancel that meal', 'android-school-lunch')).toBe(
      'tap /FrameLayout[0]/LinearLayout[0]/RecyclerView[8]/LinearLayout[0]/Button[3]',
    );
    expect(decideOn('Amara is off sick on Sunday, cancel that meal', 'android-school-lunch')).toBe('fail');
    expect(decideOn('Amara is off on Monday and Tuesday, cancel that meal', 'android-school-lunch')).toBe('fail');
    // "them" of things when the reason names no one; "Sunday's eight" at the reason's end.
    expect(decideOn("We've got plenty of pigs in blankets already, remove them", 'android-farm-shop-preorder')).toBe(
      'tap /FrameLayout[0]/LinearLayout[0]/LinearLayout[6]/Button[3]',
    );
    expect(decideOn("We've got plenty of sausage rolls already, remove them", 'android-farm-shop-preorder')).toBe('fail');
    expect(decideOn("I can't make Sunday's eight, leave it", 'ios-rowing-club-outings')).toBe('tap leave_2');
    expect(decideOn("I can't make Monday's eight, leave it", 'ios-rowing-club-outings')).toBe('fail');
    // "in the saison" says which yeast: it is kept, so the stout's row (no such button) is never the saison's.
    expect(decideOn('I just pitched the yeast in the stout, mark it', 'android-brew-batch-log')).toBe('fail');
  });

  it('reads "so" before the action, "send him a reminder" and "find someone to replace her"', () => {
    expect(decideOn('The brakes are fine after all, so remove the brake adjustment', 'android-bicycle-repair')).toBe(
      'tap com.spokeshop.app:id/remove_button',
    );
    expect(decideOn('The brakes are fine after all, so remove the chain adjustment', 'android-bicycle-repair')).toBe('fail');
    expect(decideOn("Marcus still hasn't answered, send him a reminder", 'android-sailing-crew-list')).toBe(
      'tap com.harbourclub.crew:id/remind_button',
    );
    // Tom has confirmed: his row has Remove, and no reminder is his.
    expect(decideOn("Tom still hasn't answered, send him a reminder", 'android-sailing-crew-list')).toBe('fail');
    expect(decideOn("Priya can't make it, find someone to replace her", 'android-sailing-crew-list')).toBe(
      'tap com.harbourclub.crew:id/replace_button',
    );
    expect(decideOn("Tom can't make it, find someone to replace him", 'android-sailing-crew-list')).toBe('fail');
  });

  it('reads "it has …" and "she still needs …" after the action as why', () => {
    expect(decideOn('Remove the seeded rye, it has sesame in it', 'ios-allergy-bakery-order')).toBe('tap remove_1');
    expect(parseInstruction('Remove the seeded rye, it has sesame in it').kind).not.toBe('assert');
  });
});

describe('"X is the chosen date": what is chosen, by its name (session 15)', () => {
  it('passes on the chosen one and fails another', () => {
    expect(decideOn('Day is the chosen permit type', 'android-fishing-permit')).toBe('assert com.riverpass.app:id/day_radio');
    expect(decideOn('Week is the chosen permit type', 'android-fishing-permit')).toBe('fail');
    expect(decideOn('Verify Sat 7 Feb is the chosen date', 'android-falconry-experience')).toBe('assert Sat 7 Feb');
    expect(decideOn('Verify Sun 8 Feb is the chosen date', 'android-falconry-experience')).toBe('fail');
  });
});

describe('"ask to be notified": the control that does it for me (session 16)', () => {
  it('taps "Notify me", after a reason too; nothing for what no control does', () => {
    expect(decideOn('Ros has nothing today, ask to be notified', 'ios-hair-salon-booking')).toBe('tap notifyButton');
    expect(decideOn('Ask to be notified', 'ios-hair-salon-booking')).toBe('tap notifyButton');
    expect(decideOn('Ask to be paid', 'ios-hair-salon-booking')).toBe('fail');
    expect(decideOn('Ask to be reminded', 'ios-hair-salon-booking')).toBe('fail');
  });
});

describe("the forty-seventh batch's actions said in other words (session 16)", () => {
  it('"The home-made rice was rejected, so remove it", "put us on the waitlist for parent and toddler"', () => {
    expect(decideOn('The home-made rice was rejected, so remove it', 'android-community-fridge-log')).toBe(
      'tap org.elmroadfridge.log:id/remove_button',
    );
    expect(decideOn('put us on the waitlist for parent and toddler', 'ios-ice-rink-sessions')).toBe('tap waitlistButton');
  });

  it('does nothing for a row without that control', () => {
    // The bread has Mark taken and Edit, no Remove; the disco has Manage, no waitlist.
    expect(decideOn('The sliced bread was rejected, so remove it', 'android-community-fridge-log')).toBe('fail');
    expect(decideOn('put us on the waitlist for the disco', 'ios-ice-rink-sessions')).toBe('fail');
  });
});
