/**
 * A list row named by its names and numbers and a noun for what it is (intent-resolver.ts
 * `rowByNames`): "Open the Arsenal v Chelsea match", "tap the 11:58 low tide", "Open work order
 * WO-1041". Traps: a name no row shows, one word of a longer title ("the Weekly email" beside
 * "Weekly report"), a name the screen shows outside the row too ("Blue Hours").
 */
import { describe, expect, it } from 'vitest';
import { decideOn } from './testing/corpus-decisions.js';

const decide = decideOn;

describe('a row named by the names it shows', () => {
  it('taps the one row showing every name', () => {
    expect(decide('Open the Arsenal v Chelsea match', 'android-football-scores')).toBe(
      'tap /FrameLayout[0]/LinearLayout[0]/RecyclerView[2]/LinearLayout[1]',
    );
    expect(decide('tap the 11:58 low tide', 'ios-tide-times')).toBe('tap tide_1');
    expect(decide('Open work order WO-1041', 'android-work-orders')).toBe(
      'tap /FrameLayout[0]/LinearLayout[0]/RecyclerView[2]/LinearLayout[0]',
    );
    expect(decide('tap the Château Musar wine', 'android-wine-cellar')).toBe(
      'tap /FrameLayout[0]/LinearLayout[0]/RecyclerView[3]/LinearLayout[0]',
    );
  });

  it('"Tap Enter score on hole 7": that row\'s control of that name', () => {
    expect(decide('Tap Enter score on hole 7', 'android-golf-scorecard')).toBe(
      'tap /FrameLayout[0]/LinearLayout[0]/RecyclerView[5]/LinearLayout[6]/Button[2]',
    );
    // Hole 3 is played: its row has no Enter score.
    expect(decide('Tap Enter score on hole 3', 'android-golf-scorecard')).toBe('fail');
    expect(decide('Tap Enter score on hole 12', 'android-golf-scorecard')).toBe('fail');
  });

  it('never a row missing a name, one word of a longer title, or a name shown elsewhere too', () => {
    expect(decide('Open the Arsenal v Liverpool match', 'android-football-scores')).toBe('fail');
    expect(decide('tap the 12:58 low tide', 'ios-tide-times')).toBe('fail');
    expect(decide('Open work order WO-1049', 'android-work-orders')).toBe('fail');
    expect(decide('tap the Château Margaux wine', 'android-wine-cellar')).toBe('fail');
    expect(decide('Open the Weekly email', 'android-inbox-list')).toBe('fail');
    expect(decide('Tap Blue Hours', 'ios-album')).toBe('fail');
  });
});
