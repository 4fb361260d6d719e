/**
 * Turns an Intent into a Decision on the current screen. Iterative intents
 * (scroll until visible, wait for) answer one step at a time and `done` once
 * satisfied; everything else answers the single action that carries it out.
 */
import { type Decision, fail } from './actions.js';
import { findShown, promisedBySwitchSentence, resolveAssert, resolveState } from './assertions.js';
import { capitalisedWords } from './claim-words.js';
import { rowsOfPeriod } from './day-periods.js';
import { confidence, matchWhy, position, quoteOf, tapOn } from './decisions.js';
import { fields, findByLabels, findFields, findMatches, listItems, nth, tapTargetOf } from './element-matching.js';
import { ancestors, center, descendants, describe, isButtonType, isKeyboard } from './element-roles.js';
import { chosenFilter } from './filter-claims.js';
import { normalizeText } from './fuzzy.js';
import { type Platform, type ScreenElement, shortType } from './hierarchy.js';
import type { Intent } from './instruction-grammar.js';
import { sameLemma } from './lemmas.js';
import { canonicalWord, controlWords, DESTINATION, GENERIC_OBJECTS, spelledOut, WEEKDAY } from './lexicon.js';
import { locatable, locate, locatorFor } from './locators.js';
import {
  controlForRow,
  controlOfMyRow,
  controlSaidOfRow,
  innermostRows,
  labelForRow,
  rowsOfScreen,
  verbOfNamedRow,
} from './named-row-controls.js';
import { toggleOffering } from './offered-toggles.js';
import {
  answerCookies,
  answerPermission,
  confirmAction,
  confirmDialog,
  DESTRUCTIVE,
  declineAction,
  dismiss,
  doInDialog,
  keepInDialog,
} from './prompt-answers.js';
import { rankClaim } from './rank-claims.js';
import { refundClaim } from './refund-claims.js';
import { notRepliedYet } from './reply-states.js';
import { rowClaim } from './row-claims.js';
import { rowQuantityClaim } from './row-quantities.js';
import { rowStepper, stepperButton } from './row-steppers.js';
import { rowNamedByPrefix } from './row-titles.js';
import { modalFilter, rowOf, titleElements } from './screen-structure.js';
import { countWanted, stepToCount } from './stepper-targets.js';
import { changeChoice, choiceOfWeekday, showTab, tabNamedBy } from './tab-choice.js';
import { chooseTarget } from './target-choice.js';
import { parseTargetPhrase, type TargetPhrase } from './target-phrase.js';
import { resolveToggle, statedBySwitch, toggleByItsVerb } from './toggle-resolution.js';
import { totalClaim, wholeTotalClaim } from './total-claims.js';
import { labelValueSentence, resolveFieldValue, resolveLabelValue } from './value-assertions.js';
import { controlByVerb, sameAction } from './verb-controls.js';
import { comparableTokens, sameText, showsText, startsWithName, textSegments } from './verdict-text.js';

export interface Screen {
  platform: Platform;
  elements: ScreenElement[];
}

/** See MatchOptions.minCoverage. */
const TAP_MATCHING = { minCoverage: 0.5 };
/** Below this a match is only partial (decisions.ts `matchWhy`). */
const PARTIAL = 0.85;

function resolveTap(phrase: TargetPhrase, elements: readonly ScreenElement[], verb?: string): Decision {
  // "Item 3" is the third row unless a text "Item 3" is on screen (asked only then: most taps have variants).
  const shownByName = () => !!phrase.variants?.length && findMatches(elements, { text: '', variants: phrase.variants }).length > 0;
  if (!phrase.text && phrase.ordinal !== undefined && !shownByName()) {
    const rows = listItems(elements);
    const row = nth(rows, phrase.ordinal);
    if (!row) {
      const why = rows.length ? `the list shows only ${rows.length}` : 'no list is on the screen';
      return fail(`Wanted ${quoteOf(phrase)} of a list, but ${why}`);
    }
    return tapOn(row, elements, `row ${position(phrase.ordinal, rows.length)} in the list`, 0.85);
  }
  const choice = chooseTarget(elements, phrase, (p) => findMatches(elements, p, undefined, TAP_MATCHING), 'element');
  if (!choice.ok)
    return (
      titledRow(phrase, elements, verb) ??
      rowByFirstWords(phrase, elements, verb) ??
      rowByWho(phrase, elements, verb) ??
      rowByNames(phrase, elements, verb) ??
      controlOnRow(phrase, elements) ??
      // "Switch to Ava's chores": the tab named by whose they are.
      (verb && /^(?:switch|go)\s+to$/i.test(verb) && !phrase.literal ? tabNamedBy(phrase.text, elements) : null) ??
      // "Pick Sunday instead": the one choice dated on that day.
      (verb && /^(?:pick|choose|select|switch\s+to|go\s+for)$/i.test(verb) && !phrase.literal
        ? choiceOfWeekday(phrase.text, elements)
        : null) ??
      choice.decision
    );
  const best = choice.match;
  // "Open the compartment" beside a label "Compartment" and a button "Open compartment": the control the verb and its object name.
  const named =
    verb && !tapTargetOf(best.element, elements).clickable && !isButtonType(best.element) ? controlOfVerb(verb, phrase, elements) : null;
  if (named) return tapOn(named, elements, `${describe(named)} is named by the instruction's verb and object`, 0.9);
  // A partial match is only as good as it is alone: "Beanie" is in "Wool Beanie" and in "Cotton Beanie",
  // however much of each text it covers.
  if (best.score < PARTIAL && !phrase.near && !phrase.container && phrase.ordinal === undefined) {
    const own = tapTargetOf(best.element, elements);
    const rivals = findMatches(elements, phrase).filter((m) => m.score < PARTIAL && tapTargetOf(m.element, elements) !== own);
    if (rivals.length > 0)
      return fail(
        `Ambiguous: ${quoteOf(phrase)} is part of ${describe(best.element)} and of ${rivals.map((m) => describe(m.element)).join(', ')}; say which`,
      );
  }
  // Only part of a text that is no control ("Delete" of the dialog title "Delete file?") names nothing to tap.
  if (best.score < PARTIAL && !tapTargetOf(best.element, elements).clickable)
    return fail(`No control matching ${quoteOf(phrase)}: it is only part of ${describe(best.element)}, which is not a control`);
  // A group of controls whose id names it ("filters" of a chip group) is no control: "Tap Filters" names none of them.
  const group = tapTargetOf(best.element, elements);
  if (best.via === 'resourceId' && !group.clickable && descendants(group, elements).filter((d) => d.clickable).length > 1)
    return fail(`No control matching ${quoteOf(phrase)}: only ${describe(group)}, a group of controls, has such an id; say which of them`);
  if (!best.element.enabled) return fail(`${describe(best.element)} is disabled`);
  const why = [choice.why, matchWhy(best)].filter(Boolean).join(', ');
  const score = choice.why ? best.score * 0.95 : best.score;
  // "Navigate to 9 Orchard Close" on a job card with its own Navigate button: that button, not the card.
  // A text that is no control stands in a row of its own even where the list has no clickable rows: its parent.
  const plainText = !tapTargetOf(best.element, elements).clickable && !isButtonType(best.element);
  const parent = plainText ? (ancestors(best.element, elements)[0] ?? null) : null;
  const row = verb && !isButtonType(best.element) ? (rowOf(best.element, elements) ?? parent) : null;
  return (row && tapVerbControl(row, verb!, elements, why, score)) ?? tapOn(best.element, elements, why, score);
}

/** Articles and possessives: they say which, not what. */
const DETERMINERS = new Set(['the', 'a', 'an', 'my', 'your', 'this', 'that']);

/**
 * The one enabled control whose label is the verb and the object, determiners aside: "Open
 * compartment" for "Open the compartment". Null when none or several are.
 */
function controlOfVerb(verb: string, phrase: TargetPhrase, elements: readonly ScreenElement[]): ScreenElement | null {
  if (phrase.literal || phrase.ordinal !== undefined || phrase.near || phrase.container) return null;
  const words = (s: string) =>
    normalizeText(s)
      .split(' ')
      .filter((w) => w !== '' && !DETERMINERS.has(w))
      .join(' ');
  const wanted = words(`${verb} ${phrase.text}`);
  const controls = locatable(elements).filter(
    (el) => (el.clickable || isButtonType(el)) && el.enabled && [el.text, el.contentDesc].some((t) => t !== '' && words(t) === wanted),
  );
  return controls.length === 1 ? controls[0]! : null;
}

/**
 * "Open the Deep Focus playlist": a list row named by its title and a noun saying what
 * it is. Only when nothing matched the whole phrase, the words before the noun are
 * exactly one row's title (after normalisation), and no other row shows that title.
 */
function titledRow(phrase: TargetPhrase, elements: readonly ScreenElement[], verb?: string): Decision | null {
  const words = phrase.text.trim().split(/\s+/);
  // The noun is written in lower case ("the Mug Warmer product"); "Blue Mug Large" names a variant, not a row.
  if (phrase.literal || phrase.ordinal !== undefined || phrase.near || words.length < 2 || !/^\p{Ll}+$/u.test(words.at(-1)!)) return null;
  const title = words.slice(0, -1).join(' ');
  // A cell named like its own text is its own row.
  const rowOrSelf = (el: ScreenElement) => rowOf(el, elements) ?? (shortType(el.type) === 'Cell' ? el : null);
  // Its whole text or a part of it ("Food & drink" of "Unit 2: Food & drink").
  const shown = locatable(elements).filter((el) => showsText(el.text || el.contentDesc, title));
  const rows = new Set(shown.map(rowOrSelf).filter((r) => r !== null));
  // "the 10:30 flight" for the row "10:30 – 13:05": the first words of one of its texts, with the noun.
  // Only a number or time so ("the Weekly email" is not the row "Weekly report"), and nothing behind a modal dialog.
  const byFirstWords =
    rows.size === 0 && /^\d/.test(title) && !modalFilter(elements) ? rowNamedByPrefix(title, elements, true)?.row : undefined;
  if (byFirstWords) rows.add(byFirstWords);
  if (rows.size !== 1) return null;
  const [row] = rows;
  if (!row?.enabled) return null;
  const why = `the row titled "${title}" (the ${words.at(-1)})`;
  return tapRowOrItsControl(row, shown, elements, why, 0.85, verb);
}

/**
 * "Open the book by Kazuo Ishiguro", "the email from Lena": a list row named by a lower-case noun
 * for what it is and a name it shows after "by" / "from" / "with", the name a whole text of the row
 * (or a part of one between "·"), in exactly one row. Only when nothing matched the whole phrase.
 */
function rowByWho(phrase: TargetPhrase, elements: readonly ScreenElement[], verb?: string): Decision | null {
  const m = /^(?:the\s+|a\s+|my\s+)?\p{Ll}+\s+(?:by|from|with)\s+(.+)$/u.exec(phrase.text.trim());
  if (!m || phrase.literal || phrase.ordinal !== undefined || phrase.near || phrase.container) return null;
  const name = m[1]!;
  const shown = locatable(elements).filter((el) => !el.clickable && showsText(el.text || el.contentDesc, name));
  const rows = new Set(shown.map((el) => rowOf(el, elements)));
  if (rows.size !== 1 || rows.has(null)) return null;
  const [row] = rows;
  if (!row?.enabled) return null;
  return tapRowOrItsControl(row, shown, elements, `the row showing ${JSON.stringify(name)}`, 0.8, verb);
}

/**
 * "Open the Arsenal v Chelsea match", "tap the 11:58 low tide", "Open work order WO-1041": a list
 * row named by what it shows, its names and numbers (the words written with a capital or a digit),
 * each a word of the row's texts, beside at most two lower-case words for what it is; exactly one
 * row shows all the names, and a lower-case word missing from it is shown by no other row (it says
 * what the row is, not which). Only when nothing matched the whole phrase; nothing behind a dialog.
 */
function rowByNames(phrase: TargetPhrase, elements: readonly ScreenElement[], verb?: string): Decision | null {
  if (phrase.literal || phrase.ordinal !== undefined || phrase.near || phrase.container || modalFilter(elements)) return null;
  const said = phrase.text
    .trim()
    .split(/\s+/)
    .filter((w) => !DETERMINERS.has(w.toLowerCase()));
  const isName = (w: string) => /[\p{Lu}\d]/u.test(w);
  // The names as written together: "Château Musar", "Arsenal" and "Chelsea" (apart, around "v").
  const runs: string[] = [];
  said.forEach((w, i) => {
    if (isName(w)) runs.push(i > 0 && isName(said[i - 1]!) ? `${runs.pop()} ${w}` : w);
  });
  if (runs.length === 0) return null;
  // "the Friday morning slot": a part of the day says which of the rows, by the time each shows (day-periods.ts).
  const { others, rows, aside } = rowsOfPeriod(
    said.filter((w) => !isName(w)).flatMap((w) => comparableTokens(w)),
    rowsOfScreen(elements),
    elements,
  );
  if (others.length > 2) return null;
  // Each name is a whole text of the row or a part of one ("Arsenal", "WO-1041"), or the first words of one, two or more
  // ("Château Musar" of "Château Musar 2015"): never one word of a longer text ("Weekly" of "Weekly report"). A date
  // is the same written short: "Tuesday 18 Nov" is "Tue 18 Nov", "Sunday" the "Sun" of "Sun, 08:05".
  const spelled = (text: string) => spelledOut(comparableTokens(text)).join(' ');
  const weekdayOf = (seg: string, name: string) => {
    const own = spelledOut(comparableTokens(seg));
    return WEEKDAY.test(name) && own[0] === name.toLowerCase() && own.slice(1).some((t) => /\d/.test(t));
  };
  const showsName = (el: ScreenElement, name: string) =>
    textSegments(el.text || el.contentDesc).some(
      (seg) => sameText(seg, name) || startsWithName(seg, name) || spelled(seg) === spelled(name) || weekdayOf(seg, name),
    );
  const inside = (row: ScreenElement) => [row, ...descendants(row, elements)];
  const hits = innermostRows(
    rows.filter((r) => runs.every((name) => inside(r).some((el) => showsName(el, name)))),
    elements,
  );
  if (hits.length !== 1 || !hits[0]!.enabled) return null;
  const row = hits[0]!;
  // A name the screen shows outside the row too ("Blue Hours", the album's title and its track) says no one row.
  const mine = new Set(inside(row));
  if (locatable(elements).some((el) => !mine.has(el) && !aside.has(el) && runs.some((name) => showsName(el, name)))) return null;
  const tokensOf = (r: ScreenElement) => new Set(inside(r).flatMap((el) => comparableTokens(el.text || el.contentDesc)));
  const own = tokensOf(row);
  if (others.some((o) => !own.has(o) && rows.some((r) => r !== row && tokensOf(r).has(o)))) return null;
  const shown = inside(row).filter((el) => runs.some((name) => showsName(el, name)));
  return tapRowOrItsControl(row, shown, elements, `the one row showing ${runs.map((r) => JSON.stringify(r)).join(' and ')}`, 0.8, verb);
}

/**
 * "Tap Enter score on hole 7": a control of the one list row that shows the name after "on", "for"
 * or "in" as a whole text ("Hole 7"), the control labelled with the words before it. One row, one
 * such control in it, enabled; only when nothing matched the whole phrase.
 */
function controlOnRow(phrase: TargetPhrase, elements: readonly ScreenElement[]): Decision | null {
  const m = /^(.+?)\s+(?:on|for|in|of)\s+(?:the\s+)?(.+)$/i.exec(phrase.text.trim());
  if (!m || phrase.literal || phrase.ordinal !== undefined || phrase.near || phrase.container || modalFilter(elements)) return null;
  const [, label, name] = m as unknown as [string, string, string];
  const rows = listItems(elements).filter(
    (r) => r.visible && descendants(r, elements).some((el) => sameText(el.text || el.contentDesc, name)),
  );
  if (rows.length !== 1) return null;
  const row = rows[0]!;
  const controls = descendants(row, elements).filter(
    (el) => (el.clickable || isButtonType(el)) && [el.text, el.contentDesc].some((t) => t !== '' && sameText(t, label)),
  );
  if (controls.length !== 1) return null;
  const control = controls[0]!;
  if (!control.enabled) return fail(`${describe(control)} is disabled`);
  return tapOn(control, elements, `${describe(control)} in the row showing ${JSON.stringify(name)}`, 0.85);
}

/**
 * "Select the VW Golf" on a list of cars titled "VW Golf or similar": a row named by the first
 * words of its title (row-titles.ts), written with a capital as a name is. Only when nothing
 * matched the whole phrase; a disabled row is not tapped.
 */
function rowByFirstWords(phrase: TargetPhrase, elements: readonly ScreenElement[], verb?: string): Decision | null {
  if (phrase.literal || phrase.ordinal !== undefined || phrase.near) return null;
  // In lower case, a name of two words or more followed by what the row is: "the damp patch request" of "Damp patch
  // on bedroom ceiling" (a word no text shows).
  const kind = /^(.+\s.+?)\s+(\p{L}+)$/u.exec(phrase.text);
  const lower =
    phrase.role === 'item' && /\s/.test(phrase.text)
      ? phrase.text
      : kind && !elements.some((el) => comparableTokens(el.text || el.contentDesc).includes(kind[2]!.toLowerCase()))
        ? kind[1]!
        : null;
  const name = /\p{Lu}/u.test(phrase.text) ? phrase.text : lower;
  if (!name) return null;
  const named = rowNamedByPrefix(name, elements);
  if (!named) return null;
  if (!named.row.enabled) return fail(`${describe(named.row)} is disabled`);
  return tapRowOrItsControl(
    named.row,
    [named.title],
    elements,
    `the row titled ${describe(named.title)}, named by its first words`,
    0.8,
    verb,
  );
}

/**
 * A row found by its title is tapped, unless it is a group of several controls (a chip group,
 * a segmented bar) that is no control itself: its centre would hit another of them, so the
 * one control showing the title is tapped; null when no one control does. And unless the row
 * has a control labelled with the instruction's verb alone: "Select the 10:30 sailing" taps
 * that row's "Select" button (the row itself may only open the sailing's details).
 */
function tapRowOrItsControl(
  row: ScreenElement,
  titles: readonly ScreenElement[],
  elements: readonly ScreenElement[],
  why: string,
  score: number,
  verb?: string,
): Decision | null {
  const inside = descendants(row, elements);
  const byVerb = verb ? tapVerbControl(row, verb, elements, why, score) : null;
  if (byVerb) return byVerb;
  if (row.clickable || inside.filter((d) => d.clickable).length <= 1) return tapOn(row, elements, why, score);
  const own = [...new Set(titles.filter((t) => t === row || inside.includes(t)).map((t) => tapTargetOf(t, elements)))].filter(
    (c) => c !== row && c.clickable && inside.includes(c),
  );
  if (own.length !== 1 || !own[0]!.enabled) return null;
  return tapOn(own[0]!, elements, `${describe(own[0]!)}, one of the controls of ${describe(row)}: ${why}`, score);
}

/**
 * The one control of `row` labelled with the instruction's verb alone ("Select", "Navigate" of
 * "navigate to"), tapped (or failed when disabled); null when the row has none or several.
 */
function tapVerbControl(row: ScreenElement, verb: string, elements: readonly ScreenElement[], why: string, score: number): Decision | null {
  const head = normalizeText(verb.replace(/\s+(?:to|on)$/i, ''));
  // The verb itself, or one word of the same meaning ("Pick" for a "Choose" button, lexicon.ts).
  const same = (t: string) => normalizeText(t) === head || (!/\s/.test(head) && canonicalWord(normalizeText(t)) === canonicalWord(head));
  const isVerbControl = (d: ScreenElement) => (d.clickable || isButtonType(d)) && [d.text, d.contentDesc].some((t) => t !== '' && same(t));
  const verbs = descendants(row, elements).filter(isVerbControl);
  // "Choose the Boughrood beat" where the other beats have "Choose" and Boughrood's row none (closed, sold out): the row
  // cannot be chosen, and tapping it is no choosing.
  if (verbs.length === 0) {
    const elsewhere = locatable(elements).filter((d) => {
      const other = isVerbControl(d) ? rowOf(d, elements) : null;
      return other !== null && other !== row;
    });
    if (elsewhere.length > 0) return fail(`${describe(row)} has no ${JSON.stringify(verb)} control, though other rows have one`);
  }
  if (verbs.length !== 1) return null;
  const control = verbs[0]!;
  if (!control.enabled) return fail(`${describe(control)} in ${describe(row)} is disabled`);
  return tapOn(control, elements, `${describe(control)}, the control of ${describe(row)} that the verb names: ${why}`, score);
}

function resolveTapId(id: string, elements: readonly ScreenElement[]): Decision {
  // On Android the "accessibility id" is the content-desc.
  const el = locate(elements, { by: 'resourceId', value: id }) ?? locate(elements, { by: 'contentDesc', value: id });
  if (!el) return fail(`No element with id or accessibility id "${id}" on the screen`);
  if (!el.enabled) return fail(`${describe(el)} is disabled`);
  return tapOn(el, elements, 'by id', 1);
}

const TYPE_IT_IN = /,?\s*(?:(?:can\s+you|could\s+you|please)\s+)?(?:pop|put|type|enter|fill|stick|key)\s+it\s+in$/i;

/**
 * "My mobile is 07700 900418", "Our vet is Holme Valley Vets", "The venue's number is 01423 566120, pop it in": the
 * tester gives their details, to go into the empty field they name. Only a value that looks entered (a number, an
 * address, a name in capitals), only said of the tester's own ("my", "our") or asked to be put in, only into an
 * empty field: a field already holding something is checked as said.
 */
function statedEntry(label: TargetPhrase, value: string, said: string, screen: Screen): Decision | null {
  const asked = TYPE_IT_IN.test(value);
  if (!asked && !/^(?:my|our)\s/i.test(said.trim())) return null;
  const entry = value.replace(TYPE_IT_IN, '').trim();
  // A value as entered: a number, a code or a name in capitals, an address; never "not 07700 900418".
  if (!/^(?:[\d+(]|\p{Lu}|\S+@\S+$)/u.test(entry)) return null;
  // "my mobile", "our vet", "the venue's number": the field is named by what it holds, whoever's it is.
  const named = label.text.replace(/^(?:my|our|the)\s+/i, '').replace(/(\p{L})['’]s\b/gu, '$1');
  const typed = resolveType(entry, parseTargetPhrase(named, 'field'), screen);
  if (typed.action.type !== 'type' || !typed.action.target) return null;
  const field = locate(screen.elements, typed.action.target);
  // Empty: nothing, or its placeholder (an Android dump without hints shows it as the text; iOS as the value), which
  // names what it is for: "Mobile number" holds no one's mobile.
  const placeholder = (el: ScreenElement) =>
    el.text === el.hint ||
    (el.platform === 'ios' && el.text === el.contentDesc) ||
    (!/\d/.test(el.text) && comparableTokens(named).every((w) => comparableTokens(el.text).some((t) => sameLemma(t, w))));
  const empty = !!field && (field.text === '' || placeholder(field));
  return empty ? typed : null;
}

function resolveType(text: string, field: TargetPhrase | null, screen: Screen): Decision {
  const { elements } = screen;
  const typeInto = (el: ScreenElement, why: string, score: number): Decision => ({
    action: { type: 'type', target: locatorFor(el, elements), text, point: center(el.bounds) },
    reasoning: `Type into ${describe(el)}: ${why}`,
    confidence: confidence(score),
  });
  // "the text box", "the alert's text field": no name, only the kind (and the dialog it is in), so the one field
  // there is meant, as when no field is named; a dialog's own field while it is up.
  const inDialog = field && /^(?:the\s+)?(?:alert|dialog|dialogue|sheet|pop-?up|prompt)['’]s$/i.test(field.text.trim());
  const named =
    field &&
    !inDialog &&
    (field.text !== '' ||
      (field.variants?.length ?? 0) > 0 ||
      field.ordinal !== undefined ||
      field.near !== undefined ||
      field.container !== undefined);
  if (field && named) {
    const chosen = (phrase: TargetPhrase) =>
      chooseTarget(elements, phrase, (p) => findFields(elements, p), 'text field', { preferTappable: false, ordinalOverAll: true });
    let choice = chosen(field);
    // "the driver instructions" for a field "Instructions for the driver": the two nouns the other way round.
    const compound = /^(?:the\s+)?(\p{L}+)\s+(\p{L}+)$/u.exec(field.text.trim());
    if (!choice.ok && compound && !field.near && !field.container) {
      const [, owner, thing] = compound;
      const turned = chosen({ text: `${thing} for the ${owner}`, variants: [`${thing} for the ${owner}`, `${thing} for ${owner}`] });
      if (turned.ok) choice = turned;
    }
    if (!choice.ok) return choice.decision;
    const best = choice.match;
    if (best.score < 0.9 && onlyWhomFor(field.text, labelOf(best.element)))
      return fail(`No field for ${quoteOf(field)}: ${describe(best.element)} is for it, not it`);
    return typeInto(best.element, [choice.why, matchWhy(best)].filter(Boolean).join(', '), choice.why ? best.score * 0.95 : best.score);
  }
  // "Enter promo code SPRING10": the field's own name, then what goes into it.
  const labelled = inDialog ? null : fieldNamedFirst(text, elements);
  if (labelled)
    return {
      ...typeInto(labelled.field, `${quoteOf({ text: labelled.name })} names it, before what to type`, 0.9),
      action: { type: 'type', target: locatorFor(labelled.field, elements), text: labelled.value, point: center(labelled.field.bounds) },
    };
  const modal = modalFilter(elements);
  if (inDialog && !modal) return fail('No dialog is showing to type into');
  const candidates = fields(elements).filter((f) => !modal || modal(f));
  const focused = candidates.find((f) => f.focused);
  if (focused) return typeInto(focused, 'it has the focus', 1);
  if (candidates.length === 1) return typeInto(candidates[0]!, 'the only text field on the screen', 0.9);
  // XCUITest rarely reports focus; a visible keyboard means some field has it.
  if (elements.some((el) => el.visible && isKeyboard(el))) {
    return {
      action: { type: 'type', target: null, text },
      reasoning: 'Type into the focused field (the keyboard is showing)',
      confidence: 0.7,
    };
  }
  if (candidates.length === 0) return fail('No text field on the screen to type into');
  const list = candidates.map(describe).join(', ');
  return fail(`Several text fields and none has the focus (${list}): say which, e.g. "Enter … in the Email field"`);
}

/**
 * "Set the stylist to Jade" beside the field "Notes for your stylist": the words said are only those after its
 * "for", "to" or "about", so the field holds something else for them (notes), never them.
 */
function onlyWhomFor(said: string, label: string): boolean {
  const m = /^(.+?)\s+(?:for|to|about)\s+(.+)$/i.exec(label.trim());
  if (!m) return false;
  const words = comparableTokens(said).filter((w) => !ARTICLE.test(w));
  const head = new Set(comparableTokens(m[1]!));
  const tail = new Set(comparableTokens(m[2]!));
  return words.length > 0 && words.every((w) => tail.has(w) && !head.has(w));
}

/**
 * "promo code SPRING10" with a field named "Promo code": the words the text starts with are exactly
 * one field's name (its hint, label or id words, as findFields reads them), and something follows.
 */
function fieldNamedFirst(text: string, elements: readonly ScreenElement[]): { field: ScreenElement; name: string; value: string } | null {
  const words = text.trim().split(/\s+/);
  for (let k = Math.min(4, words.length - 1); k >= 1; k -= 1) {
    const name = words.slice(0, k).join(' ');
    // By what the field shows as its name (hint, label, description), whole: not part of its id.
    const exact = findFields(elements, { text: name }).filter((m) => m.via !== 'resourceId' && m.score >= 0.9);
    const found = [...new Set(exact.map((m) => m.element))];
    if (found.length === 1) return { field: found[0]!, name, value: words.slice(k).join(' ') };
  }
  return null;
}

function resolveBack(screen: Screen): Decision {
  if (screen.platform === 'android') return { action: { type: 'back' }, reasoning: 'Press the Android back button', confidence: 1 };
  const buttons = locatable(screen.elements).filter((el) => el.type === 'XCUIElementTypeButton');
  const inNavigationBar = (el: ScreenElement) => screen.elements[el.parentIndex ?? -1]?.type === 'XCUIElementTypeNavigationBar';
  const back =
    buttons.find((el) => /^back(button)?$/.test(normalizeText(el.resourceId).replace(/ /g, ''))) ??
    buttons.find((el) => normalizeText(el.contentDesc) === 'back') ??
    buttons.find((el) => inNavigationBar(el) && el.bounds.x < 60);
  if (!back) return fail('iOS has no system back button and no Back button is on the screen');
  return tapOn(back, screen.elements, 'the navigation bar back button (iOS has no system back)', 0.9);
}

/** Money said to come back, true of every reading of the words: "goes back to my card" read as "… to my" keeps its card. */
function refundOfEveryReading(target: TargetPhrase, elements: readonly ScreenElement[]): Decision | null {
  const decided = refundClaim(target.text, elements);
  return decided && (target.variants ?? []).every((v) => refundClaim(v, elements)) ? decided : null;
}

function simple(action: Decision['action'], reasoning: string): Decision {
  return { action, reasoning, confidence: 1 };
}

export function resolveIntent(intent: Intent, screen: Screen): Decision {
  const { elements } = screen;
  switch (intent.kind) {
    case 'tap':
      return resolveTap(intent.target, elements, intent.verb);
    case 'tapId':
      return resolveTapId(intent.id, elements);
    case 'type': {
      const typed = resolveType(intent.text, intent.field, screen);
      // "Set riders to 3" where no field is for riders: the count of their stepper (stepper-targets.ts).
      const counted =
        typed.action.type === 'fail' && intent.field?.text ? stepCount(`set ${intent.field.text} to ${intent.text}`, elements) : null;
      return counted ?? typed;
    }
    case 'assert': {
      // "the N3 leaves at 08:58": a sentence about one row of a list, said by that row (row-claims.ts).
      const sentence = intent.visible && intent.target.sentence ? (intent.target.whole ?? intent.target.text) : null;
      // "it all comes to £183": only the screen's total says it, never one row's price.
      const ofTheWhole = sentence ? wholeTotalClaim(sentence, elements) : null;
      if (ofTheWhole) return ofTheWhole;
      const decided = resolveAssert(intent.target, intent.visible, elements);
      return (
        (decided.action.type === 'fail' &&
          sentence &&
          (rowClaim(sentence, elements) ??
            labelValueSentence(sentence, elements) ??
            notRepliedYet(sentence, elements) ??
            rankClaim(sentence, elements) ??
            rowQuantityClaim(sentence, elements) ??
            chosenFilter(sentence, elements))) ||
        (decided.action.type === 'fail' && intent.visible && refundOfEveryReading(intent.target, elements)) ||
        (decided.action.type === 'fail' && sentence && totalClaim(sentence, elements)) ||
        decided
      );
    }
    case 'assertState':
      return resolveState(intent.target, intent.state, elements);
    case 'assertValue': {
      const decided = resolveLabelValue(intent.label, intent.value, intent.said, elements);
      return (
        (decided.action.type === 'fail' &&
          (rowClaim(intent.said, elements) ??
            rowQuantityClaim(intent.said, elements) ??
            promisedBySwitchSentence(intent.said, elements) ??
            chosenFilter(intent.said, elements) ??
            (intent.stated ? statedEntry(intent.label, intent.value, intent.said, screen) : null))) ||
        decided
      );
    }
    case 'assertField':
      return resolveFieldValue(intent.field, intent.value, elements);
    case 'confirm':
      return confirmDialog(elements);
    case 'seeOrView': {
      const checked = resolveIntent(intent.check, screen);
      if (checked.action.type !== 'fail') return checked;
      return controlNamed(`see ${intent.object}`, elements) ?? controlNamed(`view ${intent.object}`, elements) ?? checked;
    }
    case 'confirmAction':
      return confirmAction(intent.noun, elements, intent.object) ?? resolveIntent(intent.check, screen);
    case 'decline':
      return declineAction(intent.action, elements) ?? fail(`No dialog asking to ${intent.action} is up: nothing to decline`);
    case 'toggle':
      return resolveToggle(intent.target, intent.desired, elements);
    case 'back':
      return resolveBack(screen);
    case 'permission':
      return answerPermission(intent.answer, elements);
    case 'cookies':
      return answerCookies(intent.accept, elements);
    case 'dismiss':
      return dismiss(screen.platform, elements);
    case 'scroll':
      return simple({ type: 'scroll', direction: intent.direction }, `Scroll ${intent.direction}`);
    case 'swipe':
      return simple({ type: 'swipe', direction: intent.direction }, `Swipe ${intent.direction}`);
    case 'refresh': {
      const controls = elements.filter((el) => (el.clickable || isButtonType(el)) && el.enabled);
      const own = findByLabels(controls, ['Refresh', 'Reload']);
      return own
        ? tapOn(own, elements, `${describe(own)} is the screen's own Refresh`, 0.9)
        : simple({ type: 'swipe', direction: 'down' }, 'No Refresh control: pull down to refresh');
    }
    case 'wait':
      return simple({ type: 'wait', seconds: intent.seconds }, `Wait ${intent.seconds} s`);
    case 'launch':
      return simple({ type: 'launch' }, 'Launch the app');
    case 'restart':
      return simple({ type: 'restart' }, 'Restart the app');
    case 'openLink':
      return simple({ type: 'openLink', url: intent.url }, `Open ${intent.url}`);
    case 'scrollUntilVisible': {
      const hit = findShown(elements, intent.target)[0];
      if (hit) return { action: { type: 'done' }, reasoning: `${describe(hit.element)} is visible`, confidence: confidence(hit.score) };
      const reasoning = `${quoteOf(intent.target)} is not visible yet`;
      return { action: { type: 'scroll', direction: intent.direction }, reasoning, confidence: 0.9 };
    }
    case 'waitFor': {
      // Appearing needs the exact text; for going away a near-miss still counts as there: better to
      // wait on while the screen says "Loading products…" than to go on after "Loading" went.
      const present = findShown(elements, intent.target).length > 0 || (!intent.visible && findMatches(elements, intent.target).length > 0);
      const what = quoteOf(intent.target);
      if (present === intent.visible) {
        return { action: { type: 'done' }, reasoning: `${what} is ${intent.visible ? 'visible' : 'gone'}`, confidence: 0.9 };
      }
      const reasoning = `Waiting for ${what} to ${intent.visible ? 'appear' : 'disappear'}`;
      return { action: { type: 'wait', seconds: 1 }, reasoning, confidence: 0.9 };
    }
    case 'unknown': {
      // "Save the quote for later": when it is done is no part of the control's name.
      const said = intent.said?.replace(/^((?:save|keep|bookmark|store)\s.+?)\s+for\s+later$/i, '$1');
      return (
        (said &&
          (doInDialog(said, elements) ??
            changeChoice(said, elements) ??
            controlNamed(said, elements) ??
            providerButton(said, elements) ??
            keepInDialog(said, elements) ??
            showTab(said, elements) ??
            stepCount(said, elements) ??
            closeWithout(said, elements) ??
            statedBySwitch(said, elements) ??
            toggleByItsVerb(said, elements))) ||
        fail(intent.reason)
      );
    }
  }
}

/**
 * An instruction that is exactly the words of one control ("skip forward 30 seconds" beside
 * the button "Skip forward 30 seconds"): the tester wrote the control's own words as the action.
 * The whole label, numbers and all, never a part of it; one control only.
 */
function controlNamed(said: string, elements: readonly ScreenElement[]): Decision | null {
  // "Turn the volume up" beside "Volume up": the thing and the way are the control's name.
  const turned = /^turn\s+(?:the\s+|my\s+)?(.+?)\s+(up|down)$/i.exec(said.trim());
  // "I'll post it back instead" beside "Post It Back Instead": the speaker's intention in the control's own words.
  const intended = /^(?:i['’]ll|i\s+will|we['’]ll|we\s+will|let['’]s)\s+(.+)$/i.exec(said.trim());
  const names = [said, ...(turned ? [`${turned[1]} ${turned[2]}`] : []), ...(intended ? [intended[1]!] : [])];
  const controls = locatable(elements).filter(
    (el) =>
      (el.clickable || isButtonType(el)) &&
      el.enabled &&
      [el.text, el.contentDesc].some((t) => t !== '' && names.some((n) => sameText(t, n))),
  );
  if (controls.length === 1) return tapOn(controls[0]!, elements, `${describe(controls[0]!)} is named by the instruction's own words`, 0.9);
  return (
    controlOfRow(said, elements) ??
    verbOfNamedRow(said, elements) ??
    controlForRow(said, elements) ??
    labelForRow(said, elements) ??
    controlSaidOfRow(said, elements) ??
    controlOfMyRow(said, elements) ??
    controlInWords(said, elements) ??
    controlByAction(said, elements) ??
    controlByVerb(said, elements) ??
    addOffered(said, elements)
  );
}

/**
 * "Close the alert without withdrawing" where the alert has no Cancel (verb-controls.ts takes a
 * Cancel first): its answer that does not withdraw (prompt-answers.ts `declineAction`).
 */
function closeWithout(said: string, elements: readonly ScreenElement[]): Decision | null {
  const m =
    /^(?:close|dismiss|leave|exit|answer)(?:\s+(?:the\s+|this\s+|it\s*)?(?:dialog|dialogue|alert|pop-?up|prompt|sheet)?)?\s+without\s+(\p{L}+ing\b.*)$/iu.exec(
      said.trim(),
    );
  return m ? declineAction(m[1]!, elements) : null;
}

/**
 * "Add another adult", "add one more copy of Beach sunset", "remove a copy of Beach sunset", "take one
 * angler off": one more or one fewer of something counted, by its stepper's control ("Add adult",
 * "Increase Adult", a stepper's own buttons, the increase beside its name: row-steppers.ts), as if
 * said "add adult" or "increase adult".
 */
function stepCount(said: string, elements: readonly ScreenElement[]): Decision | null {
  // "Make it three players", "add a third player": the stepper's one more or one fewer, by the count it shows now.
  const wanted = countWanted(said);
  if (wanted) {
    const more = stepCount(`add another ${wanted.what}`, elements);
    const fewer = stepCount(`take one ${wanted.what} off`, elements);
    return stepToCount(wanted.count, more, fewer, elements);
  }
  const plain = said.trim().replace(/[.!]$/, '');
  const more = /^add\s+(?:another|one\s+more|an\s+extra|a\s+second)\s+(.+)$/i.exec(plain);
  const removed = /^remove\s+(?:a|an|one|the)\s+(.+)$/i.exec(plain);
  // "Take one carrot cake slice off": one fewer, never the row's Remove, which drops them all.
  const takenOff = /^take\s+(?:a|an|one)\s+(.+?)\s+off$/i.exec(plain) ?? /^take\s+off\s+(?:a|an|one)\s+(.+)$/i.exec(plain);
  const what = (more ?? removed ?? takenOff)?.[1];
  if (!what) return null;
  // "another adult ticket" beside "Increase Adult": the word for what one of them is may be left out.
  const unitless = what.replace(/\s+(?:tickets?|places?|seats?)$/i, '');
  const named = (verb: string) =>
    controlNamed(`${verb} ${what}`, elements) ?? (unitless !== what ? controlNamed(`${verb} ${unitless}`, elements) : null);
  if (more)
    return named('add') ?? named('increase') ?? stepperButton(what, 'increment', elements) ?? rowStepper(what, 'increment', elements);
  const fewer = () => named('decrease') ?? stepperButton(what, 'decrement', elements) ?? rowStepper(what, 'decrement', elements);
  return removed ? (named('remove') ?? fewer()) : (fewer() ?? named('remove'));
}

/** Verbs of one action with a provider: signing in, signing up, paying. "Continue" is each of them ("Continue with Apple"). */
const PROVIDER_ACTIONS: readonly RegExp[] = [
  /^(?:sign\s+in|log\s+in|login|continue)$/i,
  /^(?:sign\s+up|register|create\s+(?:an\s+)?account|continue)$/i,
  /^(?:pay|buy|purchase|check\s*out|order|continue)$/i,
];

/**
 * "Sign in with Apple" for "Continue with Apple", "Pay with Apple Pay" for "Buy with Apple Pay": the
 * one enabled control whose label is a verb of the same action and "with" the same provider, named
 * with a capital. Never another provider, never another action ("Share with Apple").
 */
function providerButton(said: string, elements: readonly ScreenElement[]): Decision | null {
  const m = /^(.+?)\s+with\s+(\p{Lu}.*)$/u.exec(said.trim());
  if (!m) return null;
  const [, verb, provider] = m;
  const actions = PROVIDER_ACTIONS.filter((a) => a.test(verb!));
  if (actions.length === 0) return null;
  const hits = controlsOf(elements).filter((el) => {
    const label = /^(.+?)\s+with\s+(.+)$/i.exec(labelOf(el).trim());
    return !!label && sameText(label[2]!, provider!) && actions.some((a) => a.test(label[1]!));
  });
  if (hits.length !== 1) return null;
  if (!hits[0]!.enabled) return fail(`${describe(hits[0]!)} is disabled`);
  return tapOn(hits[0]!, elements, `${describe(hits[0]!)} does the same action with ${provider}`, 0.85);
}

/** "Add breakdown cover" beside a switch "Breakdown cover (£4.50/mo)": turn on the one toggle offering it (offered-toggles.ts). */
function addOffered(said: string, elements: readonly ScreenElement[]): Decision | null {
  const name = /^(?:add|include)\s+(.+)$/i.exec(said)?.[1];
  const toggle = name ? toggleOffering(name, elements) : null;
  if (!toggle) return null;
  if (toggle.checked) return { action: { type: 'done' }, reasoning: `${describe(toggle)} is already on`, confidence: 0.85 };
  if (!toggle.enabled) return fail(`${describe(toggle)} is disabled`);
  return tapOn(toggle, elements, `${describe(toggle)} offers ${JSON.stringify(name)}: turn it on`, 0.85);
}

const ACTION_VERB = /^(?:play|watch|view|start|listen\s+to|read|run|launch|use|activate|trigger)\s+(.+)$/i;
const ARTICLE = /^(?:the|a|an|my|this|your|our)$/;
/** A word after a control's name saying what kind of thing it is: "the Good Night scene". */
const KIND_NOUN = /\s+(?:scene|button|option|tab|item|mode|setting|settings|card|link|shortcut)$/i;
const withoutArticles = (text: string) =>
  comparableTokens(text)
    .filter((t) => !ARTICLE.test(t))
    .join(' ');

/**
 * A control named by what it does rather than by its words, one enabled control only:
 * "Skip ahead 10 seconds" for "Forward 10 seconds" (lexicon.ts `controlWords`, numbers as
 * written); "Add a Margherita to the basket" for "Add Margherita" and "View the basket" for
 * "View basket · 2 items · €22.00" (articles and where it goes set aside; a label's first
 * part); "Play the next episode", "Run the Good Night scene" (a verb of use before a control's
 * label and a kind noun); "Pause the video", "Uninstall Trailhead", "Unlock the front door"
 * (the control's whole label as the verb, then a word for what the screen plays or holds, or
 * words the screen shows: never a name that is not there).
 */
function controlByAction(said: string, elements: readonly ScreenElement[]): Decision | null {
  const controls = controlsOf(elements);
  const enabled = controls.filter((el) => el.enabled);
  const one = (hits: ScreenElement[], why: string) =>
    hits.length === 1 ? tapOn(hits[0]!, elements, `${describe(hits[0]!)} ${why}`, 0.85) : null;
  const wanted = controlWords(comparableTokens(said)).join(' ');
  const byWords = enabled.filter((el) => controlWords(comparableTokens(labelOf(el))).join(' ') === wanted);
  if (byWords.length > 0) return one(byWords, 'does what the instruction says');
  // Its label, the label's first part, and the label without its count ("Buy 2 tickets" is what "Buy the tickets" taps).
  const uncounted = (label: string) => label.replace(/\s\d+(?=\s|$)/g, '');
  const names = (el: ScreenElement) =>
    [labelOf(el), textSegments(labelOf(el))[1] ?? '', uncounted(labelOf(el))].filter(Boolean).map(withoutArticles);
  const named = (phrase: string) => enabled.filter((el) => names(el).includes(withoutArticles(phrase)));
  const placed = one(named(said.replace(DESTINATION, '')), 'is named by the instruction without its articles');
  if (placed) return placed;
  const used = ACTION_VERB.exec(said)?.[1];
  if (used) {
    const hit = one(named(used), 'is named after the verb') ?? one(named(used.replace(KIND_NOUN, '')), 'is named after the verb');
    if (hit) return hit;
  }
  const m = /^(\S+)\s+(?:(?:from|to|for|on|in|of|with)\s+)?(.+)$/i.exec(said);
  if (!m) return null;
  const [, verb, object] = m;
  // "Change the collection date to Tue 17 March" says what it becomes: a lone "Change" (the address's) does not do that.
  if (/^(?:change|set|switch|update|make)$/i.test(verb!) && /\sto\s/i.test(` ${object}`)) return null;
  // The control is the verb's whole label ("Disconnect"), else the one whose label starts with it ("Download PDF"
  // for "Download the invoice" on the invoice's screen).
  const whole = controls.filter((el) => sameText(labelOf(el), verb!));
  const starting = controls.filter((el) => comparableTokens(labelOf(el))[0] === comparableTokens(verb!)[0]);
  const byVerb = whole.length > 0 ? whole : starting;
  if (byVerb.length !== 1) return null;
  const objectWords = comparableTokens(object!).filter((t) => !ARTICLE.test(t));
  const shown = new Set(
    locatable(elements)
      .filter((el) => el !== byVerb[0])
      .flatMap((el) => comparableTokens(labelOf(el))),
  );
  // A label that only starts with the verb ("Download PDF") takes an object the screen's title names, nothing else:
  // "Delete the photo" never taps "Delete account".
  const title = new Set(titleElements(elements).flatMap((t) => comparableTokens(labelOf(t))));
  const known =
    whole.length === 0
      ? objectWords.length > 0 && objectWords.every((w) => title.has(w))
      : (objectWords.length === 1 && GENERIC_OBJECTS.test(objectWords[0]!)) ||
        (objectWords.length > 0 && objectWords.every((w) => shown.has(w))) ||
        (!DESTRUCTIVE.test(verb!) && screenSubject(objectWords, capitalisedWords(object!), (w) => shown.has(w)));
  if (!known || objectElsewhere(byVerb[0]!, objectWords, elements)) return null;
  if (!byVerb[0]!.enabled) return fail(`${describe(byVerb[0]!)} is disabled`);
  return one(byVerb, "is the instruction's verb");
}

/**
 * Words that make an object more than a thing named ("the popup without saving", "it and the rest"), and words
 * that say when or how, which a control without them does not do ("Remind me later" is not "Remind me").
 */
const NOT_A_THING =
  /^(?:without|with|and|or|but|for|to|from|in|on|by|of|at|if|when|before|after|then|it|them|me|us|all|every|everything|later|now|again|soon|never|always|instead|too|also|not|only|back|off|up|down|out|today|tomorrow|tonight|yesterday|once|twice)$/;

/**
 * "Unlock the car" beside the one button "Unlock" on a car's screen: an object the screen shows
 * nowhere, in plain words, is what the whole screen is about, and the one control that is the
 * verb acts on it. Never a name (`names`: a word written with a capital must be shown), a number,
 * when or how, an object that is partly shown, which names some other thing; the callers add: never
 * for a verb that loses something ("Delete the account" never taps a photo's one Delete).
 */
function screenSubject(objectWords: readonly string[], names: ReadonlySet<string>, shown: (word: string) => boolean): boolean {
  return (
    objectWords.length > 0 &&
    objectWords.length <= 3 &&
    !objectWords.some((w) => /\d/.test(w) || NOT_A_THING.test(w) || [...names].some((n) => w.startsWith(n)) || shown(w))
  );
}

/**
 * The object is something else than what the verb's control acts on: the texts naming it (every
 * word of the object in one text) are all outside the control's row, or, with a dialog up, all
 * behind the dialog that holds the control. "Return the wheelbarrow" never taps the Return of the
 * strimmer's row, nor "Return the star atlas" the Return of an alert about a telescope (the
 * thirty-seventh batch).
 */
function objectElsewhere(control: ScreenElement, objectWords: readonly string[], elements: readonly ScreenElement[]): boolean {
  const naming = (words: readonly string[]) =>
    locatable(elements).filter((el) => {
      const shown = new Set(comparableTokens(labelOf(el)));
      return el !== control && words.every((w) => shown.has(w));
    });
  // The object's name, without words after it that say how ("the star atlas early").
  let named: ScreenElement[] = [];
  for (let n = objectWords.length; n > 0 && named.length === 0; n -= 1) named = naming(objectWords.slice(0, n));
  if (named.length === 0) return false;
  const row = rowOf(control, elements);
  if (row) {
    const mine = new Set([row, ...descendants(row, elements)]);
    if (!named.some((el) => mine.has(el))) return true;
  }
  const inModal = modalFilter(elements);
  return !!inModal && inModal(control) && !named.some(inModal);
}

const labelOf = (el: ScreenElement) => el.text || el.contentDesc;
const controlsOf = (elements: readonly ScreenElement[]) =>
  locatable(elements).filter((el) => (el.clickable || isButtonType(el)) && labelOf(el) !== '');

/**
 * "Redeem the free coffee": the verb is the word of several buttons, one in each row; the
 * rest is the title of one row, whose button is meant. A disabled one is not tapped.
 */
function controlOfRow(said: string, elements: readonly ScreenElement[]): Decision | null {
  // "Join the waitlist for HIIT 30": the button "Join waitlist" in the row of "HIIT 30".
  const forRow = /^(.+?)\s+(?:for|of|on|in)\s+(?:the\s+)?(.+)$/i.exec(said);
  const m = forRow ? ([forRow[0], forRow[1], forRow[2]] as const) : /^(\S+)\s+(?:the\s+|my\s+|this\s+)?(.+)$/i.exec(said);
  if (!m) return null;
  const [, verb, object] = m;
  // "Message desk 2C" beside the row's "Message Sam": the verb, then whom it is done to, by name.
  const toWhom = (label: string) => {
    const [first, ...rest] = label.split(/\s+/);
    return rest.length > 0 && rest.length <= 2 && rest.every((w) => /^\p{Lu}\p{Ll}+$/u.test(w)) && sameText(first!, verb!);
  };
  // "Grab desk 2A" beside the row's "Book": a verb of the same action (verb-controls.ts sameAction).
  const sameVerb = (label: string) =>
    /^\p{L}+$/u.test(label) && /^\p{L}+$/u.test(verb!) && sameAction(label.toLowerCase(), verb!.toLowerCase());
  const named = controlsOf(elements).filter(
    (el) =>
      sameText(labelOf(el), verb!) ||
      withoutArticles(labelOf(el)) === withoutArticles(verb!) ||
      toWhom(labelOf(el)) ||
      sameVerb(labelOf(el)),
  );
  // "renew the Klara and the Sun book": the row's text, then a lower-case noun for what it is.
  const kindless = /^(.+?)\s+\p{Ll}+$/u.exec(object!)?.[1];
  // "the quiet-zone desk" of a row saying "Quiet zone · no calls": one part of a text names the row too (never one end
  // of a range: "10:30" of "10:00 – 10:30").
  const shows = (t: ScreenElement) =>
    [labelOf(t), ...labelOf(t).split(/\s+[·•|]\s+/)].some(
      (part) => sameText(part, object!) || (kindless !== undefined && sameText(part, kindless)),
    );
  const inRow = named.filter((el) => {
    const row = rowOf(el, elements);
    return row !== null && locatable(elements).some((t) => t !== el && ancestors(t, elements).includes(row) && shows(t));
  });
  if (inRow.length !== 1) return null;
  const el = inRow[0]!;
  if (!el.enabled) return fail(`${describe(el)} is disabled`);
  return tapOn(el, elements, `${describe(el)} is the ${verb} of the row ${JSON.stringify(object)}`, 0.9);
}

/**
 * "Extend parking by 30 min" beside the button "Extend by 30 min" on the Parking screen: every
 * word of the button, in its order and numbers as written, with nothing else but the screen's
 * title words and articles. One enabled control only.
 */
function controlInWords(said: string, elements: readonly ScreenElement[]): Decision | null {
  const words = comparableTokens(said);
  const title = new Set(titleElements(elements).flatMap((t) => comparableTokens(labelOf(t))));
  const names = capitalisedWords(said.replace(/^\S+\s*/, ''));
  const hits = controlsOf(elements).filter((el) => {
    if (!el.enabled) return false;
    const label = comparableTokens(labelOf(el));
    if (label.length < 2) return false;
    let at = 0;
    const extra: string[] = [];
    // Words between the label's own ("Extend my booking by 30 min" over "Extend by 30 min") say something the label does not.
    let inside = false;
    for (const w of words) {
      if (at < label.length && w === label[at]) at += 1;
      else {
        extra.push(w);
        if (at < label.length && !/^(?:the|a|an|my)$/.test(w)) inside = true;
      }
    }
    if (at !== label.length || extra.length === 0) return false;
    const told = extra.filter((w) => !/^(?:the|a|an|my|of|for|first)$/.test(w));
    // "Download the report card" beside "Download report": the label is the instruction's first words, and the words
    // after them say what the screen is about (screenSubject); never a row's control (its row is named by what it
    // shows) or for a verb that loses something.
    const unseen =
      label[0] === words[0] &&
      !inside &&
      rowOf(el, elements) === null &&
      !DESTRUCTIVE.test(said) &&
      told.length <= 2 &&
      (told.length === 0 || screenSubject(told, names, (w) => shownBesides(el, w, elements)));
    return extra.every((w) => title.has(w) || /^(?:the|a|an|my)$/.test(w)) || unseen;
  });
  return hits.length === 1 ? tapOn(hits[0]!, elements, `${describe(hits[0]!)} is named by the instruction's words`, 0.85) : null;
}

/** Some text of the screen other than `control` has the word (in some form). */
function shownBesides(control: ScreenElement, word: string, elements: readonly ScreenElement[]): boolean {
  return locatable(elements).some((el) => el !== control && comparableTokens(labelOf(el)).some((t) => sameLemma(t, word)));
}
