/**
 * "X hasn't replied yet" said by X's row (reply-states.ts). Traps: a row that has answered, a name
 * no row has, another's status.
 */
import { describe, expect, it } from 'vitest';
import { decideOn } from './testing/corpus-decisions.js';

describe('an invitation not answered yet, said by the person’s row', () => {
  it('passes on "Awaiting reply" or "Pending" in the one row of that name', () => {
    expect(decideOn("Check Daniel Kim hasn't replied yet", 'ios-wedding-guest-list')).toBe('assert partyLabel_1');
    expect(decideOn('Marcus Lee has not replied yet', 'android-sailing-crew-list')).toBe('assert Awaiting reply');
    expect(decideOn("Check Priya hasn't replied yet", 'android-bell-ringing-rota')).toBe('assert Awaiting reply');
  });

  it('fails a row that answered, and a name no row has', () => {
    // Priya Nair declined; Tom Bright confirmed: the "Awaiting reply" on screen is Marcus's.
    expect(decideOn('Priya Nair has not replied yet', 'android-sailing-crew-list')).toBe('fail');
    expect(decideOn('Tom Bright has not replied yet', 'android-sailing-crew-list')).toBe('fail');
    expect(decideOn('Zoe Hart has not replied yet', 'android-sailing-crew-list')).toBe('fail');
    expect(decideOn("Check the Okonkwo family hasn't replied yet", 'ios-wedding-guest-list')).toBe('fail');
  });
});
