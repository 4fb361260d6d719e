/**
 * Switches and checkboxes set as said: "Turn on the reminder for Ashby Green" (the switch of that row),
 * "Allow substitutions" (a toggle by its own verb and words), "Phone calls stream to the hearing aids" (a
 * statement in a switch's words is a check of its state, never a tap). Done when it already is as said.
 */
import { type Decision, fail } from './actions.js';
import { bySwitchPromise } from './assertions.js';
import { NEGATIONS } from './claim-words.js';
import { confidence, matchWhy, notFound, tapOn } from './decisions.js';
import { findMatches, findToggle, type Match, toggleOf } from './element-matching.js';
import { describe } from './element-roles.js';
import type { ScreenElement } from './hierarchy.js';
import { sameLemma } from './lemmas.js';
import { toggleRestating } from './offered-toggles.js';
import { chooseTarget, withoutKind } from './target-choice.js';
import type { TargetPhrase } from './target-phrase.js';
import { doneControlOfRow, toggleByWords } from './toggle-words.js';
import { comparableTokens, sameText } from './verdict-text.js';

const labelOf = (el: ScreenElement) => el.text || el.contentDesc;

/** A toggle named by `phrase` set `desired` (null: flipped); a not-found failure names the closest. */
export function resolveToggle(phrase: TargetPhrase, desired: 'on' | 'off' | null, elements: readonly ScreenElement[]): Decision {
  // "Turn off the evening reminder" beside "Remind me the evening before": the one toggle whose label has its words.
  const byWords = (): ReturnType<typeof findToggle> => {
    const toggle = toggleByWords(phrase.variants?.[0] ?? phrase.text, elements);
    return toggle && { toggle, match: { element: toggle, score: 0.85, via: 'text' } };
  };
  // "the reminder for Ashby Green": the switch in that row, never the first "Remind me" of the list.
  const qualified = phrase.near !== undefined || phrase.container !== undefined;
  if (qualified) {
    const toggles = (p: TargetPhrase) => findMatches(elements, { ...p, role: 'toggle' }).filter((m) => toggleOf(m.element, elements));
    const choice = chooseTarget(elements, phrase, toggles, 'switch or checkbox');
    if (choice.ok) return setToggle({ toggle: toggleOf(choice.match.element, elements)!, match: choice.match }, desired, elements);
    // "the pitch raise for every visit" beside "Add a pitch raise to every visit": the words after "for" are the label's own.
    const anchor = phrase.near ? comparableTokens(phrase.near.anchor.text) : [];
    const plain = findToggle(elements, phrase) ?? byWords();
    const own = plain ? comparableTokens(labelOf(plain.match.element) || labelOf(plain.toggle)) : [];
    if (!plain || anchor.length === 0 || !anchor.every((w) => own.includes(w))) return choice.decision;
    return setToggle(plain, desired, elements);
  }
  const found = findToggle(elements, phrase) ?? kindToggle(phrase, elements) ?? byWords();
  // "Mark feeding the cat as done" on a row with a "Mark done" button and no box.
  const done = !found && desired === 'on' ? doneControlOfRow(phrase.variants?.[0] ?? phrase.text, elements) : null;
  if (done) return tapOn(done, elements, `${describe(done)} marks the row done`, 0.85);
  if (!found) return notFound('switch or checkbox', phrase, elements);
  return setToggle(found, desired, elements);
}

/** The toggle set as desired: done when it already is, else a tap (through its label's row when it is not clickable). */
function setToggle(
  { toggle, match }: { toggle: ScreenElement; match: Match },
  desired: 'on' | 'off' | null,
  elements: readonly ScreenElement[],
): Decision {
  const state = toggle.checked ? 'on' : 'off';
  if (desired === state) {
    return { action: { type: 'done' }, reasoning: `${describe(toggle)} is already ${state}`, confidence: confidence(match.score) };
  }
  if (!toggle.enabled) return fail(`${describe(toggle)} is disabled`);
  // A preference row's switch is often not clickable itself: tap through the label's row.
  const decision = tapOn(toggle.clickable ? toggle : match.element, elements, '', match.score);
  return { ...decision, reasoning: `Toggle ${describe(toggle)} from ${state}: ${matchWhy(match)}` };
}

/**
 * "Phone calls stream to the hearing aids" beside a switch "Stream phone calls to hearing aids": a statement in a
 * switch's words (offered-toggles.ts `toggleRestating`) is a check of it, decided by its state; never a tap. Said
 * with the label's first word first, it is the imperative ("Stream phone calls…"), which toggleByItsVerb reads.
 */
export function statedBySwitch(said: string, elements: readonly ScreenElement[]): Decision | null {
  const stated = toggleRestating(said, elements);
  const first = stated ? comparableTokens(labelOf(stated.toggle))[0] : undefined;
  if (!stated || !first || sameLemma(comparableTokens(said)[0] ?? '', first)) return null;
  return bySwitchPromise(stated.toggle, stated.negated, elements);
}

/**
 * "Allow substitutions", "Keep the app data", "Hire towels", "Delete the chat history too": the verb and
 * what it acts on are words of one switch's or checkbox's label ("Allow substitutions if something runs
 * out", "Keep 120 MB of app data.", "Towel hire (+£3.00)", "Also delete chat history"): it is turned on.
 * The verb must be the label's; two words at least; one such toggle only (toggle-words.ts).
 */
export function toggleByItsVerb(said: string, elements: readonly ScreenElement[]): Decision | null {
  const words = comparableTokens(said).filter((w) => !/^(?:the|a|an|my|our|too|also|please)$/.test(w));
  if (words.length < 2 || words.some((w) => NEGATIONS.has(w))) return null;
  const toggle = toggleByWords(said, elements);
  if (!toggle || !comparableTokens(labelOf(toggle)).some((t) => sameLemma(t, words[0]!))) return null;
  return resolveToggle({ text: labelOf(toggle) }, 'on', elements);
}

/** "Turn on the 22:30 alarm" on the Alarm screen: the switch of the row whose text is exactly "22:30". */
function kindToggle(phrase: TargetPhrase, elements: readonly ScreenElement[]): ReturnType<typeof findToggle> {
  const named = withoutKind(phrase, elements);
  const found = named ? findToggle(elements, named) : null;
  return found && named && sameText(labelOf(found.match.element), named.text) ? found : null;
}
