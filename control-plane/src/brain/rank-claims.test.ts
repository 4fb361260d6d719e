/**
 * A place in a ranking said as an ordinal (rank-claims.ts). Traps: another place, a place in
 * another part of the same text, another number beside it, a name the screen does not show.
 */
import { describe, expect, it } from 'vitest';
import { decideOn } from './testing/corpus-decisions.js';

describe('a place in a ranking', () => {
  it('passes on the part of a text that gives that place for what is ranked', () => {
    expect(decideOn("Check we're third in the league on 19 points", 'ios-darts-league')).toBe('assert positionLabel');
    expect(decideOn('Verify Maya finished 812th overall', 'android-race-results')).toBe('assert com.racetime.app:id/placings_text');
    expect(decideOn('Check she was 57th in her age category', 'android-race-results')).toBe('assert com.racetime.app:id/placings_text');
    expect(decideOn("Check I'm 4th on the Meanwood list", 'ios-allotment-waiting-list')).toMatch(/^assert /);
  });

  it('fails another place, a place of another part, another number, another name', () => {
    expect(decideOn("Check we're second in the league on 19 points", 'ios-darts-league')).toBe('fail');
    expect(decideOn("Check we're third in the league on 20 points", 'ios-darts-league')).toBe('fail');
    // 57 is her place in her category, 812 overall.
    expect(decideOn('Verify Maya finished 57th overall', 'android-race-results')).toBe('fail');
    expect(decideOn('Check she was 812th in her age category', 'android-race-results')).toBe('fail');
    expect(decideOn('Verify Chloe finished 812th overall', 'android-race-results')).toBe('fail');
    expect(decideOn("Check I'm 5th on the Meanwood list", 'ios-allotment-waiting-list')).toBe('fail');
  });
});
