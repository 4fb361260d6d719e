/**
 * Taking a thing off a list and pulling out of an event (instruction-grammar.ts, named-row-controls.ts): "Take Otto
 * off this stay" is removing Otto, "remove the piano from the inventory" names the piano's row, "pull me out of
 * Sunday's shoot" is withdrawing from it. Each with its trap: a count taken off lowers a quantity, a row without the
 * control taps nothing.
 */
import { describe, expect, it } from 'vitest';
import { androidScreen, button, row, text, title } from './android-test-screens.js';
import { decideOffline } from './offline-model.js';

// A camping trip's kit list: a tent and a stove, each removable; a lantern with a quantity; two club walks.
const kit = androidScreen(title('Kit list'), {
  cls: 'androidx.recyclerview.widget.RecyclerView',
  b: [0, 300, 1080, 1900],
  id: 'kit_list',
  kids: [
    row(300, 'kit_row', [text('Four-person tent', 310, 'kit_name'), button('Remove', 330, 'remove_tent')]),
    row(520, 'kit_row', [text('Camping stove', 530, 'kit_name'), button('Remove', 550, 'remove_stove')]),
    row(740, 'kit_row', [
      text('Lantern × 2', 750, 'kit_name'),
      button('Fewer', 770, 'fewer_lantern', 500),
      button('Remove', 770, 'remove_lantern'),
    ]),
    row(960, 'walk_row', [text('Sat 4 Oct · Kinder Scout walk', 970, 'walk_name'), button('Withdraw', 990, 'withdraw_sat')]),
    row(1180, 'walk_row', [text('Sun 5 Oct · Mam Tor walk', 1190, 'walk_name'), button('Details', 1210, 'details_sun')]),
  ],
});
const tapped = (instruction: string) => {
  const { action } = decideOffline({ instruction, platform: 'android', hierarchyXml: kit });
  return action.type === 'tap' ? `tap ${action.target?.value}` : action.type;
};

describe('taking a thing off a list, pulling out of an event', () => {
  it('removes the row named, however the list is called', () => {
    expect(tapped('Take the camping stove off the list')).toBe('tap app:id/remove_stove');
    expect(tapped('Take the stove off this trip')).toBe('tap app:id/remove_stove');
    expect(tapped("We've borrowed a tent, so remove it from the inventory")).toBe('tap app:id/remove_tent');
  });
  it('withdraws from the event the tester pulls out of, never from one without the control', () => {
    expect(tapped("Pull me out of Saturday's walk")).toBe('tap app:id/withdraw_sat');
    expect(tapped("Withdraw from Saturday's walk")).toBe('tap app:id/withdraw_sat');
    expect(tapped("Pull me out of Sunday's walk")).toBe('fail');
  });
  it('takes a count off as a lower quantity, not as removing the row', () => {
    expect(tapped('Take one lantern off')).toBe('tap app:id/fewer_lantern');
  });
});
