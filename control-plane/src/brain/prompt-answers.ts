/**
 * Answers to system and app prompts by the words their buttons use: permission
 * dialogs (Android permission controller, iOS alerts), cookie banners, dialogs to
 * dismiss. Labels are tried in order of preference and matched exactly after
 * normalisation, so "Allow" never picks "Don’t allow".
 */
import { type Decision, fail } from './actions.js';
import { textOf } from './claim-pieces.js';
import { tapOn } from './decisions.js';
import { dialogElements, findByLabels, tapTargetOf } from './element-matching.js';
import { ancestors, describe, isButtonType, isListContainer, isToggle } from './element-roles.js';
import type { Platform, ScreenElement } from './hierarchy.js';
import type { PermissionAnswer } from './instruction-grammar.js';
import { sameStem } from './lemmas.js';
import { locatable } from './locators.js';
import { modalFilter, regionFilter, rowOf, titleElements } from './screen-structure.js';
import { comparableTokens, sameText } from './verdict-text.js';

interface Choices {
  labels: string[];
  /** Android permission controller button ids (after ":id/"). */
  ids: string[];
}

const PERMISSION_CHOICES: Readonly<Record<PermissionAnswer, Choices>> = {
  // The broadest lasting grant first: "While using the app" where there is no plain "Allow" (location).
  allow: {
    labels: [
      'Allow',
      'While using the app',
      'Allow While Using App',
      'Allow all the time',
      'Only this time',
      'Allow Once',
      'Allow access',
      'OK',
    ],
    ids: ['permission_allow_button', 'permission_allow_foreground_only_button', 'permission_allow_one_time_button'],
  },
  whileUsing: {
    labels: ['While using the app', 'Allow While Using App', 'Allow only while using the app'],
    ids: ['permission_allow_foreground_only_button'],
  },
  once: { labels: ['Only this time', 'Allow Once'], ids: ['permission_allow_one_time_button'] },
  deny: {
    labels: ["Don't allow", 'Deny', "Don't allow & don't ask again", 'Deny & don’t ask again', 'Not now'],
    ids: ['permission_deny_button', 'permission_deny_and_dont_ask_again_button'],
  },
};

const DISMISS_LABELS = [
  'Close',
  'Dismiss',
  'Cancel',
  'Not now',
  'No thanks',
  'No, thanks',
  'Maybe later',
  'Later',
  'Skip',
  'Got it',
  'OK',
  'Done',
  '×',
  '✕',
  'X',
];

const COOKIE_LABELS = {
  accept: [
    'Accept all',
    'Accept all cookies',
    'Accept cookies',
    'Allow all',
    'Allow all cookies',
    'Accept',
    'I agree',
    'Agree',
    'Agree and continue',
    'I accept',
    'Got it',
    'OK',
  ],
  reject: [
    'Reject all',
    'Reject all cookies',
    'Reject',
    'Decline all',
    'Decline',
    'Only necessary',
    'Necessary only',
    'Use necessary cookies only',
    'Deny',
  ],
};

function tapFirst(elements: readonly ScreenElement[], choices: Choices, why: string): Decision | null {
  const el = findByLabels(elements, choices.labels, choices.ids);
  return el ? tapOn(el, elements, why, 0.9) : null;
}

const listed = (labels: readonly string[]) =>
  labels
    .slice(0, 3)
    .map((l) => `"${l}"`)
    .join(' / ');

export function answerPermission(answer: PermissionAnswer, elements: readonly ScreenElement[]): Decision {
  const choices = PERMISSION_CHOICES[answer];
  const direct = tapFirst(elements, choices, `answers the permission prompt (${answer})`);
  if (direct) return direct;
  // A prompt without a "while using" choice (notifications) grants with "Allow".
  if (answer === 'whileUsing') {
    const grant = tapFirst(elements, PERMISSION_CHOICES.allow, 'grants the permission (the prompt has no "while using" choice)');
    if (grant) return grant;
  }
  return fail(`No permission prompt with ${listed(choices.labels)} on the screen`);
}

export function answerCookies(accept: boolean, elements: readonly ScreenElement[]): Decision {
  const labels = accept ? COOKIE_LABELS.accept : COOKIE_LABELS.reject;
  return (
    tapFirst(elements, { labels, ids: [] }, `${accept ? 'accepts' : 'rejects'} cookies`) ??
    fail(`No cookie banner button such as ${listed(labels)} on the screen`)
  );
}

export function dismiss(platform: Platform, elements: readonly ScreenElement[]): Decision {
  // With no dialog up, a "Cancel" in a list or its row is that item's own action (a booked
  // class's Cancel), which closes nothing: "Dismiss the dialog" must never cancel a booking.
  const dialogUp = dialogElements(elements) !== null || modalFilter(elements) !== null;
  const itemAction = (el: ScreenElement) => rowOf(el, elements) !== null || ancestors(el, elements).some(isListContainer);
  const candidates = dialogUp ? elements : elements.filter((el) => !itemAction(el));
  const button = findByLabels(candidates, DISMISS_LABELS);
  if (button) return tapOn(button, elements, 'closes the dialog', 0.9);
  const declined = declineInDialog(elements);
  if (declined) return declined;
  if (platform === 'android') {
    return { action: { type: 'back' }, reasoning: 'No close button: press back to dismiss', confidence: 0.6 };
  }
  return fail('No Close / Cancel / Dismiss button on the screen');
}

/**
 * "Dismiss the alert" on "Resign this game?" with Keep Playing / Resign and no Cancel: of its two
 * buttons, the one that does not do what the title asks, when the other shares a word with it.
 * Null otherwise.
 */
function declineInDialog(elements: readonly ScreenElement[]): Decision | null {
  const inModal = modalFilter(elements);
  const title = inModal ? titleElements(elements).find(inModal) : undefined;
  if (!inModal || !title) return null;
  const asked = comparableTokens(textOf(title));
  const buttons = locatable(elements).filter(
    (el) => inModal(el) && (el.clickable || isButtonType(el)) && !isToggle(el) && el.enabled && textOf(el) !== '',
  );
  if (buttons.length !== 2) return null;
  const doing = buttons.filter((b) => comparableTokens(textOf(b)).some((w) => asked.some((a) => sameStem(a, w))));
  if (doing.length !== 1) return null;
  const other = buttons.find((b) => b !== doing[0])!;
  return tapOn(other, elements, `${describe(other)} declines ${describe(title)} (${describe(doing[0]!)} does it)`, 0.8);
}

/**
 * "Confirm the cancellation": the one enabled control labelled "Confirm cancellation", else, with a
 * modal dialog up, the one button of the dialog with a word of the noun's family ("Cancel
 * appointment", "Yes, Cancel"; Porter stem, lemmas.ts), its plain dismiss button ("Cancel") set
 * aside. Null when none or several are: "Confirm the deletion" never taps "Cancel appointment".
 */
export function confirmAction(noun: string, elements: readonly ScreenElement[], object?: string): Decision | null {
  // A switch or checkbox sets how it is done ("Also delete from cloud backup"); a button does it.
  const controls = locatable(elements).filter(
    (el) => (el.clickable || isButtonType(el)) && !isToggle(el) && el.enabled && textOf(el) !== '',
  );
  const named = controls.filter((el) => sameText(textOf(el), `confirm ${noun}`));
  if (named.length === 1) return tapOn(named[0]!, elements, `${describe(named[0]!)} confirms the ${noun}`, 0.9);
  const inModal = modalFilter(elements);
  if (!inModal) return null;
  // "Confirm removing Tom" on "Remove Anna from the family?" confirms nothing: who or what it is done to is the dialog's.
  if (object !== undefined && !saysAll(object, inModal, elements)) return null;
  const doing = controls.filter(
    (el) =>
      inModal(el) && !DISMISS_LABELS.some((l) => sameText(textOf(el), l)) && comparableTokens(textOf(el)).some((w) => sameStem(w, noun)),
  );
  if (doing.length === 1) return tapOn(doing[0]!, elements, `${describe(doing[0]!)} is the dialog's button that does the ${noun}`, 0.85);
  // "Confirm the uninstall" on "Do you want to uninstall this app?" with Cancel / OK: the dialog asks it, its yes does it.
  return doing.length === 0 ? yesWhenAsked(noun, inModal, elements) : null;
}

/** The dialog's yes (confirmDialog) when a question of it has a word of `word`'s family; null otherwise. */
function yesWhenAsked(word: string, inModal: (el: ScreenElement) => boolean, elements: readonly ScreenElement[]): Decision | null {
  const asks = locatable(elements).some(
    (el) => inModal(el) && !el.clickable && /\?\s*$/.test(textOf(el)) && comparableTokens(textOf(el)).some((w) => sameStem(w, word)),
  );
  if (!asks) return null;
  const yes = confirmDialog(elements);
  return yes.action.type === 'tap' ? yes : null;
}

/** Words that name nothing of their own: who or what a dialog is about is said in its other words. */
const NAMING_NOTHING = /^(?:the|a|an|my|this|these|that|it|its|them|her|him|his|their|all|in|on|with|from|to|of|for|me|us)$/;

/** Every word of `words` that names something (NAMING_NOTHING aside) is a word of the dialog, in some form. */
function saysAll(words: string, inModal: (el: ScreenElement) => boolean, elements: readonly ScreenElement[]): boolean {
  const shown = dialogWords(inModal, elements);
  return comparableTokens(words)
    .filter((w) => !NAMING_NOTHING.test(w))
    .every((w) => shown.some((d) => d === w || sameStem(d, w)));
}

/**
 * "Don't sign out" on "Sign out of all devices?", "don't archive Website Relaunch" on its alert,
 * "Don't resign" on "Resign this game?": the dialog asks to do it (its title has the verb), and the
 * answer is its one that does not (its Cancel, else the other of its two buttons). "Don't save the
 * replay" beside a ticked box "Save replay" in the dialog: that box, to untick it. Null with no such
 * dialog up, or when what follows the verb is not the dialog's.
 */
export function declineAction(action: string, elements: readonly ScreenElement[]): Decision | null {
  const inModal = modalFilter(elements);
  if (!inModal || !saysAll(action, inModal, elements)) return null;
  const wanted = comparableTokens(action).filter((w) => !NAMING_NOTHING.test(w));
  const ticked = locatable(elements).filter(
    (el) => inModal(el) && isToggle(el) && el.checked && wanted.every((w) => comparableTokens(textOf(el)).some((t) => sameStem(t, w))),
  );
  if (ticked.length === 1) return tapOn(ticked[0]!, elements, `${describe(ticked[0]!)} is ticked: untick it`, 0.85);
  const title = titleElements(elements).find(inModal);
  const verb = wanted[0];
  if (!title || !verb || !comparableTokens(textOf(title)).some((t) => sameStem(t, verb))) return null;
  // A verb's particle is part of it: "Don't sign in" is never an answer to "Sign out of all devices?".
  const particle = /^\S+\s+(in|out|up|off|on|down|over|back|away)\b/i.exec(action.trim())?.[1]?.toLowerCase();
  if (particle && !comparableTokens(textOf(title)).includes(particle)) return null;
  const cancel = findByLabels(elements.filter(inModal), DISMISS_LABELS);
  if (cancel) return tapOn(cancel, elements, `${describe(cancel)} answers ${describe(title)} without doing it`, 0.85);
  // No Cancel: of its two buttons, the one without the verb ("Keep Offer" beside "Withdraw").
  const buttons = locatable(elements).filter(
    (el) => inModal(el) && (el.clickable || isButtonType(el)) && !isToggle(el) && el.enabled && textOf(el) !== '',
  );
  const doing = buttons.filter((b) => comparableTokens(textOf(b)).some((w) => sameStem(w, verb)));
  // "Don't cancel" on "Cancel your flight?" (Rebook for free, Cancel flight, Keep my flight): the one answer that keeps.
  const keeping = buttons.filter((b) => /^keep\b/i.test(textOf(b)));
  if (DESTRUCTIVE.test(verb) && doing.length === 1 && keeping.length === 1)
    return tapOn(
      keeping[0]!,
      elements,
      `${describe(keeping[0]!)} answers ${describe(title)} without doing it (${describe(doing[0]!)} does)`,
      0.8,
    );
  if (buttons.length !== 2 || doing.length !== 1) return null;
  const other = buttons.find((b) => b !== doing[0])!;
  return tapOn(other, elements, `${describe(other)} answers ${describe(title)} without doing it (${describe(doing[0]!)} does)`, 0.8);
}

/** Every word the dialog `inModal` picks out shows (its title, message and buttons), as verdict-text.ts compares them. */
export function dialogWords(inModal: (el: ScreenElement) => boolean, elements: readonly ScreenElement[]): string[] {
  return locatable(elements)
    .filter(inModal)
    .flatMap((el) => comparableTokens(textOf(el)));
}

/** Verbs that lose something: a dialog asking them has "Keep …" as its answer that loses nothing. */
export const DESTRUCTIVE =
  /^(?:delete|remove|discard|clear|erase|reset|cancel|leave|unsubscribe|stop|end|release|withdraw|forget|unpair|uninstall|deactivate|disconnect|skip|archive|pause|suspend|give\s+up)\b/i;

/**
 * "Keep the photos" on a dialog asking "Delete 3 photos?", "stay in the group" on "Leave group?": the
 * dialog's one answer that loses nothing (its Cancel, or a button saying Keep or Stay), when the words after
 * "keep" (prepositions aside) are the dialog's; "I'll stay", "I'd rather keep …" as well.
 * Null with no such dialog up, or no one such button.
 */
export function keepInDialog(said: string, elements: readonly ScreenElement[]): Decision | null {
  // "Keep the photos", "keep sharing my location with Anna", "stay in the group", "I'll stay", "I'd rather keep the seats".
  const wish = said.trim().replace(/^(?:i|we)(?:['’]ll|\s+will|['’]d\s+rather|\s+would\s+rather)\s+/i, '');
  // "Keep the milk coming", "keep it going": what goes on is what is kept.
  const m = /^(?:keep|stay(?:\s+(?:in|with|on|put))?)(?:\s+(.+?))?(?:\s+(?:going|coming|running|on))?$/i.exec(wish);
  const inModal = modalFilter(elements);
  if (!m || !inModal) return null;
  const title = titleElements(elements).find(inModal);
  if (!title || !DESTRUCTIVE.test(textOf(title))) return null;
  // "I'll stay" alone answers a dialog asking to leave, not one asking to cancel or delete.
  const staying = /^stay/i.test(wish);
  if (!m[1] && staying && !/^(?:leave|withdraw|quit|exit|unsubscribe)\b/i.test(textOf(title))) return null;
  const shown = dialogWords(inModal, elements);
  const object = comparableTokens(m[1] ?? '').filter((w) => !/^(?:the|a|an|my|this|these|it|them|all|in|on|with|from|to|of|for)$/.test(w));
  if (!object.every((w) => shown.some((d) => sameStem(d, w) || d === w))) return null;
  const answers = locatable(elements).filter(
    (el) =>
      inModal(el) &&
      (el.clickable || isButtonType(el)) &&
      !isToggle(el) &&
      (DISMISS_LABELS.some((l) => sameText(textOf(el), l)) || (staying ? /^stay\b/i : /^keep\b/i).test(textOf(el))),
  );
  if (answers.length !== 1) return null;
  return tapOn(answers[0]!, elements, `${describe(answers[0]!)} answers ${describe(title)} without losing anything`, 0.85);
}

/**
 * "Leave Crime Time" on "Leave Crime Time?", "remove the loft alarm" on "Remove Loft alarm?": with a
 * modal dialog up, the verb is its one enabled button that starts with it (Porter stem, a plain
 * dismiss button aside), else its yes when it asks the verb ("Do you want to uninstall this app?"), and
 * every word of the object that names something is the dialog's. The same
 * button of a row behind the dialog cannot be reached; "Remove the kitchen alarm" on the loft
 * alarm's dialog does nothing (null).
 */
export function doInDialog(said: string, elements: readonly ScreenElement[]): Decision | null {
  const m = /^(\p{L}+)\s+(.+)$/u.exec(said.trim());
  const inModal = modalFilter(elements);
  if (!m || !inModal || !saysAll(m[2]!, inModal, elements)) return null;
  const verb = comparableTokens(m[1]!)[0];
  const doing = locatable(elements).filter(
    (el) =>
      inModal(el) &&
      (el.clickable || isButtonType(el)) &&
      !isToggle(el) &&
      el.enabled &&
      !DISMISS_LABELS.some((l) => sameText(textOf(el), l)) &&
      !!verb &&
      sameStem(comparableTokens(textOf(el))[0] ?? '', verb),
  );
  // "Pause the oat drink as well" beside the box "Pause the oat drink as well (Saturdays)": the box's own words, not
  // the dialog's "Pause deliveries".
  const words = comparableTokens(said);
  const boxSaysIt = locatable(elements).some(
    (el) => inModal(el) && isToggle(el) && words.every((w, i) => comparableTokens(textOf(el))[i] === w),
  );
  if (boxSaysIt) return null;
  if (doing.length === 1) return tapOn(doing[0]!, elements, `${describe(doing[0]!)} is the dialog's answer that does it`, 0.85);
  // "Yes, uninstall it" on "Do you want to uninstall this app?" with Cancel / OK: the dialog asks it, its yes does it.
  return doing.length === 0 && verb ? yesWhenAsked(verb, inModal, elements) : null;
}

/** The affirmative answers of a dialog, most usual first; Android's positive button is `android:id/button1`. */
const CONFIRM_LABELS = [
  'OK',
  'Yes',
  'Confirm',
  'Continue',
  'Delete',
  'Remove',
  'Allow',
  'Accept',
  'Done',
  'Save',
  'Submit',
  'Log out',
  'Sign out',
  'Discard',
  'Agree',
  'Got it',
  'Proceed',
  'Apply',
];

/**
 * "Confirm the dialog": its affirmative button, only inside a dialog that is showing.
 * Without a dialog there is nothing to confirm: a screen's own "OK" is not the answer.
 */
export function confirmDialog(elements: readonly ScreenElement[]): Decision {
  const inDialog = regionFilter('dialog', elements);
  if (!inDialog) return fail('No dialog on the screen to confirm');
  const buttons = locatable(elements).filter((el) => inDialog(el) && tapTargetOf(el, elements).clickable && textOf(el));
  const positive = buttons.find((el) => el.resourceId === 'android:id/button1');
  if (positive) return tapOn(positive, elements, "the dialog's positive button", 0.95);
  for (const label of CONFIRM_LABELS) {
    const hit = buttons.find((el) => sameText(textOf(el), label));
    if (hit) return tapOn(hit, elements, `confirms the dialog ("${label}")`, 0.9);
  }
  const others = buttons.filter((el) => !DISMISS_LABELS.some((l) => sameText(textOf(el), l)));
  if (others.length === 1) return tapOn(others[0]!, elements, "the dialog's only answer that does not dismiss it", 0.8);
  const listedButtons = buttons.map(describe).join(', ') || 'none';
  return fail(`Cannot tell which button confirms the dialog (buttons: ${listedButtons}): tap it by name`);
}
