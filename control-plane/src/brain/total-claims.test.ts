/**
 * What it all comes to (total-claims.ts): "it all comes to £118", "the quote comes to £118", "the extras come to £118"
 * pass on the screen's one total. Traps: another amount, a thing the total does not name, no total on the screen,
 * an amount only a row shows.
 */
import { describe, expect, it } from 'vitest';
import { androidScreen, text, title } from './android-test-screens.js';
import { decideOffline } from './offline-model.js';

const quote = androidScreen(
  title('Your quote'),
  text('Gutter clearing · £80.00', 300, 'gutter_row'),
  text('Moss removal · £38.00', 380, 'moss_row'),
  text('2 extras · total £118.00 · pay on the day', 600, 'quote_total'),
);
const noTotal = androidScreen(
  title('Your quote'),
  text('Gutter clearing · £80.00', 300, 'gutter_row'),
  text('Pay on the day', 600, 'pay_note'),
);
const decide = (instruction: string, screen = quote) => {
  const { action } = decideOffline({ instruction, platform: 'android', hierarchyXml: screen });
  return action.type === 'assert' ? `assert ${action.target?.value}` : action.type;
};

describe('what it all comes to', () => {
  it('passes the total, however the whole is named and the amount said', () => {
    expect(decide('Check it all comes to £118')).toBe('assert app:id/quote_total');
    expect(decide('Let me know if the quote comes to a hundred and eighteen pounds')).toBe('assert app:id/quote_total');
    expect(decide('Check the extras come to £118.00 altogether')).toBe('assert app:id/quote_total');
    expect(decide('Make sure the whole lot costs £118')).toBe('assert app:id/quote_total');
  });
  it('never another amount, a thing the total does not name, or a screen without a total', () => {
    expect(decide('Check it all comes to £120')).toBe('fail');
    expect(decide('Check it all comes to £80')).toBe('fail');
    expect(decide('Check the moss removal comes to £118')).toBe('fail');
    expect(decide('Check the whole lot comes to £80', noTotal)).toBe('fail');
  });
});
