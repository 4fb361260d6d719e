import { describe, expect, it } from 'vitest';
import { identifierMatchScore, identifierWords, levenshtein, MIN_MATCH_SCORE, normalizeText, similarity, textMatchScore } from './fuzzy.js';

describe('normalizeText', () => {
  it.each([
    ['  Log   In ', 'log in'],
    ['Don’t Allow', 'dont allow'],
    ["Don't allow", 'dont allow'],
    ['Terms & Conditions', 'terms and conditions'],
    ['Service + gas safety certificate', 'service plus gas safety certificate'],
    ['Through 6 · +3', 'through 6 3'],
    ['Café crème', 'cafe creme'],
    ['Forgot password?', 'forgot password'],
    ['Wi‑Fi', 'wi fi'],
    ['+', ''],
  ])('%j → %j', (input, output) => {
    expect(normalizeText(input)).toBe(output);
  });
});

describe('levenshtein / similarity', () => {
  it.each([
    ['', '', 0],
    ['abc', '', 3],
    ['kitten', 'sitting', 3],
    ['continue', 'contnue', 1],
    ['signin', 'signup', 2],
  ])('%j vs %j = %d', (a, b, d) => {
    expect(levenshtein(a, b)).toBe(d);
    expect(levenshtein(b, a)).toBe(d);
  });

  it('is 1 for equal strings and falls with distance', () => {
    expect(similarity('login', 'login')).toBe(1);
    expect(similarity('continue', 'contnue')).toBeCloseTo(0.875);
  });
});

describe('textMatchScore', () => {
  const cases: Array<[string, string, 'exact' | 'high' | 'match' | 'none']> = [
    ['Login', 'Login', 'exact'],
    ['login', 'LOGIN', 'high'],
    ['Login', 'Log in', 'high'],
    ["Don't Allow", 'Don’t Allow', 'high'],
    ['Forgot password', 'Forgot password?', 'high'],
    ['Continue', 'Contnue', 'match'],
    ['Settings', 'Setings', 'match'],
    ['Welcome', 'Welcome back, John!', 'match'],
    ['Sign in', 'Sign up', 'none'],
    ['Login', 'Logout', 'none'],
    ['OK', 'On', 'none'],
    ['Allow', 'Don’t allow', 'none'],
    ['Allow', 'Do not allow', 'none'],
    ["Don't allow", 'Don’t allow this time', 'match'],
    ['Cancel', 'Delete', 'none'],
    ['', 'Anything', 'none'],
    ['Anything', '', 'none'],
    ['+', '×', 'none'],
    ['×', '×', 'exact'],
  ];
  it.each(cases)('%j vs %j: %s', (query, candidate, level) => {
    const score = textMatchScore(query, candidate);
    if (level === 'exact') expect(score).toBe(1);
    if (level === 'high') expect(score).toBeGreaterThanOrEqual(0.9);
    if (level === 'match') expect(score).toBeGreaterThanOrEqual(MIN_MATCH_SCORE);
    if (level === 'match') expect(score).toBeLessThan(0.9);
    if (level === 'none') expect(score).toBe(0);
  });

  it('orders exact > normalised > spacing > containment > typo', () => {
    const scores = [
      textMatchScore('Log in', 'Log in'),
      textMatchScore('log in', 'Log In'),
      textMatchScore('Log in', 'Login'),
      textMatchScore('Log in', 'Log in with email'),
      textMatchScore('Log in', 'Lgo in'),
    ];
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(new Set(scores).size).toBe(scores.length);
  });

  it('turns typos and short containment off on request', () => {
    expect(textMatchScore('Contnue', 'Continue', { typos: false })).toBe(0);
    expect(textMatchScore('Sign in', 'Sign in with Apple', { minCoverage: 0.5 })).toBe(0);
    expect(textMatchScore('Headphones', 'Wireless Headphones', { minCoverage: 0.5 })).toBeGreaterThan(MIN_MATCH_SCORE);
    expect(textMatchScore('Welcome', 'Welcome back', { containment: false })).toBe(0);
  });
});

describe('identifiers', () => {
  it.each([
    ['com.example:id/btn_login', ['btn', 'login']],
    ['loginButton', ['login', 'button']],
    ['URLField', ['url', 'field']],
    ['permission_allow_foreground_only_button', ['permission', 'allow', 'foreground', 'only', 'button']],
    ['onetrust-accept-btn-handler', ['onetrust', 'accept', 'btn', 'handler']],
    ['item2', ['item', '2']],
  ])('%j → %j', (id, words) => {
    expect(identifierWords(id)).toEqual(words);
  });

  it.each([
    ['Login', 'com.example:id/btn_login'],
    ['login button', 'loginButton'],
    ['Email', 'com.example.shop:id/email_input'],
    ['password', 'passwordField'],
    ['First name', 'first_name'],
    ['Search', 'action_search'],
  ])('%j matches id %j', (query, id) => {
    expect(identifierMatchScore(query, id)).toBeGreaterThanOrEqual(MIN_MATCH_SCORE);
    expect(identifierMatchScore(query, id)).toBeLessThan(textMatchScore(query, query));
  });

  it.each([
    ['Login', 'com.example:id/btn_logout'],
    ['Email', 'password_input'],
    ['Sign in', 'sign_up_link'],
  ])('%j does not match id %j', (query, id) => {
    expect(identifierMatchScore(query, id)).toBe(0);
  });

  it('matches the short form of an Android id exactly', () => {
    expect(identifierMatchScore('login_button', 'com.example:id/login_button')).toBeCloseTo(0.9);
  });
});

describe('typos are not other forms of a word', () => {
  it('matches a misspelling but not an inflection', () => {
    expect(textMatchScore('Contnue', 'Continue')).toBeGreaterThan(0);
    expect(textMatchScore('Checkou', 'Checkout')).toBeGreaterThan(0);
    expect(textMatchScore('Delete', 'Deleted')).toBe(0);
    expect(textMatchScore('Archive', 'Archived')).toBe(0);
    expect(textMatchScore('Check for update', 'Check for updates')).toBe(0);
    expect(textMatchScore('Add to cart', 'Added to cart')).toBe(0);
  });
});
