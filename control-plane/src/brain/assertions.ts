/**
 * Verdicts of assertions. An assertion passes only when what it names is on the
 * screen: the text compared after normalisation (verdict-text.ts), as a whole or as
 * one sentence of a longer text, never by a fuzzy or partial score; a near-miss
 * fails and fuzzy matching only *suggests* what is closest. States ("Dark mode is
 * on", "Log in is disabled") are read from the element, and a passing check's
 * locator carries the state so that a cache replay checks it again.
 */
import { type Decision, fail } from './actions.js';
import { findClaimEvidence } from './claim-evidence.js';
import { textOf, topicWords } from './claim-pieces.js';
import { contentWords, hasWord, NEGATIONS, oppositesAgree, tokensOf } from './claim-words.js';
import { confidence, notFound, quoteOf } from './decisions.js';
import { findMatches, type Match, tapTargetOf, toggleOf } from './element-matching.js';
import { ancestors, describe, isButtonType, isEditable, isTabContainer, isToggle } from './element-roles.js';
import { identifierMatchScore } from './fuzzy.js';
import { type ScreenElement, shortType } from './hierarchy.js';
import type { ElementState } from './instruction-grammar.js';
import { lemmaAsVerb, sameLemma, sameStem } from './lemmas.js';
import { STATE_SYNONYMS } from './lexicon.js';
import { type Locator, locatable, locatorFor, uniqueLocator } from './locators.js';
import { mentionedIn } from './mentioned-words.js';
import { resolveMissing } from './missing-claims.js';
import { resolveModalSentence, scopedToModal } from './modal-subject.js';
import { toggleOffering, togglePromising, toggleRestating, toggleStating } from './offered-toggles.js';
import { findParaphrase, titleIsSubject } from './paraphrase.js';
import { dialogWords } from './prompt-answers.js';
import { screenByParts } from './screen-parts.js';
import { modalFilter, regionFilter, rowOf, screenBounds, titleElements } from './screen-structure.js';
import { choiceNamed, isChoice } from './tab-choice.js';
import { chooseTarget, narrow, withoutKind } from './target-choice.js';
import type { TargetPhrase } from './target-phrase.js';
import { toggleByWords } from './toggle-words.js';
import { comparableTokens, sameText, showsText } from './verdict-text.js';

/** "the price $12.00", "an error message saying Invalid email": the words that only say what kind of text follows. */
const DESCRIPTOR =
  /^(?:(?:the|a|an)\s+)?(?:(?:error|success|warning|info|validation|confirmation)\s+)?(?:message|error|toast|snackbar|banner|notification|alert|text|label|title|heading|subtitle|caption|price|total|subtotal|amount|status|badge|value|version|count|date|quantity|qty)\s*(?:saying|that\s+says|which\s+says|reading|with(?:\s+the)?\s+text|showing|of|:)?\s+(.+)$/i;

/** Every way the phrase may name a text: as written (with role words), its name, its name after "the price …". */
function readings(phrase: TargetPhrase, asWritten: boolean): string[] {
  const out = [...(phrase.variants ?? []), phrase.text].filter((r) => r !== '');
  if (asWritten) return [...new Set(out)];
  for (const r of [...out]) {
    const stripped = DESCRIPTOR.exec(r)?.[1];
    if (stripped) out.push(stripped);
  }
  return [...new Set(out)];
}

/**
 * Elements showing what the phrase names, exactly after normalisation. `asWritten`: the words as
 * given, without reading "the total €50" as just "€50" (a label and its value: the label counts).
 */
export function findShown(elements: readonly ScreenElement[], phrase: TargetPhrase, asWritten = false): Match[] {
  const wanted = readings(phrase, asWritten);
  const matches: Match[] = [];
  // "The cart icon is shown": an icon has no text, and its id is the only name it has.
  const byId = phrase.role === 'icon' ? [phrase.text, ...(phrase.variants ?? [])].filter(Boolean) : [];
  for (const el of locatable(elements)) {
    if (
      byId.length &&
      el.resourceId &&
      byId.some((w) => identifierMatchScore(w, el.resourceId, { typos: false, containment: false }) >= 0.85)
    ) {
      matches.push({ element: el, score: 0.98, via: 'resourceId' });
      continue;
    }
    const hit = shownMatch(el, wanted);
    // A product photo labelled with the product's name ranks after the name itself.
    if (hit) matches.push({ element: el, score: hit.score - (/Image/.test(shortType(el.type)) ? 0.005 : 0), via: hit.via });
  }
  return matches;
}

/** Ranked: the element's own text, then its label or placeholder, then a sentence of a longer text. */
function shownMatch(el: ScreenElement, wanted: readonly string[]): { score: number; via: Match['via'] } | null {
  const fields: Array<[string, Match['via']]> = [
    [el.text, 'text'],
    [el.contentDesc, 'contentDesc'],
    [el.text ? '' : el.hint, 'hint'],
  ];
  const present = fields.filter(([t]) => t !== '');
  for (const [t, via] of present) if (wanted.some((w) => sameText(t, w))) return { score: via === 'text' ? 1 : 0.99, via };
  for (const [t, via] of present) if (wanted.some((w) => showsText(t, w))) return { score: 0.97, via };
  return null;
}

const pass = (target: Locator, reasoning: string, score = 1): Decision => ({
  action: { type: 'assert', target, visible: true },
  reasoning,
  confidence: confidence(score),
});

export function resolveAssert(said: TargetPhrase, visible: boolean, elements: readonly ScreenElement[]): Decision {
  // "the dialog is for Guitar idea": only the dialog that is up says it (modal-subject.ts).
  const aboutModal = visible ? resolveModalSentence(said, elements) : null;
  if (aboutModal) return aboutModal;
  const phrase = scopedToModal(said);
  // "the taxi receipt is missing" beside a Taxi row saying "Receipt attached": what the screen says of it decides.
  const missing = visible ? null : resolveMissing(phrase, elements);
  if (missing) return missing;
  if (!phrase.text && !phrase.variants?.length) return fail('Nothing to check: name the text that should be visible');
  if (phrase.role === 'screen' && visible) {
    // "The repairs screen for Flat 3, 18 Harbour Road": what it is for must be on it too, every number as written.
    const forWhat = phrase.near?.anchor;
    if (forWhat?.text && !shownAnywhere(forWhat.text, elements))
      return fail(`Nothing on the screen shows ${quoteOf(forWhat)}, which the screen should be for`);
    return resolveScreen(phrase, elements);
  }
  // "a menu of actions for the recording is shown": an action sheet is a dialog of actions, about what its title names.
  const menu = phrase.literal ? null : ACTION_MENU.exec((phrase.whole ?? phrase.variants?.[0] ?? phrase.text).trim());
  if (menu) return resolveActionMenu(menu[1] ?? menu[2], visible, elements);
  const confirming = phrase.literal || !visible ? null : CONFIRMATION_TO.exec((phrase.whole ?? phrase.variants?.[0] ?? phrase.text).trim());
  if (confirming) return resolveConfirmationTo(confirming[1]!, elements);
  const decided = resolveShownText(phrase, visible, elements);
  // "the alert asks whether to unsubscribe from …": when no text says it, a dialog asking to do it does, every word said.
  const asks =
    decided.action.type !== 'fail' || phrase.literal || !visible
      ? null
      : DIALOG_ASKS.exec((phrase.whole ?? phrase.variants?.[0] ?? phrase.text).trim());
  const asked = asks ? resolveConfirmationTo(asks[1]!, elements, true) : null;
  return asked && asked.action.type !== 'fail' ? asked : decided;
}

/** A text to be shown (or not), or said in other words. */
function resolveShownText(phrase: TargetPhrase, visible: boolean, elements: readonly ScreenElement[]): Decision {
  const dialog = phrase.literal ? null : DIALOG_SHOWN.exec((phrase.variants?.[0] ?? phrase.text).trim());
  if (dialog) {
    const shown = dialog[1] ? !visible : visible;
    return resolveDialogShown(dialog[2]?.toLowerCase(), shown, elements) ?? fail(`The dialog showing is no ${dialog[2]} dialog`);
  }
  // "the alert mentions AirPlay": the words inside one text of the dialog (or of the screen).
  if (phrase.mentioned && visible) return mentionedIn(phrase, elements, dialogScope(phrase, elements));
  // A text showing the whole phrase, qualifier words included, is what was meant.
  const whole = phrase.whole ? findShown(elements, { text: phrase.whole }) : [];
  let found = whole.length > 0 ? whole : findShown(elements, phrase);
  // "the alert says …" while an alert is up: a text of the screen behind it says nothing of the alert.
  const inDialog = dialogScope(phrase, elements);
  if (inDialog) found = found.filter((m) => inDialog(m.element));
  if (whole.length === 0 && (phrase.container || phrase.near)) {
    const narrowed = narrow(found, phrase, elements);
    // "2 items are in the order" read as "2 items" inside an "order": when nothing shows the words, they may be said in other words.
    if (!narrowed.ok) {
      if (!visible) return absent(phrase);
      const said =
        (found.length === 0 && paraphraseOf(phrase, elements)) ||
        // "Tide times for St Ives Bay": a heading of the screen and the place it is for, not a row.
        (!phrase.sentence && !phrase.literal && screenByParts(phrase.whole ?? phrase.text, elements)) ||
        (phrase.sentence && evidenceOf(phrase, elements));
      return said || narrowed.decision;
    }
    found = narrowed.matches;
  }
  const best = [...found].sort((a, b) => b.score - a.score || a.element.index - b.element.index)[0];
  if (!visible) {
    if (best) return fail(`${describe(best.element)} is visible but should not be`);
    // '"Fiona" is not shown' over "Skipper: Fiona Reid": the words are on the screen, inside a longer text.
    const inside = phrase.text ? wordsInside(phrase.text, elements) : undefined;
    if (inside) return fail(`${describe(inside)} shows ${quoteOf(phrase)} but it should not be shown`);
    // "there is no alarm at 06:30" beside an alarm row "06:30": what is said in other words is there too.
    const said = paraphraseOf(phrase.denies ? { text: phrase.denies } : phrase, elements);
    if (said && said.action.type === 'assert') return fail(`${said.reasoning}, but should not be there`);
    return absent(phrase);
  }
  if (!best) {
    const said = paraphraseOf(phrase.denies ? { text: phrase.denies } : phrase, elements);
    return (
      said ??
      (/\bsettings$/i.test(phrase.text.trim()) ? screenByTitleWords(phrase.text, elements) : null) ??
      (phrase.sentence ? (evidenceOf(phrase, elements) ?? promisedBySwitch(phrase, elements) ?? byRowControl(phrase, elements)) : null) ??
      (phrase.literal || phrase.sentence ? null : screenByParts(phrase.whole ?? phrase.text, elements)) ??
      notFound('text', phrase, elements)
    );
  }
  // "The skip clean dialog is shown" over a dialog whose answer is "Skip clean": the dialog is what is shown, by its title.
  const dialogTitle =
    visible && /\s(?:dialog|dialogue|alert|pop-?up|prompt)$/i.test(phrase.variants?.[0] ?? '')
      ? titleOfDialogOf(best.element, elements)
      : null;
  if (dialogTitle)
    return pass(shownLocator(dialogTitle, elements), `${describe(dialogTitle)} is the title of the dialog ${describe(best.element)} is in`);
  const target = shownLocator(best.element, elements);
  const how = best.score === 1 ? 'the same text' : 'a sentence of it';
  return pass(target, `${describe(best.element)} is visible: ${how} once case, spaces and punctuation are set aside`);
}

/** The title of the modal dialog a control is in; null when it is in none or is no control. */
function titleOfDialogOf(el: ScreenElement, elements: readonly ScreenElement[]): ScreenElement | null {
  const inModal = modalFilter(elements);
  if (!inModal?.(el) || !(tapTargetOf(el, elements).clickable || isButtonType(el))) return null;
  return titleElements(elements).find((t) => inModal(t) && t !== el) ?? null;
}

/** "a confirmation dialog is shown", "an alert is displayed": the dialog itself, not a text saying "dialog". */
const DIALOG_SHOWN =
  /^(?:(?:a|an|the)\s+|(no)\s+)?(?:(confirmation|error)\s+)?(?:dialog|dialogue|alert|pop-?up|modal)(?:\s+(?:window|box))?$/i;
/** "a confirmation to resign the game", "a prompt asking to leave the waitlist": a dialog asking whether to do it. */
const CONFIRMATION_TO =
  /^(?:(?:a|an|the)\s+)?(?:confirmation|prompt)(?:\s+(?:dialog|dialogue|alert|pop-?up))?\s+(?:to|asking(?:\s+me)?\s+to|asking\s+whether\s+to|for\s+me\s+to)\s+(.+)$/i;
const NOT_NAMING = /^(?:the|a|an|my|this|that|your|all|in|on|with|from|to|of|for|me)$/;
/** "the alert asks whether to unsubscribe from The Weekly Byte", "the dialog asks if I want to uninstall BudgetBee". */
const DIALOG_ASKS =
  /^(?:(?:the|this)\s+)?(?:dialog|dialogue|alert|pop-?up|prompt|modal)\s+(?:asks|is\s+asking)\s+(?:me\s+|us\s+)?(?:(?:whether|if)\s+(?:(?:i|we)\s+(?:really\s+)?(?:want|would\s+like)\s+to|(?:i|we)\s+should|to)|to)\s+(.+)$/i;
/** A question's polite opening, before the verb it asks about: "Do you want to uninstall this app?". */
const ASKING_OPENING = /^(?:(?:do|would)\s+you\s+(?:really\s+)?(?:want|like)\s+to|are\s+you\s+sure\s+(?:you\s+want\s+to\s+)?)\s*/i;

/**
 * "A confirmation to resign the game is shown": a dialog is up asking (its title ends with "?")
 * to do that action: its title starts with the verb ("Resign this game?"), and the thing acted on
 * is said in the dialog ("End your ride?") or named there by its own name ("Mute “Climbing
 * Crew”?" for "the group"). Never a dialog asking to do something else, or about another thing:
 * "a confirmation to unmatch Quillon" is not "Unmatch Sam?".
 */
function resolveConfirmationTo(action: string, elements: readonly ScreenElement[], everyWord = false): Decision {
  const inModal = modalFilter(elements);
  if (!inModal) return fail('No dialog is showing');
  // The question is the dialog's title, or its first text that asks ("BudgetBee" over "Do you want to uninstall this app?").
  const asking = (el: ScreenElement) => /\?\s*$/.test(el.text || el.contentDesc);
  const titled = titleElements(elements).find(inModal);
  const title = titled && asking(titled) ? titled : locatable(elements).find((el) => inModal(el) && asking(el));
  if (!title) return fail('The dialog showing asks nothing');
  const asked = (title.text || title.contentDesc).replace(ASKING_OPENING, '');
  const [verb = '', ...rest] = comparableTokens(action).filter((w) => !NOT_NAMING.test(w));
  const [titleVerb = '', ...titleRest] = comparableTokens(asked);
  if (!sameStem(titleVerb, verb)) return fail(`${describe(title)} does not ask to ${action}`);
  // "turn on backup" is not "Turn off backup?" (the particle is no naming word), nor "cancel the 12:30 ride" "Cancel your
  // 09:15 ride?": a number of the action is the question's own (found by scripts/corpus-mutants.ts).
  const actionTokens = comparableTokens(action);
  const askedTokens = comparableTokens(asked);
  if (!oppositesAgree(actionTokens, askedTokens) || actionTokens.some((t) => /^\d/.test(t) && !askedTokens.includes(t)))
    return fail(`${describe(title)} does not ask to ${action}`);
  const said = dialogWords(inModal, elements);
  const saidOf = rest.filter((w) => said.some((d) => d === w || sameStem(d, w)));
  // A thing the check names by a name of its own ("unmatch Sam") is said in the dialog, never another's name.
  const ownName = /(?:^|\s)\p{Lu}/u.test(action.replace(/^\S+/, ''));
  const named = rest.length === 1 && !ownName && /[“"'‘]|\s\p{Lu}|\d/u.test(asked.slice(titleVerb.length)) && titleRest.length > 0;
  if (rest.length > 0 && saidOf.length === 0 && !named) return fail(`${describe(title)} asks about something other than ${action}`);
  // A name is said whole: "The Daily Byte" is not "“The Weekly Byte”" for sharing "Byte"; so is all the action when
  // asked for (`everyWord`): "delete 3 photos" is not "Delete 5 photos?", "sign out of this device only" not "… all devices?".
  if ((ownName || everyWord) && saidOf.length < rest.length) return fail(`${describe(title)} asks about something other than ${action}`);
  return pass(shownLocator(title, elements), `${describe(title)} asks to ${action}`);
}

const ACTION_MENU =
  /^(?:an?\s+|the\s+)?(?:(?:menu|sheet|list)\s+of\s+(?:actions|options)|action\s+sheet|actions?\s+menu|options\s+menu)(?:\s+(?:for|about|on)\s+(.+))?$|^(?:an?\s+|the\s+)?(?:menu|sheet)\s+(?:for|about)\s+(.+?)\s+with\s+(?:its\s+)?(?:actions|options)$/i;

/**
 * "A menu of actions for the recording is shown": a dialog is up holding three or more buttons (an
 * action sheet), and what it is for, when said, is named by the dialog's title ("Recording 14").
 */
function resolveActionMenu(about: string | undefined, visible: boolean, elements: readonly ScreenElement[]): Decision {
  const inModal = modalFilter(elements);
  // A menu offers several actions: three or more buttons (an alert's Cancel and OK are no menu), never a field or a
  // checkbox ("Also delete chat history" beside Cancel and Leave).
  const buttons = inModal
    ? locatable(elements).filter((el) => inModal(el) && (el.clickable || isButtonType(el)) && !isEditable(el) && !isToggle(el))
    : [];
  const texts = inModal
    ? locatable(elements).filter((el) => inModal(el) && (el.text || el.contentDesc) && !el.clickable && !isButtonType(el))
    : [];
  const title = inModal ? (titleElements(elements).find(inModal) ?? texts[0] ?? null) : null;
  const words = about ? comparableTokens(about).filter((w) => !/^(?:the|a|an|this|my|your)$/.test(w)) : [];
  const titleWords = title ? comparableTokens(title.text || title.contentDesc) : [];
  const named = words.every((w) => titleWords.some((t) => sameLemma(w, t)));
  const shown = buttons.length >= 3 && named;
  if (!visible) return shown ? fail(`A menu of ${buttons.length} actions is showing`) : absent({ text: 'menu of actions' });
  if (!shown || !inModal)
    return fail(inModal ? `The dialog showing is no menu of actions${about ? ` for ${about}` : ''}` : 'No menu of actions is showing');
  const target = title ?? buttons[0]!;
  return pass(
    shownLocator(target, elements),
    `a menu of ${buttons.length} actions is showing${title ? `, headed ${describe(title)}` : ''}`,
  );
}

/**
 * A switch named by the first part of its label (before a comma or "·") and a noun for what the
 * screen lists, its title's word ("the gym alarm" for "Gym, Mon Wed Fri, 07:45" on the Alarm
 * screen). The first part whole, one switch only; never a word from the middle of a label.
 */
function toggleByFirstPart(name: string, elements: readonly ScreenElement[]): ScreenElement[] {
  const words = comparableTokens(name).filter((w) => !/^(?:the|a|an|my|your|this)$/.test(w));
  const kind = words.at(-1);
  const titleWords = titleElements(elements).flatMap((t) => comparableTokens(t.text || t.contentDesc));
  if (words.length < 2 || !kind || !titleWords.some((t) => sameLemma(kind, t))) return [];
  const rest = words.slice(0, -1);
  const first = (el: ScreenElement) => comparableTokens((el.text || el.contentDesc).split(/\s*[,·•|]\s*/)[0] ?? '');
  const hits = locatable(elements).filter((el) => {
    if (!isToggle(el)) return false;
    const part = first(el);
    return part.length === rest.length && part.every((w, i) => w === rest[i]);
  });
  return hits.length === 1 ? hits : [];
}

/** Words of a dialog that reports a failure. */
const ERROR_WORDS = /\b(?:error|failed|fail|couldn['’]?t|can['’]?t|cannot|unable|invalid|wrong)\b/i;

/**
 * Is a modal dialog up (screen-structure.ts `modalFilter`), and of the kind named: a confirmation
 * asks (its title, or its first text, ends with "?"), an error reports a failure. Passes on its
 * title; "is not shown" passes when none is up. Null when one is up but of another kind.
 */
function resolveDialogShown(kind: string | undefined, visible: boolean, elements: readonly ScreenElement[]): Decision | null {
  const inModal = modalFilter(elements);
  if (!inModal) return visible ? fail('No dialog is showing') : absent({ text: 'dialog' });
  const texts = locatable(elements).filter((el) => inModal(el) && (el.text || el.contentDesc) && !el.clickable);
  const title = titleElements(elements).find(inModal) ?? texts[0];
  const said = texts.map((el) => el.text || el.contentDesc);
  const fits =
    kind === undefined ||
    (kind === 'confirmation' && /\?\s*$/.test(title ? title.text || title.contentDesc : '')) ||
    (kind === 'error' && said.some((t) => ERROR_WORDS.test(t)));
  if (!visible)
    return fits ? fail(`A ${kind ? `${kind} ` : ''}dialog is showing${title ? `: ${describe(title)}` : ''}`) : absent({ text: 'dialog' });
  if (!fits || !title) return null;
  return pass(shownLocator(title, elements), `${describe(title)} heads the ${kind ? `${kind} ` : ''}dialog that is showing`);
}

/**
 * A check's locator names the very text that passed it, not an id: the screen
 * fingerprint keeps only the shape of numbers, so a replay found by id would pass
 * "$48.50" on a screen now showing "$49.50". Icons matched by id keep the id.
 */
export function shownLocator(el: ScreenElement, elements: readonly ScreenElement[]): Locator {
  const base = uniqueLocator(el, elements) ?? locatorFor(el, elements);
  return base.by === 'text' || base.by === 'contentDesc' || !el.text ? base : { ...base, showing: el.text };
}

/** A check whose words are on the screen in other words (paraphrase.ts); null when none says it. */
export function paraphraseOf(phrase: TargetPhrase, elements: readonly ScreenElement[]): Decision | null {
  if (phrase.literal) return null;
  const claim = phrase.whole ?? phrase.variants?.[0] ?? phrase.text;
  // With a modal dialog up, a check is first read as what the dialog says ("Luna's vaccination will be
  // cancelled" over its message "Luna's vaccination with Dr. Patel … will be cancelled."), as if written "the
  // dialog says …": the dialog is what the tester is looking at, and only its texts are read then.
  // A claim whose subject the dialog's title names ("the appointment is …" under "Cancel appointment?") is about
  // the dialog's thing: only the dialog is read, never a row behind it that says the same of another.
  const modal = phrase.dialogSays ? null : modalFilter(elements);
  const scope = dialogScope(phrase, elements, claim);
  // A claim in the dialog's own words is the dialog's ("the deposit is £20" under "Your £35.00 deposit is refunded"): a
  // "£20.00 deposit" in the list behind it does not say it (as evidenceOf reads it).
  const aboutDialog = modal !== null && inDialogWords(claim, elements, modal);
  const said =
    (modal ? findParaphrase(claim, elements, true, modal) : null) ??
    (aboutDialog ? null : findParaphrase(claim, elements, phrase.reported, scope ?? undefined));
  if (!said) return null;
  return (
    bySwitchState(claim, said.element, elements) ??
    byToggleLabel(said.element, said.reasoning, elements) ??
    pass(shownLocator(said.element, elements), said.reasoning, 0.9)
  );
}

/** A label that starts with what the control does when on. */
const BIDDING_LABEL =
  /^(?:only\s+)?(?:show|hide|notify|text|email|send|remind|allow|let|share|include|use|keep|save|sync|tell|alert|play|display|enable|receive|get|accept|ask|add)\b/i;

/**
 * A switch's or checkbox's label says what holds while it is on: "only in-stock items are shown" said by
 * "Show only items in stock" holds only when that switch is on (the forty-first batch: it passed while off).
 */
function byToggleLabel(toggle: ScreenElement, reasoning: string, elements: readonly ScreenElement[]): Decision | null {
  // Only the control's own words, and only a label that bids what the control does ("Show only items in stock"):
  // an alarm's "Bedtime, 22:30" or a listing's "Pets allowed" chip says what it says either way.
  if (!isToggle(toggle) || !BIDDING_LABEL.test(toggle.text || toggle.contentDesc)) return null;
  if (!toggle.checked) return fail(`${describe(toggle)} is off: what its label says does not hold while it is off`);
  return pass({ ...(uniqueLocator(toggle, elements) ?? locatorFor(toggle, elements)), checked: true }, `${reasoning}, and it is on`);
}

/** "the alert says …" (TargetPhrase.dialogSays) while a dialog is up: only its elements; null when no dialog is up. */
function dialogScope(phrase: TargetPhrase, elements: readonly ScreenElement[], claim?: string): ((el: ScreenElement) => boolean) | null {
  if (phrase.dialogSays) return modalFilter(elements);
  return claim !== undefined && titleIsSubject(claim, elements) ? modalFilter(elements) : null;
}

/** "insurance is added", "the reminders are not on": a claim of the state a switch or checkbox is in. */
const SWITCH_CLAIM = /\b(?:is|are)\s+(not\s+)?(?:added|on|enabled|selected|checked|ticked|active|included|switched\s+on|turned\s+on)$/i;

/**
 * A claim of a state said by the label of a switch or checkbox ("Add insurance (€0.50)" beside its
 * switch): the label only offers it, the control's state decides, as for "X is on" (resolveState).
 */
function bySwitchState(claim: string, said: ScreenElement, elements: readonly ScreenElement[]): Decision | null {
  const m = SWITCH_CLAIM.exec(claim.trim());
  const toggle = m ? toggleOf(said, elements) : null;
  if (!m || !toggle) return null;
  const on = !m[1];
  if (toggle.checked !== on)
    return fail(`${describe(toggle)} is ${toggle.checked ? 'on' : 'off'}, expected ${on ? 'on' : 'off'} (${describe(said)} only names it)`);
  return pass(
    { ...(uniqueLocator(toggle, elements) ?? locatorFor(toggle, elements)), checked: on },
    `${describe(toggle)} is ${on ? 'on' : 'off'}`,
  );
}

/**
 * "legal protection is included", "the airport transfer is not added": an extra a switch or checkbox
 * offers (offered-toggles.ts), decided by the control's state. Null when no one toggle offers it.
 */
export function offeredState(name: string, on: boolean, elements: readonly ScreenElement[]): Decision | null {
  const toggle = toggleOffering(name, elements);
  if (!toggle) return null;
  if (toggle.checked !== on) return fail(`${describe(toggle)} is ${toggle.checked ? 'on' : 'off'}, expected ${on ? 'on' : 'off'}`);
  return pass(
    { ...(uniqueLocator(toggle, elements) ?? locatorFor(toggle, elements)), checked: on },
    `${describe(toggle)}, which offers ${JSON.stringify(name)}, is ${on ? 'on' : 'off'}`,
  );
}

/**
 * "Sapiens cannot be renewed" beside a disabled Renew in the row titled "Sapiens", "The Overstory
 * can be renewed" beside an enabled one: the one control of the one row named (its title whole)
 * whose label starts with the verb (by dictionary form) says whether it can be done.
 */
function byRowControl(phrase: TargetPhrase, elements: readonly ScreenElement[]): Decision | null {
  if (phrase.literal) return null;
  const m = /^(.+?)\s+(can(?:not|'t|’t|\s+not)?)\s+be\s+(\p{L}+ed)$/iu.exec((phrase.whole ?? phrase.text).trim());
  if (!m) return null;
  const [, name, can, participle] = m;
  const rows = new Set(
    locatable(elements)
      .filter((el) => !el.clickable && sameText(el.text || el.contentDesc, name!))
      .map((el) => rowOf(el, elements))
      .filter((r): r is ScreenElement => r !== null),
  );
  if (rows.size !== 1) return null;
  const [row] = rows;
  const controls = locatable(elements).filter(
    (el) =>
      (el.clickable || isButtonType(el)) &&
      !isToggle(el) &&
      ancestors(el, elements).includes(row!) &&
      sameLemma(lemmaAsVerb(participle!.toLowerCase()), lemmaAsVerb(comparableTokens(el.text || el.contentDesc)[0] ?? '')),
  );
  if (controls.length !== 1) return null;
  const control = controls[0]!;
  const possible = !/not|n['’]t/i.test(can!);
  if (control.enabled !== possible)
    return fail(
      `${describe(control)} is ${control.enabled ? 'enabled' : 'disabled'}, so it ${control.enabled ? 'can' : 'cannot'} be ${participle}`,
    );
  return pass(
    { ...(uniqueLocator(control, elements) ?? locatorFor(control, elements)), enabled: possible },
    `${describe(control)} in the row of ${JSON.stringify(name)} is ${possible ? 'enabled' : 'disabled'}`,
  );
}

/** "the recipient will be saved as a template" beside a checkbox "Save recipient as a template": its state decides (offered-toggles.ts). */
function promisedBySwitch(phrase: TargetPhrase, elements: readonly ScreenElement[]): Decision | null {
  if (phrase.literal) return null;
  const claim = phrase.whole ?? phrase.variants?.[0] ?? phrase.text;
  const promised = togglePromising(claim, elements) ?? toggleStating(claim, elements) ?? toggleRestating(claim, elements);
  return promised ? bySwitchPromise(promised.toggle, promised.negated, elements) : null;
}

/**
 * A sentence read as a label and its value that is the passive of one switch's imperative label ("bookings are shared
 * with the band" beside "Share bookings with the band", intent-resolver.ts); only that reading: a label that states
 * ("Pets allowed" on a listing's chip) is read by the label's own readers.
 */
export function promisedBySwitchSentence(claim: string, elements: readonly ScreenElement[]): Decision | null {
  const promised = togglePromising(claim, elements);
  return promised ? bySwitchPromise(promised.toggle, promised.negated, elements) : null;
}

/** A switch's promise decided by its state: on for what it says, off for "not". */
export function bySwitchPromise(toggle: ScreenElement, negated: boolean, elements: readonly ScreenElement[]): Decision {
  const on = !negated;
  if (toggle.checked !== on) return fail(`${describe(toggle)} is ${toggle.checked ? 'on' : 'off'}, expected ${on ? 'on' : 'off'}`);
  return pass(
    { ...(uniqueLocator(toggle, elements) ?? locatorFor(toggle, elements)), checked: on },
    `${describe(toggle)} is ${on ? 'on' : 'off'}: its label says it will be done`,
  );
}

/** A check written as a sentence that one text or one group of texts says (claim-evidence.ts); null when none does. */
export function evidenceOf(phrase: TargetPhrase, elements: readonly ScreenElement[]): Decision | null {
  if (phrase.literal) return null;
  const claim = phrase.whole ?? phrase.variants?.[0] ?? phrase.text;
  const inDialog = dialogScope(phrase, elements, claim);
  // With a dialog up a check is first read as what the dialog says (as paraphrase.ts reads it): the recording's
  // "3:42" on its action sheet, not the list behind it where the same number stands too.
  const modal = inDialog ?? modalFilter(elements);
  // A claim in the dialog's own words is about the dialog: "the fee still charged is £22.00" under a dialog saying
  // "the £28.00 fee will still be charged" is not said by a "£22.00" in the list behind it (the thirty-sixth batch).
  const aboutDialog = inDialog ?? (modal && inDialogWords(claim, elements, modal) ? modal : null);
  const found = (modal ? findClaimEvidence(claim, elements, modal) : null) ?? (aboutDialog ? null : findClaimEvidence(claim, elements));
  if (!found || (inDialog && !inDialog(found.element))) return null;
  return bySwitchState(claim, found.element, elements) ?? pass(shownLocator(found.element, elements), found.reasoning, 0.85);
}

/** Every content word of the claim (numbers aside) is a word of the dialog's own texts. */
function inDialogWords(claim: string, elements: readonly ScreenElement[], modal: (el: ScreenElement) => boolean): boolean {
  const words = contentWords(tokensOf(claim)).filter((w) => !/\d/.test(w));
  const dialog = elements.filter((el) => el.visible && modal(el)).flatMap((el) => contentWords(tokensOf(el.text || el.contentDesc)));
  return words.length > 0 && words.every((w) => hasWord(dialog, w));
}

/** `text` is shown: as a text or a part of one, else its words in a row inside a longer text. */
function shownAnywhere(text: string, elements: readonly ScreenElement[]): boolean {
  return findShown(elements, { text }).length > 0 || wordsInside(text, elements) !== undefined;
}

/** A visible text holding all the words of `text`, in a row, as whole words. */
function wordsInside(text: string, elements: readonly ScreenElement[]): ScreenElement | undefined {
  const wanted = comparableTokens(text);
  if (wanted.length === 0) return undefined;
  return locatable(elements).find((el) =>
    [el.text, el.contentDesc].some((shown) => {
      const tokens = comparableTokens(shown);
      return tokens.some((_, i) => wanted.every((w, j) => tokens[i + j] === w));
    }),
  );
}

function absent(phrase: TargetPhrase): Decision {
  const reasoning = `Nothing showing ${quoteOf(phrase)} is on the screen`;
  return {
    action: { type: 'assert', target: { by: 'text', value: phrase.text || phrase.variants?.[0] || '' }, visible: false },
    reasoning,
    confidence: 0.9,
  };
}

/**
 * "The Settings screen is open": its name is the screen's title, in the toolbar /
 * navigation bar, an element whose id says title, or a heading near the top that is
 * not a control. The same word on a button elsewhere does not make it that screen.
 */
function resolveScreen(phrase: TargetPhrase, elements: readonly ScreenElement[]): Decision {
  const inToolbar = regionFilter('toolbar', elements);
  const screen = screenBounds(elements);
  const isTitle = (el: ScreenElement) =>
    (!el.clickable && (inToolbar?.(el) ?? false)) ||
    /title|header|heading|toolbar/i.test(el.resourceId.replace(/^.*:id\//, '')) ||
    (!el.clickable &&
      el.bounds.y + el.bounds.height <= screen.y + screen.height * 0.25 &&
      !ancestors(el, elements).some((a) => a.clickable));
  const named = { ...phrase, variants: (phrase.variants ?? []).filter((v) => !/\s(?:screen|page|view)$/i.test(v)) };
  const shown = findShown(elements, named);
  // iOS names the navigation bar itself after the screen.
  const navBar = elements.find(
    (el) => el.visible && shortType(el.type) === 'NavigationBar' && readings(named, false).some((r) => sameText(el.resourceId, r)),
  );
  // "the basket screen" titled "Your basket": whose it is is how the app talks to the user, not another screen.
  const owned = locatable(elements).find((el) => {
    const m = /^(?:your|my|our)\s+(.+)$/i.exec((el.text || el.contentDesc).trim());
    return !!m && isTitle(el) && readings(named, false).some((r) => sameText(m[1]!, r));
  });
  // The chosen tab of the tab bar names the screen it shows ("the waiting lists screen" on the Waiting Lists tab).
  const chosenTab = shown.find(
    (m) => m.element.selected && ancestors(m.element, elements).some((a) => isTabContainer(a) && shortType(a.type) !== 'SegmentedControl'),
  )?.element;
  const title = navBar ?? shown.find((m) => isTitle(m.element))?.element ?? owned ?? chosenTab;
  if (title)
    return pass(
      uniqueLocator(title, elements) ?? locatorFor(title, elements),
      `${describe(title)} is ${title === chosenTab ? "the chosen tab, the screen's name" : "the screen's title"}`,
    );
  const byContent =
    screenByContent(named, elements) ?? screenByTitleWords(named.text, elements) ?? screenByParts(phrase.whole ?? named.text, elements);
  if (byContent) return byContent;
  if (shown[0])
    return fail(`${quoteOf(named)} is on the screen but not as its title (${describe(shown[0].element)}): another screen is open`);
  // "the room has a sea view": a sentence that only ends like a screen's name may say what the screen shows.
  return (phrase.sentence && evidenceOf(phrase, elements)) || notFound('screen title', named, elements);
}

/** Nouns for a kind of screen: "the privacy settings" is the Privacy screen. */
const SCREEN_KIND = /^(?:settings|details|overview|summary|info|information|options|preferences)$/;

/**
 * "the privacy settings are shown" on the "Privacy" screen, "the parcel pickup screen" on the
 * "Pickup" one: every word of the title, beside a noun for a kind of screen, or one word before
 * them that the screen names nowhere (what the title is about: "parcel"). Never a word after the
 * title's ("the pickup history"), never a word the screen shows elsewhere.
 */
function screenByTitleWords(name: string, elements: readonly ScreenElement[]): Decision | null {
  const words = comparableTokens(name).filter((w) => !/^(?:the|a|an|my|your|our|this)$/.test(w));
  const titles = titleElements(elements);
  const elsewhere = new Set(
    locatable(elements)
      .filter((el) => !titles.includes(el))
      .flatMap((el) => comparableTokens(el.text || el.contentDesc)),
  );
  for (const title of titles) {
    const own = comparableTokens(title.text || title.contentDesc);
    const at = words.findIndex((_, i) => own.every((t, j) => words[i + j] === t));
    if (own.length === 0 || at < 0) continue;
    const before = words.slice(0, at);
    const after = words.slice(at + own.length);
    const about = before.length === 1 && /^\p{Ll}+$/u.test(before[0]!) && !elsewhere.has(before[0]!) && name.includes(before[0]!);
    if ((before.length === 0 || about) && after.every((w) => SCREEN_KIND.test(w)) && before.length + after.length > 0)
      return pass(uniqueLocator(title, elements) ?? locatorFor(title, elements), `${describe(title)} is the screen's title`);
  }
  return null;
}

/** "the login screen", "the sign-in page": what the screen is called when no title says so. */
const LOGIN_NAMES = /^(?:log\s*-?\s*in|login|sign\s*-?\s*in|signin|log\s*on|logon)(?:\s+(?:screen|page|view|form))?$/i;
/** "the sign up screen", "the registration page", "the create account form". */
const SIGN_UP_NAMES =
  /^(?:sign\s*-?\s*up|signup|register|registration|create\s+(?:an\s+|your\s+)?account|new\s+account)(?:\s+(?:screen|page|view|form))?$/i;

/** "the verification screen", "the 2FA page", "the one-time code screen". */
const CODE_NAMES =
  /^(?:verification|verify|two\s*-?\s*factor|2fa|mfa|otp|one\s*-?\s*time\s+(?:code|password)|(?:security|confirmation|verification)\s+code|enter\s+code)(?:\s+(?:screen|page|view|form|step))?$/i;
/** A field for a one-time code: its id, hint or text says code, OTP or PIN. */
const CODE_FIELD = /\b(?:code|otp|pin|passcode)\b|(?:^|_)(?:code|otp|pin)(?:_|$)/i;

/**
 * A screen known by what it holds when its title is the app's name: a login screen is
 * the one with exactly one password field; a sign-up screen has two (the password and
 * its confirmation) beside a field that is not a password (the email or name: without
 * one, two password fields are a password change); a verification screen has one field,
 * for a code, and no password.
 */
function screenByContent(phrase: TargetPhrase, elements: readonly ScreenElement[]): Decision | null {
  const names = [phrase.text, ...(phrase.variants ?? [])].map((r) => r.trim());
  const login = names.some((r) => LOGIN_NAMES.test(r));
  const signUp = names.some((r) => SIGN_UP_NAMES.test(r));
  const passwords = locatable(elements).filter((el) => el.password);
  const others = locatable(elements).filter((el) => isEditable(el) && !el.password);
  if (!login && !signUp) {
    if (!names.some((r) => CODE_NAMES.test(r)) || passwords.length > 0 || others.length !== 1) return null;
    const field = others[0]!;
    if (![field.resourceId.replace(/^.*:id\//, ''), field.hint, field.text, field.contentDesc].some((t) => CODE_FIELD.test(t))) return null;
    const target = { ...(uniqueLocator(field, elements) ?? locatorFor(field, elements)), type: field.type };
    return pass(target, `${describe(field)} is the only field, for a code: a verification screen, though no title says so`, 0.9);
  }
  const fits = login ? passwords.length === 1 : passwords.length === 2 && others.length > 0;
  if (!fits) return null;
  const field = passwords[0]!;
  const target = { ...(uniqueLocator(field, elements) ?? locatorFor(field, elements)), type: field.type };
  const what = login ? 'the only password field: a login screen' : 'one of two password fields beside another field: a sign-up screen';
  return pass(target, `${describe(field)} is ${what}, though no title says so`, 0.9);
}

const STATE_NAMES: Readonly<Record<ElementState, string>> = {
  on: 'on',
  off: 'off',
  enabled: 'enabled',
  disabled: 'disabled',
  selected: 'selected',
  unselected: 'not selected',
};

/** The text is the phrase's words, then a word for chosen ("selected", "chosen", "picked": lexicon.ts STATE_SYNONYMS). */
function saysChosen(text: string, phrase: string): boolean {
  const own = comparableTokens(text);
  const wanted = comparableTokens(phrase);
  const last = own.at(-1) ?? '';
  return own.length === wanted.length + 1 && wanted.every((w, i) => own[i] === w) && STATE_SYNONYMS[last] === 'selected';
}

/** "Dark mode is on", "Notifications are enabled" (a switch), "the Login button is disabled", "Orders tab is selected". */
export function resolveState(phrase: TargetPhrase, state: ElementState, elements: readonly ScreenElement[]): Decision {
  const wantsSwitch = state === 'on' || state === 'off';
  // The switch is named by exactly its label, like any verdict: "Notifications" is not "Email notifications".
  let toggles = [
    ...new Set(
      findShown(elements, { ...phrase, role: undefined })
        .map((m) => toggleOf(m.element, elements))
        .filter((t) => t !== null),
    ),
  ];
  // "the 06:30 alarm is on" on the Alarm screen: the switch of the row that shows "06:30".
  const named = toggles.length === 0 ? withoutKind(phrase, elements) : null;
  if (named)
    toggles = [
      ...new Set(
        findShown(elements, named)
          .map((m) => toggleOf(m.element, elements))
          .filter((t) => t !== null),
      ),
    ];
  // "Wi-Fi is on" on the Wi-Fi screen: the feature the title names is its one switch ("Use Wi-Fi").
  if (toggles.length === 0 && wantsSwitch) {
    const named = titleElements(elements).some((t) =>
      [phrase.text, ...(phrase.variants ?? [])].some((n) => n && sameText(t.text || t.contentDesc, n)),
    );
    const all = locatable(elements).filter(isToggle);
    if (named && all.length === 1) toggles = all;
  }
  // "the gym alarm is off" on the Alarm screen over a switch "Gym, Mon Wed Fri, 07:45": its label's first part and
  // what the screen lists (its title's noun, singular).
  if (toggles.length === 0 && wantsSwitch) toggles = toggleByFirstPart(phrase.text, elements);
  // "the eSIM box is not ticked" beside "Also erase downloaded eSIMs": the one toggle whose label has its words.
  if (toggles.length === 0 && wantsSwitch) {
    const byWords = toggleByWords(phrase.variants?.[0] ?? phrase.text, elements);
    if (byWords) toggles = [byWords];
  }
  // "texts for when the bike is ready" names the switch "Text me when it is ready": what the "for …" says is its label's
  // (or the screen's topic), never "for when the bike is stolen", nor "… is not ready".
  const forWhat = phrase.near?.anchor.text;
  if (forWhat) {
    const topic = topicWords(elements);
    const tokens = tokensOf(forWhat);
    // Its subject may be the label's "it" ("when the bike is ready" of "Text me when it is ready"); what it says may not.
    const verb = tokens.findIndex((w) => /^(?:is|are|was|were|has|have|gets?|will)$/.test(w));
    const [subject, said] = verb > 0 ? [contentWords(tokens.slice(0, verb)), contentWords(tokens.slice(verb))] : [[], contentWords(tokens)];
    const denies = tokens.some((w) => NEGATIONS.has(w));
    toggles = toggles.filter((t) => {
      const label = tokensOf(textOf(t));
      const own = [...contentWords(label), ...topic];
      const pronoun = label.some((w) => /^(?:it|they|them)$/.test(w));
      return (
        denies === label.some((w) => NEGATIONS.has(w)) &&
        said.every((w) => hasWord(own, w)) &&
        subject.every((w) => hasWord(own, w) || pronoun)
      );
    });
  }
  if (toggles.length > 1 && (wantsSwitch || phrase.role === 'toggle')) {
    return fail(`Ambiguous: ${toggles.length} switches match ${quoteOf(phrase)} (${toggles.map(describe).join(', ')})`);
  }
  // "enabled" of a switch means on; of a button, that it can be used.
  if (toggles.length === 1 && (wantsSwitch || phrase.role !== 'button')) {
    // A radio button is "selected" when checked.
    const on = state === 'on' || state === 'enabled' || state === 'selected';
    const el = toggles[0]!;
    if (el.checked !== on) return fail(`${describe(el)} is ${el.checked ? 'on' : 'off'}, expected ${on ? 'on' : 'off'}`);
    return pass({ ...(uniqueLocator(el, elements) ?? locatorFor(el, elements)), checked: on }, `${describe(el)} is ${on ? 'on' : 'off'}`);
  }
  // "the airport transfer is off" beside "Add airport transfer (€35)": the switch offering it.
  const offered = toggles.length === 0 && wantsSwitch ? offeredState(phrase.text, state === 'on', elements) : null;
  if (offered) return offered;
  if (wantsSwitch) {
    // No switch, but a text saying so as a whole: "Auto top-up is off".
    const names = [phrase.text, ...(phrase.variants ?? [])].filter(Boolean);
    const said = findShown(elements, {
      text: '',
      variants: names.flatMap((n) => [`${n} is ${state}`, `${n} are ${state}`, `${n}: ${state}`]),
    })[0];
    if (said) return pass(shownLocator(said.element, elements), `${describe(said.element)} says it`);
    return notFound('switch or checkbox', phrase, elements);
  }
  const find = (p: TargetPhrase) =>
    chooseTarget(elements, p, (q) => findMatches(elements, q, undefined, { typos: false, minCoverage: 0.5 }), 'element', {
      reachable: false,
    });
  let choice = find(phrase);
  // "Leo's tab is selected", "the Plus wash is selected": a name, then a noun for what it is.
  // The noun is a kind of control or what the screen's title says it lists ("Choose a wash"): never another
  // group's heading ("the XL colour" beside a Size group's XL).
  const kindAfter = choice.ok ? null : /^(.*\p{Lu}.*?)(?:['’]s)?\s+(\p{Ll}+)$/u.exec(phrase.text.trim());
  if (
    kindAfter &&
    !/^(?:tab|chip|segment|option|button|card|filter|choice)$/.test(kindAfter[2]!) &&
    !titleElements(elements).some((t) => comparableTokens(t.text || t.contentDesc).some((w) => sameLemma(w, kindAfter[2]!)))
  )
    kindAfter.length = 0;
  const byName = kindAfter?.[1] ? find({ text: kindAfter[1] }) : null;
  if (byName?.ok) choice = byName;
  // "Leo's tab": of the texts saying "Leo", the tab, chip or segment (tab-choice.ts).
  const tab = !choice.ok && kindAfter?.[1] ? choiceNamed(kindAfter[1], elements) : null;
  if (!choice.ok && !tab) return choice.decision;
  const el = tab ?? (choice as { match: { element: ScreenElement } }).match.element;
  const target = uniqueLocator(el, elements) ?? locatorFor(el, elements);
  if (state === 'enabled' || state === 'disabled') {
    // "the Addresses switch is enabled": a text named so is no switch.
    if (phrase.role === 'toggle' && !isToggle(el) && !toggleOf(el, elements)) return fail(`${describe(el)} is no switch or checkbox`);
    const want = state === 'enabled';
    if (el.enabled !== want) return fail(`${describe(el)} is ${el.enabled ? 'enabled' : 'disabled'}, expected ${STATE_NAMES[state]}`);
    return pass({ ...target, enabled: want }, `${describe(el)} is ${STATE_NAMES[state]}`);
  }
  const want = state === 'selected';
  // A text of a card or tab that is chosen as a whole ("Plus" of a checked wash card): the card's state.
  const holder = el.checkable || el.selected || el.checked ? el : tapTargetOf(el, elements);
  const owner = holder !== el && (holder.checkable || holder.checked || holder.selected) ? holder : el;
  const at = owner === el ? target : (uniqueLocator(owner, elements) ?? locatorFor(owner, elements));
  // A chip or a radio button is chosen by being checked: Material's Chip reports checked, never selected.
  // "3 of 4 meals are not chosen" of a text that no one can choose: its never being selected says nothing.
  const choosable = owner.checkable || owner.checked || owner.selected || (owner.clickable && isChoice(owner, elements));
  if (!want && !choosable) return fail(`${describe(owner)} is no choice: that it is not selected says nothing`);
  // "3 of 4 meals are chosen" over a text "3 of 4 meals chosen": no choice, but the text says it in words.
  if (want && !choosable && saysChosen(textOf(owner), phrase.text))
    return pass(shownLocator(owner, elements), `${describe(owner)} says ${quoteOf(phrase)} ${textOf(owner).trim().split(/\s+/).at(-1)}`);
  const byCheck = (owner.checkable || owner.checked) && !owner.selected;
  const chosen = byCheck ? owner.checked : owner.selected;
  if (chosen !== want) return fail(`${describe(owner)} is ${chosen ? 'selected' : 'not selected'}, expected ${STATE_NAMES[state]}`);
  return pass(byCheck ? { ...at, checked: want } : { ...at, selected: want }, `${describe(owner)} is ${STATE_NAMES[state]}`);
}
