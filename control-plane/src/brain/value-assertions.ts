/**
 * Assertions about a value: "the total is $48.50", "the version should be 3.2.1"
 * (a label and its value), "the Email field contains ann@example.com", "the Name
 * field is empty" (what a field holds). Compared like every verdict: normalised
 * text, numbers exact. The passing locator names the value's own text, so a cache
 * replay on a screen whose number changed (the fingerprint keeps only its shape)
 * does not pass again.
 */
import { type Decision, fail } from './actions.js';
import { bySwitchPromise, evidenceOf, findShown, offeredState, paraphraseOf, resolveAssert, shownLocator } from './assertions.js';
import { clockTimes } from './day-periods.js';
import { notFound, quoteOf } from './decisions.js';
import { findFields } from './element-matching.js';
import { ancestors, children, describe, isButtonType, isEditable } from './element-roles.js';
import type { ScreenElement } from './hierarchy.js';
import { sameLemma } from './lemmas.js';
import { GENERIC_OBJECTS, ROW_KINDS, spelledOut } from './lexicon.js';
import { locatable } from './locators.js';
import { resolveModalValue } from './modal-subject.js';
import { toggleStating } from './offered-toggles.js';
import { ratingClaim } from './rating-claims.js';
import { isChosen, screenAbout } from './screen-parts.js';
import { gap, lies, modalFilter, nothingBetween, rowOf, titleElements } from './screen-structure.js';
import { chooseTarget, idWords, narrow } from './target-choice.js';
import type { TargetPhrase } from './target-phrase.js';
import { DONE_VALUE, tickedState } from './ticked-rows.js';
import { comparableTokens, sameText, showsText, textSegments } from './verdict-text.js';

function passOn(el: ScreenElement, elements: readonly ScreenElement[], reasoning: string): Decision {
  return { action: { type: 'assert', target: shownLocator(el, elements), visible: true }, reasoning, confidence: 1 };
}

/** Is `value` the value of `label`: in its row, right of it or directly below it? */
function isValueOf(label: ScreenElement, value: ScreenElement, elements: readonly ScreenElement[]): boolean {
  const row = rowOf(label, elements);
  if (row && (row === value || elements[value.parentIndex ?? -1] === row || rowOf(value, elements) === row)) return true;
  return (['rightOf', 'below'] as const).some((r) => lies(r, value.bounds, label.bounds) && nothingBetween(r, value, label, elements));
}

const PLAYBACK = /^(?:playing|paused)$/i;

/**
 * "Episode 3 is playing" on a player showing "Episode 3: The Lighthouse" and a Pause button: a
 * player's control offers the other state, so Pause says it plays and Play (or Resume) that it
 * is paused. What plays must be named by a text outside any list (a track of an album's list
 * may not be the one playing) or by a word for it ("the video"); an enabled control only.
 */
function resolvePlayback(label: TargetPhrase, value: string, elements: readonly ScreenElement[]): Decision | null {
  if (!PLAYBACK.test(value)) return null;
  const playing = /^playing$/i.test(value);
  const named = findShown(elements, label).find((m) => rowOf(m.element, elements) === null && !m.element.clickable)?.element;
  if (!named && !GENERIC_OBJECTS.test(label.text.replace(/^(?:the|this)\s+/i, ''))) return null;
  const controls = locatable(elements).filter((el) => (el.clickable || isButtonType(el)) && el.enabled);
  const offers = (re: RegExp) => controls.find((el) => re.test((el.text || el.contentDesc).trim()));
  const other = offers(playing ? /^pause$/i : /^(?:play|resume)$/i);
  const what = named ? describe(named) : quoteOf(label);
  if (!other) {
    const opposite = offers(playing ? /^(?:play|resume)$/i : /^pause$/i);
    return fail(
      `${what} is not ${value}: ${opposite ? `the player offers ${describe(opposite)}` : 'no Play or Pause control is on the screen'}`,
    );
  }
  return passOn(named ?? other, elements, `${what} is ${value}: the player offers ${describe(other)}`);
}

/** "The total is $48.50": one text saying both, or the value beside its label; "Amara's balance" on Amara's screen (ownedValue). */
export function resolveLabelValue(label: TargetPhrase, value: string, said: string, elements: readonly ScreenElement[]): Decision {
  const decided = labelValue(label, value, said, elements);
  return (decided.action.type === 'fail' && ownedValue(label, value, said, elements)) || decided;
}

/**
 * "Amara's balance is £8.40" on a screen whose chosen tab is Amara and whose label says "Balance":
 * the owner is who the whole screen is about (the chosen tab, chip or segment, the title, a
 * heading near the top: screen-parts.ts screenAbout), and the rest is read as the label. The owner
 * is a name, written with a capital; one shown only on a tab not chosen, or not at all, is not said.
 */
function ownedValue(label: TargetPhrase, value: string, said: string, elements: readonly ScreenElement[]): Decision | null {
  const owned = /^((\p{Lu}[\p{L}-]*(?:\s+\p{Lu}[\p{L}-]*)*)['’]s)\s+(\p{Ll}.*)$/u.exec(label.text.trim());
  if (!owned || /^(?:I|My|Our|Your|The)$/.test(owned[2]!)) return null;
  const [, possessive, owner, rest] = owned as unknown as [string, string, string, string];
  const about = screenAbout(owner, elements);
  if (!about) return null;
  // What the label says then is the rest, and so is the sentence: "the balance is £8.40".
  const decided = labelValue({ text: rest }, value, said.replace(`${possessive} `, 'the '), elements);
  if (decided.action.type !== 'assert') return decided;
  return { ...decided, reasoning: `${decided.reasoning}; the screen is ${owner}'s (${describe(about)})` };
}

function labelValue(label: TargetPhrase, value: string, said: string, elements: readonly ScreenElement[]): Decision {
  // "the sheet is for Recording 14": the dialog that is up, not the screen behind it (modal-subject.ts).
  const aboutModal = resolveModalValue(label, value, said, elements);
  if (aboutModal) return aboutModal;
  // "Dune is not in my loans": a name missing from the list the screen shows is a name not shown.
  if (/^not\s+(?:in|on|among)\s+(?:the|my|your|our|this)\s+\p{L}+(?:\s+list)?$/iu.test(value)) return resolveAssert(label, false, elements);
  // "legal protection is included" beside a switch "Legal protection": whether it is taken is the switch's state.
  const taken = /^(not\s+)?(?:included|added)$/i.exec(value);
  const offered = taken ? offeredState(label.text, !taken[1], elements) : null;
  if (offered) return offered;
  // "Read is done" on a habit list: the checkbox of the row named "Read" says it.
  // "the speaker is currently named Living Room" while a rename dialog is up: its name field holds the name.
  const named = /^(?:currently\s+|still\s+)?(?:named|called)\s+(.+)$/i.exec(value.trim());
  const nameField = named ? fieldHolding(label.text, unquoteName(named[1]!), elements) : null;
  if (nameField) return nameField;
  // "the recipe is rated 4.7" over "4.7 ★ (212 reviews)": the one rating the screen shows.
  const rating = ratingClaim(label.text, value, elements);
  if (rating) return rating;
  const done = DONE_VALUE.exec(value.trim());
  const ticked = done ? tickedState(label.text, !done[1], elements) : null;
  if (ticked) return ticked;
  const sentence = findShown(elements, { text: said })[0];
  if (sentence) return passOn(sentence.element, elements, `${describe(sentence.element)} says "${said}"`);
  const playback = resolvePlayback(label, value, elements);
  if (playback) return playback;
  // "the phone number is …" beside a label "Phone": the noun that only says what kind of value it is may be left out;
  // "the driver's name is Sam" beside "Driver: Sam": so may the owner's "'s" then.
  const kind = /^(.+?)(['’]s)?\s+(?:number|no|address|name)$/i.exec(label.text);
  const kindless = kind?.[1];
  const names = [label.text, ...(label.variants ?? []), ...(kind?.[2] ? [kindless!] : [])].filter(Boolean);
  // "subtitles are in English" over "Subtitles: English": the place word is how it is said, not shown.
  const bareValue = /^(?:in|at|on|set\s+to)\s+(.+)$/i.exec(value)?.[1];
  // "6 out of 10" is written "6 of 10" as often.
  const valueForms = [
    value,
    ...(bareValue ? [bareValue] : []),
    ...(/\bout\s+of\b/i.test(value) ? [value.replace(/\bout\s+of\b/gi, 'of')] : []),
    // "4 months old" is an age, shown as "4 months".
    ...(AGE.test(value) ? [value.replace(AGE, '$1')] : []),
  ];
  // "total €50" is the label and the value in one text: never "€50" alone where the label has a text of its own
  // (the Subtotal's "€50.00" beside a Total of €53.50).
  const labelShown = findShown(elements, label).length > 0;
  const together = findShown(
    elements,
    { text: '', variants: names.flatMap((n) => valueForms.flatMap((v) => [`${n} ${v}`, `${n}: ${v}`, `${n}, ${v}`])) },
    labelShown,
  )[0];
  // Nor a value read alone ("€50.00" for "the total €50.00") that stands beside a label of its own, another one ("Subtotal").
  const otherLabel = (el: ScreenElement) =>
    !labelShown &&
    locatable(elements).some(
      (l) =>
        l !== el &&
        (l.text || l.contentDesc) !== '' &&
        !el.clickable &&
        isValueOf(l, el, elements) &&
        !showsText(el.text || el.contentDesc, label.text) &&
        l.bounds.x < el.bounds.x,
    );
  if (together && !otherLabel(together.element))
    return passOn(together.element, elements, `${describe(together.element)} shows ${quoteOf(label)} as "${value}"`);
  let labels = findShown(elements, label).map((m) => m.element);
  if (labels.length === 0 && kindless) labels = findShown(elements, { text: kindless }).map((m) => m.element);
  // "my certification level", "the certification level" beside a label "Your certification level": the screen speaks to the user.
  if (labels.length === 0 && !label.literal)
    labels = findShown(elements, { text: `your ${label.text.replace(/^(?:my|your|the)\s+/i, '')}` }).map((m) => m.element);
  // "The French Press is priced at $32.00": the name and its price in one row, in other words.
  const reworded = () => paraphraseOf({ text: said }, elements) ?? evidenceOf({ text: said }, elements);
  // "the event is in Room 4B": a place or a time before the value ("in", "at", "on") is how it is said, not shown.
  const bare = /^(?:in|at|on|set\s+to)\s+(.+)$/i.exec(value)?.[1];
  const valueTexts = [value, ...(bare ? [bare] : [])];
  if (labels.length === 0)
    return (
      byId(label, valueTexts, elements) ??
      reworded() ??
      nameByFirstWords(label, value, elements) ??
      labelBeforeColon(label, value, elements) ??
      identifiedSubject(label, valueTexts, elements) ??
      numberWithoutRowKind(label, value, said, elements) ??
      statedBySwitch(said, elements) ??
      notFound('label', label, elements)
    );
  const values = findShown(elements, { text: value, variants: bare ? [bare] : [] }).map((m) => m.element);
  for (const l of labels) {
    const v = values.find((candidate) => candidate !== l && isValueOf(l, candidate, elements) && !otherChosen(candidate, elements));
    if (v) return passOn(v, elements, `${describe(v)} is the value next to ${describe(l)}`);
  }
  // The label is the screen's title ("the event is in Room 4B" on the "Event" screen): the whole screen is its value.
  const titles = titleElements(elements);
  if (labels.every((l) => titles.includes(l))) {
    // In a list only the chosen row says it: "the app language is German" where German's radio button is checked.
    const chosenRow = (el: ScreenElement) => {
      const row = rowOf(el, elements);
      return row === null || elements.some((o) => (o.checked || o.selected) && o !== row && ancestors(o, elements).includes(row));
    };
    const v = values.find((candidate) => !titles.includes(candidate) && chosenRow(candidate));
    if (v) return passOn(v, elements, `${describe(v)} is on the screen of ${describe(labels[0]!)}`);
  }
  const label0 = labels[0]!;
  const beside = elements
    .filter(
      (el) => el.visible && el !== label0 && (el.text || el.contentDesc) && isValueOf(label0, el, elements) && !otherChosen(el, elements),
    )
    .sort((a, b) => gap(a.bounds, label0.bounds) - gap(b.bounds, label0.bounds))[0];
  if (beside && sameValue(beside.text || beside.contentDesc, value))
    return passOn(beside, elements, `${describe(beside)} is the value next to ${describe(label0)}, "${value}" written its way`);
  const actual = beside ? ` it shows ${describe(beside)}` : ' no value is shown beside it';
  const rephrased = reworded() ?? nameByFirstWords(label, value, elements) ?? labelBeforeColon(label, value, elements);
  if (rephrased) return rephrased;
  return fail(`${quoteOf(label)} is not "${value}":${actual}`);
}

/**
 * "the 16:00 slot is sold out" over "16:00, Sold out": a time or number named with a word for what its row is
 * (lexicon.ts ROW_KINDS, "time slot") is the time or number alone, when the screen shows no label with the word.
 */
function numberWithoutRowKind(label: TargetPhrase, value: string, said: string, elements: readonly ScreenElement[]): Decision | null {
  const kind = /^(.*\d.*?)\s+(?:time\s+)?(\p{L}+)$/u.exec(label.text.trim());
  if (!kind || !ROW_KINDS.test(kind[2]!.toLowerCase())) return null;
  const decided = labelValue({ text: kind[1]! }, value, said.replace(label.text.trim(), kind[1]!), elements);
  return decided.action.type === 'assert' ? decided : null;
}

/**
 * "the quote is for a Ford Fiesta" over "Ford Fiesta 1.0 EcoBoost · 2019": a name given by its
 * first words, written with capitals, as testers name a car, a product or a plan without its trim.
 * The subject must be the screen's title or named nowhere on it ("the car"); the name must start
 * one part of exactly one text, which says more after it; never a word from its middle.
 */
function nameByFirstWords(label: TargetPhrase, value: string, elements: readonly ScreenElement[]): Decision | null {
  const m = /^(?:for\s+)?(?:a|an|the)\s+(\p{Lu}[\p{L}\p{N}-]*(?:\s+\p{Lu}[\p{L}\p{N}-]*)*)$/u.exec(value.trim());
  if (!m) return null;
  const name = comparableTokens(m[1]!);
  const subject = comparableTokens(label.text).filter((w) => !/^(?:the|a|an|my|your|our|this)$/.test(w));
  const titles = titleElements(elements);
  const titleWords = titles.flatMap((t) => comparableTokens(t.text || t.contentDesc));
  const elsewhere = locatable(elements)
    .filter((el) => !titles.includes(el))
    .flatMap((el) => comparableTokens(el.text || el.contentDesc));
  const stem = (w: string) => w.replace(/s$/, '');
  if (
    subject.length === 0 ||
    !subject.every((w) => titleWords.some((t) => stem(t) === stem(w)) || !elsewhere.some((e) => stem(e) === stem(w)))
  )
    return null;
  const starts = (text: string) =>
    textSegments(text).some((seg) => {
      const tokens = comparableTokens(seg);
      return tokens.length > name.length && name.every((t, i) => tokens[i] === t);
    });
  const hits = locatable(elements).filter((el) => !el.clickable && !titles.includes(el) && starts(el.text || el.contentDesc));
  if (hits.length !== 1) return null;
  return passOn(hits[0]!, elements, `${describe(hits[0]!)} names ${JSON.stringify(m[1])} by its first words`);
}

/**
 * "the order is ready to collect" on a screen headed "Order WP-48213" over "Ready to collect": the
 * subject is the one thing the screen names by its kind and its reference, a text of its own
 * ("Order WP-48213", "Claim LL-48213"), and no other text names that kind (a control may: "Cancel
 * order"); the value is a whole text of the screen that is no control.
 */
function identifiedSubject(label: TargetPhrase, values: readonly string[], elements: readonly ScreenElement[]): Decision | null {
  const subject = comparableTokens(label.text).filter((w) => !LABEL_FILLERS.has(w));
  if (subject.length !== 1) return null;
  const kind = subject[0]!;
  const texts = locatable(elements).filter((el) => !el.clickable && !isButtonType(el) && (el.text || el.contentDesc) !== '');
  const naming = texts.filter((el) => comparableTokens(el.text || el.contentDesc).some((t) => sameLemma(t, kind)));
  const heading = naming[0];
  if (naming.length !== 1 || !heading) return null;
  // A reference is a code ("WP-48213", "#1043"), never an amount ("Total €15.00"); the value says a state, no number.
  const m = /^(\p{L}+)\s+(?:#\d{2,}|\p{Lu}{1,4}-?\d{3,}|\d{4,})$/u.exec((heading.text || heading.contentDesc).trim());
  if (!m || !sameLemma(m[1]!.toLowerCase(), kind) || values.some((v) => /\d/.test(v))) return null;
  const shown = texts.filter((el) => el !== heading && values.some((v) => sameText(el.text || el.contentDesc, v)));
  if (shown.length !== 1) return null;
  return passOn(shown[0]!, elements, `${describe(shown[0]!)} is on the screen of ${describe(heading)}`);
}

/**
 * A choice of a group where another of its kind is chosen ("Open Water" beside the chosen "Advanced"
 * chip): shown beside the label, but not its value.
 */
function otherChosen(el: ScreenElement, elements: readonly ScreenElement[]): boolean {
  const parent = ancestors(el, elements)[0];
  if (!parent || isChosen(el, elements)) return false;
  return children(parent, elements).some((o) => o !== el && o.type === el.type && isChosen(o, elements));
}

/**
 * "helmets are being hired" beside a switch "Helmet hire (£3 per driver)": its state decides (offered-toggles.ts). A
 * switch or a checkbox only: a chip that states ("Pets allowed" on a listing) is read by the label's own readers.
 */
function statedBySwitch(said: string, elements: readonly ScreenElement[]): Decision | null {
  const stated = toggleStating(said, elements);
  if (!stated || !/Switch|CheckBox/i.test(stated.toggle.type)) return null;
  return bySwitchPromise(stated.toggle, stated.negated, elements);
}

/** Words a tester adds to a label that say nothing of which value it is: "honey so far this year". */
const LABEL_FILLERS = new Set(['the', 'a', 'an', 'my', 'our', 'your', 'so', 'far', 'currently', 'now', 'right']);

/**
 * "honey so far this year is 23.5 kg" over "Honey this year: 23.5 kg", "attendance is 9 out of 11" over
 * "Attendance this term: 9 of 11": one text, a label, a colon, the value. The label starts with the
 * subject's first word (the thing measured) and has every other word of the subject but fillers; the
 * value after the colon is the claimed one, "out of" written "of". One such text only.
 */
function labelBeforeColon(label: TargetPhrase, value: string, elements: readonly ScreenElement[]): Decision | null {
  const subject = comparableTokens(label.text).filter((w) => !LABEL_FILLERS.has(w));
  if (subject.length === 0) return null;
  const wanted = value.replace(/\bout\s+of\b/gi, 'of');
  const hits = locatable(elements).filter((el) => {
    const m = /^([^:]+):\s+(.+)$/.exec((el.text || el.contentDesc).trim());
    if (!m || el.clickable) return false;
    const own = comparableTokens(m[1]!);
    return (
      sameLemma(own[0] ?? '', subject[0]!) &&
      subject.slice(1).every((w) => own.includes(w)) &&
      (sameText(m[2]!, wanted) || sameValue(m[2]!, wanted) || leadsValue(m[2]!, wanted))
    );
  });
  if (hits.length !== 1) return null;
  return passOn(hits[0]!, elements, `${describe(hits[0]!)} gives ${quoteOf(label)} as "${value}"`);
}

/** An age said with "old": "4 months old", "2 years old". */
const AGE = /^(\d+\s+(?:days?|weeks?|months?|years?))\s+old$/i;

/** Units a value may be shown with after its last number: "128/82" is "128/82 mmHg". */
const VALUE_UNIT = /^(?:mmhg|mmol|l|kg|g|km|m|cm|mm|ml|kcal|bpm|mph|kph|min|mins|minutes|h|hrs|hours|gb|mb|°c|°f|%)$/;

/**
 * A value as the screen writes it in another form: "Saturday 12 April 2025" as "Sat 12 Apr 2025", "Thursday at
 * 7:30 pm" as "Thursdays 7:30 pm" (said of every week), "128/82" as "128/82 mmHg". The same words and numbers in the
 * same order, spelled out, with articles and "at" aside; after the value's last number, only a unit may follow.
 */
function sameValue(shown: string, value: string): boolean {
  const words = (text: string) =>
    spelledOut(comparableTokens(text))
      .filter((w) => !/^(?:a|an|the|at)$/.test(w))
      .map((w) => (/^(?:mon|tues|wednes|thurs|fri|satur|sun)days$/.test(w) ? w.slice(0, -1) : w));
  const wanted = words(value);
  const own = words(shown);
  if (wanted.length === 0 || own.length < wanted.length || !wanted.every((w, i) => w === own[i])) return false;
  const rest = own.slice(wanted.length);
  return rest.length === 0 || (/\d/.test(wanted[wanted.length - 1]!) && rest.every((w) => VALUE_UNIT.test(w)));
}

/**
 * "the next appointment is Tuesday at 15:45" over "Next appointment: Tue 24 Jun, 15:45 with Jo Mensah": the value's
 * words in order from the shown value's first, passing over only the date's day and month between them, and after
 * them only words without a number ("with Jo Mensah"; never "£5" of "£5 of £10", nor "3" of "3 – 1").
 */
function leadsValue(shown: string, value: string): boolean {
  const words = (text: string) => spelledOut(comparableTokens(text)).filter((w) => !/^(?:a|an|the|at|on)$/.test(w));
  const wanted = words(value);
  // Times as the claim has them (offline-model.ts asTheScreenWrites): "7:30 pm" shown is 19:30, which "7:30 am" is not.
  const own = words(clockTimes(shown));
  if (wanted.length < 2 || own[0] !== wanted[0]) return false;
  let at = 0;
  for (const w of wanted) {
    const next = own.indexOf(w, at);
    if (next < 0 || own.slice(at, next).some((skipped) => !DATE_PART.test(skipped))) return false;
    at = next + 1;
  }
  return own.slice(at).every((w) => !/\d/.test(w));
}

/** A date's day of the month or its month: what "Tuesday" leaves out of "Tue 24 Jun". */
const DATE_PART = /^(?:[1-9]|[12]\d|3[01]|january|february|march|april|may|june|july|august|september|october|november|december)$/;

/** A sentence the grammar left whole ("honey so far this year is 23.5 kg"), read as a label and its value after a colon. */
export function labelValueSentence(sentence: string, elements: readonly ScreenElement[]): Decision | null {
  const m = /^(.+?)\s+(?:is|are|was|were)\s+(.+)$/i.exec(sentence.trim());
  return m ? labelBeforeColon({ text: m[1]! }, m[2]!, elements) : null;
}

/** "The Email field contains ann@example.com", "the Name field is empty". */
export function resolveFieldValue(field: TargetPhrase, value: string, elements: readonly ScreenElement[]): Decision {
  const choice = chooseTarget(elements, field, (p) => findFields(elements, p), 'text field', { preferTappable: false, reachable: false });
  if (!choice.ok) return choice.decision;
  const el = choice.match.element;
  // An empty Android field shows its hint as its text; iOS reports the placeholder apart.
  const holds = el.text === el.hint ? '' : el.text;
  const same = value === '' ? holds === '' : sameText(holds, value);
  if (!same) return fail(`${describe(el)} holds ${holds ? `"${holds}"` : 'nothing'}, not ${value ? `"${value}"` : 'nothing'}`);
  if (value === '')
    return {
      action: { type: 'assert', target: { by: 'text', value: el.text || el.hint, type: el.type }, visible: true },
      reasoning: `${describe(el)} is empty`,
      confidence: 0.9,
    };
  return passOn(el, elements, `${describe(el)} holds "${value}"`);
}

/**
 * "the plan is Premium" where no text says "Plan" but the text "Premium · Monthly" has the id
 * plan_name: the id is the label the developer gave it. The value must be the whole text or one
 * of its parts ("Premium", never "Prem"), of a text that is not a control; a word of the label
 * missing from the id ("the trial plan") names nothing.
 */
function byId(label: TargetPhrase, values: readonly string[], elements: readonly ScreenElement[]): Decision | null {
  // "the driver's rating" over driver_rating: the owner's "'s" is not in an id.
  const wanted = comparableTokens(label.text.replace(/(\p{L})['’]s\b/gu, '$1')).filter((w) => !/^(?:the|a|an|my|your|our)$/.test(w));
  if (wanted.length === 0) return null;
  const named = locatable(elements).filter((el) => {
    if (el.clickable || !el.resourceId || !(el.text || el.contentDesc)) return false;
    const words = idWords(el.resourceId);
    return wanted.every((w) => words.includes(w));
  });
  // "the wait for the gondola": only the wait in the gondola's row, as any other label so placed.
  const placed = narrow(
    named.map((element) => ({ element, score: 1, via: 'resourceId' as const })),
    label,
    elements,
  );
  const hit = placed.ok
    ? placed.matches.map((m) => m.element).find((el) => values.some((v) => showsText(el.text || el.contentDesc, v)))
    : undefined;
  return hit ? passOn(hit, elements, `${describe(hit)}, whose id names ${quoteOf(label)}, shows it`) : null;
}

const unquoteName = (name: string) => name.trim().replace(/^["“'‘](.*)["”'’]$/, '$1');

/**
 * The one text field (the dialog's, while one is up) holding exactly this name: "the speaker is named
 * Living Room" over a rename dialog's field "Living Room". Null when no field holds it, or several do.
 */
function fieldHolding(subject: string, name: string, elements: readonly ScreenElement[]): Decision | null {
  const modal = modalFilter(elements);
  const fields = locatable(elements).filter((el) => isEditable(el) && (!modal || modal(el)));
  const holding = fields.filter((el) => el.text !== el.hint && sameText(el.text, name));
  if (holding.length !== 1) return null;
  // Whose name it is: the field's own label or id, or the dialog's texts, name the subject ("Rename Speaker").
  const field = holding[0]!;
  const around = [
    ...idWords(field.resourceId),
    ...comparableTokens(`${field.contentDesc} ${field.hint ?? ''}`),
    ...(modal
      ? locatable(elements)
          .filter((el) => modal(el) && el !== field)
          .flatMap((el) => comparableTokens(el.text || el.contentDesc))
      : []),
  ];
  const words = comparableTokens(subject).filter((w) => !/^(?:the|a|an|my|your|this)$/.test(w));
  if (words.length === 0 || !words.every((w) => around.some((a) => sameLemma(w, a)))) return null;
  return passOn(field, elements, `${describe(field)} holds the name "${name}"`);
}
