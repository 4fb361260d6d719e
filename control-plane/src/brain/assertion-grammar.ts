/**
 * How people phrase checks: "X is shown", "X should not be visible", "the Settings
 * screen is open", "Dark mode is on", "the total is $48.50", "the Email field
 * contains …", "Is X shown?". Each function turns the body of a check (after "Check
 * that", or the whole instruction) into an Intent, or answers null.
 */
import type { Intent } from './instruction-grammar.js';
import type { ElementState } from './lexicon.js';
import { STATE_SYNONYMS } from './lexicon.js';
import { REPORTED } from './paraphrase.js';
import { splitQualifier } from './qualifier-words.js';
import { parseTargetPhrase, type TargetPhrase, unquote } from './target-phrase.js';

export type { ElementState };

const SHOWN = '(?:visible|shown|displayed|present|there|listed|on\\s+(?:the\\s+)?screen|showing|displaying|appearing|on\\s+screen)';
const NEGATIVE_SUFFIX = new RegExp(
  `\\s+(?:(?:is|are|should\\s+be|must\\s+be)\\s+(?:not|no\\s+longer)\\s+${SHOWN}|(?:isn't|aren't|shouldn't\\s+be)\\s+${SHOWN}` +
    `|(?:is|are|should\\s+be)\\s+(?:hidden|gone|absent|missing)|(?:does|do|should|did)\\s*(?:not|n't)\\s+(?:appear|show(?:\\s+up)?|exist)` +
    `|doesn't\\s+(?:appear|show(?:\\s+up)?|exist)|(?:disappears|disappeared|vanishes|goes\\s+away|has\\s+disappeared|is\\s+dismissed))$`,
  'i',
);
const POSITIVE_SUFFIX = new RegExp(
  `\\s+(?:(?:is|are|should\\s+be|must\\s+be|gets|get)\\s+${SHOWN}|(?:appears|appear|shows|shows\\s+up|exists|is\\s+there|should\\s+appear|pops\\s+up|comes\\s+up))$`,
  'i',
);
/** "the Settings screen is open", "Checkout page loads": a screen, known by its title. */
const SCREEN_OPEN =
  /^(.+?\s+(?:screen|page|view))\s+(?:(?:is|should\s+be|must\s+be)\s+(?:open|opened|loaded|up)|opens|loads|is\s+showing)$/i;
const ON_SCREEN =
  /^(?:i\s+am|i'm|we\s+are|we're|the\s+user\s+is|user\s+is|you\s+are|you're)\s+(?:now\s+)?on\s+(.+?\s+(?:screen|page|view))$/i;
const STATE_WORDS: Readonly<Record<string, ElementState>> = STATE_SYNONYMS;
const STATE_ALTERNATIVES = Object.keys(STATE_WORDS)
  .sort((a, b) => b.length - a.length)
  .map((w) => w.replace(/ /g, '\\s+').replace('greyed', 'gr[ae]yed'))
  .join('|');
const STATE_SUFFIX = new RegExp(
  `\\s+(?:is|are|should\\s+be|must\\s+be|stays|remains|should\\s+stay|should\\s+remain|(is\\s+not|isn't|are\\s+not|aren't|should\\s+not\\s+be|shouldn't\\s+be|must\\s+not\\s+be))\\s+(?:(?:turned|switched|toggled|set)\\s+(?:to\\s+)?)?(${STATE_ALTERNATIVES})$`,
  'i',
);
const OPPOSITE: Readonly<Record<ElementState, ElementState>> = {
  on: 'off',
  off: 'on',
  enabled: 'disabled',
  disabled: 'enabled',
  selected: 'unselected',
  unselected: 'selected',
};

/** "Dark mode is on", "the Login button is disabled", "the Orders tab should not be selected". */
export function stateBody(body: string): Intent | null {
  const m = STATE_SUFFIX.exec(body);
  if (!m) return null;
  const said = STATE_WORDS[m[2]!.toLowerCase().replace(/\s+/g, ' ').replace('grayed', 'greyed')]!;
  return { kind: 'assertState', target: parseTargetPhrase(body.slice(0, m.index)), state: m[1] ? OPPOSITE[said] : said };
}

const FIELD_HOLDS =
  /^(?:the\s+)?(.+?\s+(?:field|input|box|text\s*field))\s+(?:shows|contains|has|reads|says|displays|holds|is|should\s+(?:be|show|contain|say|read|hold|have))\s+(.+)$/i;
const SHOWN_IN_FIELD =
  /^(.+?)\s+(?:is|should\s+be)\s+(?:shown|entered|filled\s+in|displayed|typed|written)\s+in\s+(?:the\s+)?(.+?\s+(?:field|input|box))$/i;
/** "my name is filled in as Ana Silva", "the email was entered as ana@mail.pt": what a form's field holds. */
const FILLED_AS =
  /^(?:my|the|your)\s+(.+?)\s+(?:is|was|has\s+been|should\s+be)\s+(?:filled\s+in|filled\s+out|entered|prefilled|pre-filled)\s+(?:as|with)\s+(.+)$/i;
const LABEL_VALUE =
  /^(?:the\s+)?(.+?)\s+(?:is|are|should\s+be|must\s+be|equals|shows|reads|says|displays|should\s+(?:show|read|say))\s+(.+)$/i;
/** Words after "is" that say visibility or state, not a value. */
const NOT_A_VALUE =
  /^(?:not\s+)?(?:visible|shown|displayed|present|there|hidden|gone|absent|missing|on|off|enabled|disabled|checked|unchecked|selected|focused|open|opened|loaded)(?:\s|$)/i;
const NOT_A_LABEL = /^(?:screen|page|app|dialog|alert|pop-?up|message|banner|toast|there|it|this|that|everything|nothing)$/i;

/** "the Email field contains ann@example.com", "Red Mug is shown in the Name field", "the total is $48.50". */
export function valueBody(body: string, afterVerb: boolean): Intent | null {
  let m = FIELD_HOLDS.exec(body);
  // "the box is delivered on Thursday": a box with no name is the thing the screen is about, not a field.
  const unnamedBox = m !== null && /^(?:the|a|an|my|your|our|this|that)\s+\S+$/i.test(m[1]!.trim());
  if (m && !unnamedBox && !NOT_A_VALUE.test(m[2]!.trim())) {
    const value = /^(?:empty|blank|cleared)$/i.test(m[2]!.trim()) ? '' : unquote(m[2]!);
    return { kind: 'assertField', field: parseTargetPhrase(m[1]!, 'field'), value };
  }
  if ((m = SHOWN_IN_FIELD.exec(body))) return { kind: 'assertField', field: parseTargetPhrase(m[2]!, 'field'), value: unquote(m[1]!) };
  if ((m = FILLED_AS.exec(body))) return { kind: 'assertField', field: parseTargetPhrase(m[1]!, 'field'), value: unquote(m[2]!) };
  // "the total is $48.50", "Order #10234 is Delivered". The resolver first looks for the whole
  // sentence as one text ("Shipping is free" may be a label), then for the value beside its label.
  if ((m = LABEL_VALUE.exec(body))) {
    const value = m[2]!.trim();
    const label = m[1]!.trim();
    // Without "check that …" only a number, a quoted value or "should" makes a sentence a check ("The weather is nice" is not).
    // "The reference should be Rent March": an expectation ("should", "must") is a check whatever its value.
    const expectation = /\s(?:should|must)\s+(?:be|show|read|say)\s/i.test(body);
    const valueLike = afterVerb || expectation || /^["“'‘].*["”'’]$/.test(value) || /\d/.test(value);
    if (
      valueLike &&
      !NOT_A_VALUE.test(value) &&
      !NOT_A_LABEL.test(label) &&
      label.split(/\s+/).length <= 4 &&
      value.split(/\s+/).length <= 6
    ) {
      const named = parseTargetPhrase(label);
      // A label that is only a kind of control ("the box") names nothing: the sentence is read as said.
      if (named.text !== '' || named.variants?.length) return { kind: 'assertValue', label: named, value: unquote(value), said: body };
    }
  }
  return null;
}

const QUESTION = new RegExp(`^(?:is|are)\\s+(.+?)\\s+${SHOWN}\\??$`, 'i');

/** "Is Build 4521 shown?" */
export function questionBody(s: string): Intent | null {
  const m = QUESTION.exec(s.replace(/\?$/, ''));
  return m ? { kind: 'assert', target: parseTargetPhrase(m[1]!), visible: true } : null;
}

/** "the Settings screen is open", "I am on the Checkout page". */
export function screenBody(body: string): Intent | null {
  const m = SCREEN_OPEN.exec(body) ?? ON_SCREEN.exec(body);
  return m ? { kind: 'assert', target: { ...parseTargetPhrase(m[1]!), role: 'screen' }, visible: true } : null;
}

/** "Welcome is shown" → target + visibility; null if the text is not an assertion body. */
export function assertionBody(body: string, requireSuffix: boolean): { target: TargetPhrase; visible: boolean } | null {
  // "$48.50 is shown next to Total", "OK is not shown in the dialog": the qualifier follows the verb.
  const qualified = splitQualifier(body);
  if (qualified && (NEGATIVE_SUFFIX.test(qualified.core) || POSITIVE_SUFFIX.test(qualified.core))) {
    const inner = assertionBody(qualified.core, true);
    if (inner) {
      if (qualified.container) inner.target.container = qualified.container;
      if (qualified.near) inner.target.near = { relation: qualified.near.relation, anchor: parseTargetPhrase(qualified.near.anchor) };
      return inner;
    }
  }
  const negative = NEGATIVE_SUFFIX.exec(body);
  if (negative) {
    const target = parseTargetPhrase(body.slice(0, negative.index));
    return { target: /\s(?:missing|absent)$/i.test(negative[0]) ? { ...target, missing: true } : target, visible: false };
  }
  const positive = POSITIVE_SUFFIX.exec(body);
  if (positive) return { target: parseTargetPhrase(body.slice(0, positive.index)), visible: true };
  const noneShown = /^there\s+(?:is|are)\s+no\s+(.+)$/i.exec(body);
  if (noneShown) return { target: { ...parseTargetPhrase(noneShown[1]!), denies: `there is a ${noneShown[1]!}` }, visible: false };
  const screenShows =
    /^(?:the\s+)?(?:screen|page|app|dialog|alert|pop-?up|message|banner|toast)\s+(?:shows|displays|contains|says|reads|mentions|names)\s+(.+)$/i.exec(
      body,
    );
  if (screenShows) {
    const target = parseTargetPhrase(screenShows[1]!);
    const said = REPORTED.test(body) ? { ...target, reported: true } : target;
    const reported = /\s(?:mentions|names)\s/i.test(body) ? { ...said, mentioned: true } : said;
    return { target: /^(?:the\s+)?(?:dialog|alert|pop-?up)\b/i.test(body) ? { ...reported, dialogSays: true } : reported, visible: true };
  }
  if (requireSuffix) return null;
  return { target: { ...parseTargetPhrase(body), sentence: true }, visible: true };
}
