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
import { capitalisedWords } from './claim-words.js';
import { tapOn } from './decisions.js';
import { ancestors, describe, isButtonType } from './element-roles.js';
import type { ScreenElement } from './hierarchy.js';
import { sameLemma, sameStem } from './lemmas.js';
import { canonicalTokens, ROW_KINDS } from './lexicon.js';
import { locatable } from './locators.js';
import { modalFilter, rowOf, sameLine, titleElements } from './screen-structure.js';
import { idWords } from './target-choice.js';
import { comparableTokens } from './verdict-text.js';

/** Articles, pronouns and prepositions: they say how, not what. */
const FILLER = new Set(
  // "as" of "Download the bill as a PDF", "instead" of "Pause backup for 24 hours instead".
  'the a an my your our me us this that it its to for on in into onto at of with from by up out and now please as instead'.split(' '),
);

/**
 * Verbs that name the same action on a control: "Change my goal" is "Edit goal", "End the
 * parking session" is "Stop parking". Kept to swaps that never name another action.
 */
const SAME_ACTION: readonly (readonly string[])[] = [
  ['edit', 'change', 'modify'],
  ['stop', 'end'],
  ['start', 'begin'],
  // "Grab the standing desk": taking a place is booking it.
  ['book', 'reserve', 'grab'],
  ['create', 'set'],
  // "Turn the temperature up" (read as "increase the temperature") for "Raise target temperature", "More servings".
  ['increase', 'raise', 'more'],
  ['decrease', 'lower', 'reduce', 'fewer', 'less', 'drop', 'cut'],
];
/**
 * "Record a new vaccination", "Log a reading": making an entry, which the screen's control calls adding ("Add
 * vaccination"), where no control of its own starts with the verb. Only before an article: "Log in" adds nothing.
 */
function recordAsAdd(said: string, elements: readonly ScreenElement[]): string {
  const m = /^(record|log)\s+(?=(?:a|an)\s)/i.exec(said.trim());
  if (!m) return said;
  const own = locatable(elements).some((el) => comparableTokens(labelOf(el))[0] === m[1]!.toLowerCase());
  return own ? said : said.trim().replace(/^\S+/, 'add');
}

/** "Turn the temperature up", "turn down the volume": a verb of increasing or decreasing. */
const TURN_UP_DOWN = /^turn\s+(?:(up|down)\s+(.+)|(.+?)\s+(up|down))$/i;
const readTurn = (said: string) => {
  const m = TURN_UP_DOWN.exec(said.trim());
  if (!m) return said;
  const way = (m[1] ?? m[4])!.toLowerCase();
  return `${way === 'up' ? 'increase' : 'decrease'} ${m[2] ?? m[3]}`;
};
export const sameAction = (a: string, b: string) =>
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
/** A count in brackets is no part of a control's name: "View photos (6)" is "View photos". */
const nameOf = (el: ScreenElement) => (labelOf(el) ? tokensOf(labelOf(el).replace(/\s*\(\d+\)\s*$/, '')) : idWords(el.resourceId));
const content = (words: readonly string[]) => words.filter((w) => !FILLER.has(w));
/** The same word by dictionary form, or a long word of its family by Porter stem ("navigating" / "Navigation"). */
const kin = (a: string, b: string) => sameLemma(a, b) || (a.length >= 5 && b.length >= 5 && !/^\d/.test(a) && sameStem(a, b));
const has = (words: readonly string[], w: string) => words.some((x) => kin(w, x));
const PREPOSITION = /^(?:to|for|on|in|into|onto|at|of|with|from|by|about)$/;
/** Words for a control itself, said after its name: "Start the climate control" for "Start Climate". */
const KIND_OF_CONTROL = /^(?:control|controls|feature|function|option|button)$/;
/** Verbs that make something new: "Add a new habit" is "Add habit". */
const MAKING = /^(?:add|create|make|start)$/;
/** "from the action sheet", "in the dialog": where the control is, said while a modal is up. */
const IN_MODAL = /\s+(?:from|in|on|of)\s+(?:the|this)\s+(?:action\s+sheet|sheet|dialog|dialogue|alert|pop-?up|menu|prompt)$/i;
/** A modal's own control that closes it doing nothing: "Dismiss the action sheet", "Close the alert without saving". */
const CLOSING = /^(?:cancel|close|dismiss|not now|no thanks|maybe later|later)$/i;

export function controlByVerb(written: string, elements: readonly ScreenElement[]): Decision | null {
  const modal = modalFilter(elements);
  const said = recordAsAdd(readTurn(modal ? written.replace(IN_MODAL, '') : written), elements);
  const words = readAmounts(tokensOf(said));
  if (words.length < 2) return null;
  // The verb as written: the lexicon reads "end" as "finish", which names no Stop button.
  const verb = comparableTokens(said)[0]!;
  const rest = words.slice(1).filter((w, i) => !(w === 'new' && MAKING.test(verb) && i === rest0(words)));
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
  const names = capitalisedWords(said.replace(/^\S+/, ''));
  const fits = controls.filter((el) => {
    const name = nameOf(el);
    const written = labelOf(el) ? comparableTokens(labelOf(el))[0] : name[0];
    if (!written || !sameAction(written, verb)) return false;
    const others = content(name.slice(1));
    // Every other word of its name is in the instruction; but one word qualifying the noun the name ends on may be
    // left out ("Turn the temperature up" for "Raise target temperature"), never a number, and only when the
    // instruction says nothing else in its place ("Skip back 30 seconds" is never "Skip forward 30 seconds").
    const left = others.filter((w) => !has(rest, w));
    const qualifier =
      left.length === 1 &&
      others.length >= 2 &&
      has(rest, others.at(-1)!) &&
      !/^\d/.test(left[0]!) &&
      left[0] !== others.at(-1) &&
      content(rest).every((w) => has(others, w));
    if (left.length > 0 && !qualifier) return false;
    // "Add a note to the Sunday reading" adds a note, never a reading, whatever the screen shows: with a place
    // after a preposition, what comes before it holds a word of the name, unless the name itself says where
    // ("Add to Favourites" for "Add Biscuit to my favourites").
    const at = rest.findIndex((w) => PREPOSITION.test(w));
    // A name with a number says how much, not what ("Book 30 min" for "Book the room for 30 minutes").
    const sized = others.some((w) => /^\d/.test(w));
    if (at > 0 && others.length > 0 && !sized && !name.some((w) => PREPOSITION.test(w)) && !others.some((o) => has(rest.slice(0, at), o)))
      return false;
    // Every number of the instruction is the control's: "Book the room for 2 hours" never taps "Book 1 hour".
    if (!rest.filter((w) => /^\d/.test(w)).every((n) => others.includes(n))) return false;
    const beyond = content(rest).filter((w) => !has(others, w));
    const row = rowOf(el, elements);
    // A control named by its verb alone acts on what the screen is about: "Delete the account" never taps the
    // photo's "Delete" because an "Account" tab is shown.
    const known = row ? wordsIn(row) : others.length === 0 ? topic : shown;
    // A word before the noun the name ends on says which kind ("my finisher certificate" for "Download certificate"):
    // only there, never after it ("the account photo" is a photo, not the account).
    const head = others.at(-1);
    const last = rest.at(-1);
    // A name written with a capital is no kind: "Cancel the Quillon setup" names a setup the screen does not show.
    const modifier = (w: string) =>
      head !== undefined &&
      last !== undefined &&
      has([last], head) &&
      rest.at(-2) === w &&
      /^\p{L}+$/u.test(w) &&
      !name.includes(w) &&
      !names.has(w);
    // The few texts beside it on its line, in its own group ("Credit  €6.40  [Top up]"): "Top up my credit".
    const siblings = locatable(elements).filter(
      (o) => o !== el && o.parentIndex === el.parentIndex && labelOf(o) !== '' && sameLine(o.bounds, el.bounds),
    );
    const besides = !row && siblings.length <= 3 ? siblings.flatMap((o) => tokensOf(labelOf(o))) : [];
    // The title's word right after a word of the row ("the Michelin tyres"), never a place after a preposition ("from my box").
    const titleKind = (w: string) => {
      const i = rest.indexOf(w);
      return i > 0 && title.some((t) => sameStem(w, t)) && has(known, rest[i - 1]!);
    };
    return beyond.every(
      (w) =>
        THE_THING.test(w) ||
        has(besides, w) ||
        // A word for what the row is (lexicon.ts ROW_KINDS), or what the screen's title says its rows are: "Edit the
        // Andromeda entry" is the Edit of Andromeda's row, "Add the Michelin tyres" on "Tyres for FD19 XKB" the Michelin's.
        (row !== null && (ROW_KINDS.test(w) || titleKind(w)) && beyond.some((o) => o !== w && has(known, o))) ||
        (others.length > 0 && KIND_OF_CONTROL.test(w)) ||
        has(known, w) ||
        (!row && title.some((t) => sameStem(w, t))) ||
        (!row && modifier(w)),
    );
  });
  if (fits.length === 0) {
    const reachable = modal ? controls.filter(modal) : controls;
    return (
      (modal ? (closeModal(verb, rest, reachable, elements) ?? dialogButtonByObject(verb, rest, reachable, elements)) : null) ??
      controlGot(verb, rest, reachable, shown, elements) ??
      optionNamedLast(said, reachable, shown, [...topic, ...title], elements)
    );
  }
  if (fits.length !== 1) return null;
  const el = fits[0]!;
  if (!el.enabled) return fail(`${describe(el)} is disabled`);
  return tapOn(el, elements, `${describe(el)} does the instruction's verb "${verb}"`, 0.8);
}

/** Where "new" may stand as filler: right after the verb's article ("Add a new habit"), as the first word of the rest. */
function rest0(words: readonly string[]): number {
  return /^(?:a|an|the)$/.test(words[1] ?? '') ? 1 : 0;
}

/**
 * "Dismiss the action sheet", "Close the alert without saving": the one control of the modal that
 * closes it doing nothing (Cancel, Close, Not now). Only a verb of closing with the modal as its object.
 */
function closeModal(
  verb: string,
  rest: readonly string[],
  inModal: readonly ScreenElement[],
  elements: readonly ScreenElement[],
): Decision | null {
  if (!/^(?:dismiss|close|cancel)$/.test(verb)) return null;
  const object = content(rest);
  const without = object.indexOf('without');
  const named = without < 0 ? object : object.slice(0, without);
  // "without saving": only a verb in -ing after it, which the closing control does not do.
  if (without >= 0 && !(object.length === without + 2 && /ing$/.test(object[without + 1]!))) return null;
  if (named.length === 0 || !named.every((w) => /^(?:action|sheet|dialog|dialogue|alert|popup|pop|menu|prompt)$/.test(w))) return null;
  const closers = inModal.filter((el) => CLOSING.test(labelOf(el).trim()));
  if (closers.length !== 1) return null;
  const el = closers[0]!;
  return tapOn(el, elements, `${describe(el)} closes the dialog doing nothing`, 0.8);
}

/**
 * "Send the report" on a "Report this review" dialog whose button says "Report": a verb of sending
 * with the dialog's button named by its object. Only while a dialog is up, only its buttons, and
 * the object's words are all the button's and the button's all the object's.
 */
function dialogButtonByObject(
  verb: string,
  rest: readonly string[],
  inModal: readonly ScreenElement[],
  elements: readonly ScreenElement[],
): Decision | null {
  if (!/^(?:send|submit)$/.test(verb)) return null;
  const object = content(rest);
  if (object.length === 0) return null;
  const fits = inModal.filter((el) => {
    const name = content(nameOf(el));
    return name.length > 0 && name.every((w) => has(object, w)) && object.every((w) => has(name, w));
  });
  if (fits.length !== 1) return null;
  const el = fits[0]!;
  if (!el.enabled) return fail(`${describe(el)} is disabled`);
  return tapOn(el, elements, `${describe(el)} is the dialog's button for "${verb} ${object.join(' ')}"`, 0.8);
}

/**
 * "Get directions to the trailhead" for "Directions to Trailhead", "Get a refund" for "Refund": "get"
 * names no action of its own, so the control is named by its words after it, all of them, and every
 * other word of the instruction is shown on the screen.
 */
function controlGot(
  verb: string,
  rest: readonly string[],
  controls: readonly ScreenElement[],
  shown: readonly string[],
  elements: readonly ScreenElement[],
): Decision | null {
  if (verb !== 'get') return null;
  const wanted = content(rest);
  const fits = controls.filter((el) => {
    const name = content(nameOf(el));
    return name.length > 0 && name.every((w) => has(wanted, w)) && wanted.every((w) => has(name, w) || has(shown, w));
  });
  if (fits.length !== 1) return null;
  const el = fits[0]!;
  if (!el.enabled) return fail(`${describe(el)} is disabled`);
  return tapOn(el, elements, `${describe(el)} is what the instruction asks to get`, 0.8);
}

/** Verbs of choosing one of several options, whose option a tester names last: "Rate the card Good", "Tip Daniel £5". */
const CHOOSING = /^(?:rate|give|tip|choose|pick|select|set|mark|score|grade|answer|vote|leave)$/;

/**
 * "Rate the card Good", "Give Daniel 3 stars", "Tip the driver £5": a verb of choosing, then what is
 * rated, then the option's whole label (a name, a number or an amount as written). The label is the
 * one enabled control's whose every word ends the instruction; the words between the verb and it are
 * shown on the screen or are its topic's; never a part of a label, nor a label two controls share.
 */
function optionNamedLast(
  said: string,
  controls: readonly ScreenElement[],
  shown: readonly string[],
  topic: readonly string[],
  elements: readonly ScreenElement[],
): Decision | null {
  const written = comparableTokens(said);
  if (!CHOOSING.test(written[0] ?? '')) return null;
  const words = tokensOf(said);
  const fits = controls.filter((el) => {
    const label = labelOf(el);
    if (!label) return false;
    const name = tokensOf(label);
    if (name.length === 0 || name.length >= words.length - 1) return false;
    const tail = words.slice(words.length - name.length);
    if (!name.every((w, i) => w === tail[i])) return false;
    // Written as a name or a value: a capital, a digit or a currency ("Good", "3 stars", "£5"), never "rate it good".
    const asWritten = said.trim().split(/\s+/).slice(-label.trim().split(/\s+/).length).join(' ');
    if (!/^[\p{Lu}\p{N}\p{Sc}]/u.test(asWritten)) return false;
    const between = content(words.slice(1, words.length - name.length));
    return between.every((w) => has(shown, w) || has(topic, w));
  });
  if (fits.length !== 1) return null;
  const el = fits[0]!;
  if (!el.enabled) return fail(`${describe(el)} is disabled`);
  return tapOn(el, elements, `${describe(el)} is the option the instruction names last`, 0.8);
}
