/**
 * An action written as an imperative addressed to the control that does it, by its verb: "Add
 * Biscuit to my favourites" for the button "Add to Favourites", "Get directions to the hotel"
 * for "Get Directions", "Copy the translation" for "Copy", "Report damage on the bike" for
 * "Report damage". Tried last for an instruction nothing else understood (intent-resolver.ts).
 *
 * The control's name is its label, else its accessibility label, else its id's words
 * ("favouriteButton"). It is meant when:
 * - its first word is the instruction's verb, by dictionary form (lemmas.ts) or as a verb of the
 *   same action ("Change my goal" for "Edit goal", SAME_ACTION);
 * - every other word of its name is in the instruction ("Delete account" is never meant by
 *   "Delete the photo");
 * - every word of the instruction beyond the name is a word the screen shows ("Biscuit", "the
 *   hotel" of "Casa Azul Hotel") or of the family of a word of its title ("the translation" on
 *   the Translate screen): never a thing the screen does not show ("Unlock the garage door"
 *   beside the front door's Unlock); for a control named by its verb alone, a word of the
 *   screen's topic (claim-pieces.ts: its title, its heading); for a control in a list row, a word
 *   of that row only ("Join the waitlist for Pilates" never taps HIIT 30's "Join waitlist");
 * - it is the only enabled control that fits.
 */
import { type Decision, fail } from './actions.js';
import { topicWords } from './claim-pieces.js';
import { tapOn } from './decisions.js';
import { ancestors, describe, isButtonType } from './element-roles.js';
import type { ScreenElement } from './hierarchy.js';
import { sameLemma, sameStem } from './lemmas.js';
import { canonicalTokens } from './lexicon.js';
import { locatable } from './locators.js';
import { rowOf, titleElements } from './screen-structure.js';
import { idWords } from './target-choice.js';
import { comparableTokens } from './verdict-text.js';

/** Articles, pronouns and prepositions: they say how, not what. */
const FILLER = new Set(
  'the a an my your our me us this that it its to for on in into onto at of with from by up out and now please'.split(' '),
);

/**
 * Verbs that name the same action on a control: "Change my goal" is "Edit goal", "End the
 * parking session" is "Stop parking". Kept to swaps that never name another action.
 */
const SAME_ACTION: readonly (readonly string[])[] = [
  ['edit', 'change', 'modify'],
  ['stop', 'end'],
  ['start', 'begin'],
];
const sameAction = (a: string, b: string) =>
  sameLemma(a, b) || SAME_ACTION.some((g) => g.some((x) => sameLemma(a, x)) && g.some((x) => sameLemma(b, x)));

/** Words for the thing the control acts on itself, never another one: "Share the tracking link" for "Share Tracking". */
const THE_THING = /^(?:link|details|info|information)$/;

const labelOf = (el: ScreenElement) => el.text || el.contentDesc;
/** Words as the lexicon reads them: "30 min" and "30 minutes" alike (lexicon.ts). */
const tokensOf = (text: string) => canonicalTokens(comparableTokens(text));
/** "an hour", "a day": one of it, as a control writes it ("Book 1 hour"). */
const readAmounts = (tokens: readonly string[]) =>
  tokens.map((t, i) =>
    /^(?:a|an)$/.test(t) && /^(?:hours|minutes|days|weeks|months|years|nights|seconds)$/.test(tokens[i + 1] ?? '') ? '1' : t,
  );
const nameOf = (el: ScreenElement) => (labelOf(el) ? tokensOf(labelOf(el)) : idWords(el.resourceId));
const content = (words: readonly string[]) => words.filter((w) => !FILLER.has(w));
const has = (words: readonly string[], w: string) => words.some((x) => sameLemma(w, x));

export function controlByVerb(said: string, elements: readonly ScreenElement[]): Decision | null {
  const words = readAmounts(tokensOf(said));
  if (words.length < 2) return null;
  // The verb as written: the lexicon reads "end" as "finish", which names no Stop button.
  const verb = comparableTokens(said)[0]!;
  const rest = words.slice(1);
  const shown = locatable(elements)
    .filter((el) => labelOf(el) !== '')
    .flatMap((el) => tokensOf(labelOf(el)));
  const title = titleElements(elements).flatMap((el) => comparableTokens(labelOf(el)));
  const topic = topicWords(elements);
  const wordsIn = (row: ScreenElement) =>
    locatable(elements)
      .filter((el) => el === row || ancestors(el, elements).includes(row))
      .flatMap((el) => comparableTokens(labelOf(el)));
  const controls = locatable(elements).filter((el) => el.clickable || isButtonType(el));
  const fits = controls.filter((el) => {
    const name = nameOf(el);
    const written = labelOf(el) ? comparableTokens(labelOf(el))[0] : name[0];
    if (!written || !sameAction(written, verb)) return false;
    const others = content(name.slice(1));
    if (!others.every((w) => has(rest, w))) return false;
    // Every number of the instruction is the control's: "Book the room for 2 hours" never taps "Book 1 hour".
    if (!rest.filter((w) => /^\d/.test(w)).every((n) => others.includes(n))) return false;
    const beyond = content(rest).filter((w) => !has(others, w));
    const row = rowOf(el, elements);
    // A control named by its verb alone acts on what the screen is about: "Delete the account" never taps the
    // photo's "Delete" because an "Account" tab is shown.
    const known = row ? wordsIn(row) : others.length === 0 ? topic : shown;
    return beyond.every((w) => THE_THING.test(w) || has(known, w) || (!row && title.some((t) => sameStem(w, t))));
  });
  if (fits.length !== 1) return null;
  const el = fits[0]!;
  if (!el.enabled) return fail(`${describe(el)} is disabled`);
  return tapOn(el, elements, `${describe(el)} does the instruction's verb "${verb}"`, 0.8);
}
