import { describe, expect, it } from 'vitest';
import { decideOn } from './testing/corpus-decisions.js';
import { comparableTokens, numbersAgree, sameText, showsText, textSegments } from './verdict-text.js';

describe('sameText', () => {
  it.each([
    ['Welcome back', 'welcome   BACK'],
    ['Forgot password', 'Forgot password?'],
    ["Don't allow", 'Don’t Allow'],
    ['Help and Support', 'Help & Support'],
    ['Service plus certificate', 'Service + certificate'],
    ['Log in', 'Login'],
    ['Café', 'cafe'],
    ['Total: $48.50', 'total $48.50'],
    ['$12.00', '$12'],
    ['Total €1,299.00', 'total €1299'],
  ])('%j equals %j once normalised', (a, b) => expect(sameText(a, b)).toBe(true));

  it.each([
    ['Welcome', 'Welcome back'],
    ['Version 3.3.0', 'Version 3.2.1'],
    ['Version 3.2', 'Version 3.2.1'],
    ['$12.00', '€12.00'],
    ['$12.50', '$12'],
    ['$12.05', '$12.5'],
    ['3 items', '13 items'],
    ['Mar 3, 2024', 'Mar 3, 2023'],
    ['Red Mug', 'Red Mugs'],
    ['+', '−'],
    ['Score plus 3', 'Score +3'],
  ])('%j is not %j', (a, b) => expect(sameText(a, b)).toBe(false));

  it('keeps numbers whole, with their separators', () => {
    expect(comparableTokens('Total: $1,299.00 (3 items)')).toEqual(['total', '$', '1,299.00', '3', 'items']);
    expect(comparableTokens('v3.3.0 on 12/05/2024 at 9:41')).toEqual(['v', '3.3.0', 'on', '12/05/2024', 'at', '9:41']);
  });
});

describe('showsText', () => {
  it('finds a whole sentence, line, value after a colon or aside, never a fragment', () => {
    expect(textSegments('Invalid password. Try again.')).toContain('Invalid password.');
    expect(showsText('Invalid password. Try again.', 'Invalid password')).toBe(true);
    expect(showsText('Last updated: Mar 3, 2024', 'Mar 3, 2024')).toBe(true);
    expect(showsText('Build 4521 (release)', 'Build 4521')).toBe(true);
    expect(showsText('3 items · $48.50', '$48.50')).toBe(true);
    // A label and its value between two separators stand whole too (the fortieth batch).
    expect(showsText('Boat: Kestrel (J/24) · Skipper: Fiona Reid', 'Skipper: Fiona Reid')).toBe(true);
    expect(showsText('Boat: Kestrel (J/24) · Skipper: Fiona Reid', 'Boat: Kestrel (J/24)')).toBe(true);
    expect(showsText('Boat: Kestrel (J/24) · Skipper: Fiona Reid', 'Kestrel (J/24) · Skipper')).toBe(false);
    expect(showsText('Welcome back', 'Welcome')).toBe(false);
    expect(showsText('Welcome, John!', 'Welcome')).toBe(false);
    expect(showsText('Spring sale: up to 40% off', '40%')).toBe(false);
    expect(showsText('', '')).toBe(false);
  });
});

describe('numbersAgree', () => {
  it('requires every number the query names', () => {
    expect(numbersAgree('Tap Product 1', 'Product 1')).toBe(true);
    expect(numbersAgree('Product 1', 'Product 10')).toBe(false);
    expect(numbersAgree('Version 3.3.0', 'Version 3.2.1')).toBe(false);
    expect(numbersAgree('Red Mug', 'Red Mug $12.00')).toBe(true);
    expect(numbersAgree('Send €250', 'Send €250.00')).toBe(true);
    expect(numbersAgree('Send €250', 'Send €250.50')).toBe(false);
  });
});

describe('a clause after "and" with a subject of its own stands on its own (session 16)', () => {
  it('splits "won\'t be charged and her next clean moves…", never "Cats and dogs welcome"', () => {
    expect(textSegments("Mrs Okafor won't be charged and her next clean moves to Thu 11 Dec.")).toContain(
      'her next clean moves to Thu 11 Dec.',
    );
    expect(textSegments('Cats and dogs welcome')).toEqual(['Cats and dogs welcome']);
  });

  it("passes the clause without the other's negation, and nothing the text does not say", () => {
    expect(decideOn('Make sure the next clean moves to 11 December', 'android-skip-window-clean-dialog')).toBe('assert android:id/message');
    expect(decideOn('Check her next clean moves to Fri 12 Dec', 'android-skip-window-clean-dialog')).toBe('fail');
    expect(decideOn('Check Mrs Okafor will be charged', 'android-skip-window-clean-dialog')).toBe('fail');
  });
});
