/**
 * A small grammar for the instructions people actually write in tests. It turns
 * "Enter bob@example.com in the Email field" into an Intent; the resolver then
 * finds the elements on the current screen. Patterns are tried from the most
 * specific to the most general, so "Check that X is shown" is an assertion before
 * "check the X checkbox" is a toggle, and "Go back" is not "tap Back".
 * Anything unrecognised is `unknown`: the offline model fails rather than guesses.
 */
import { assertionBody, type ElementState, questionBody, screenBody, stateBody, valueBody } from './assertion-grammar.js';
import { MAX_WAIT_SECONDS, type SwipeDirection, type VerticalDirection } from './commands.js';
import { spokenTimes } from './day-periods.js';
import { lemmaAsVerb } from './lemmas.js';
import { SPOKEN_DATE } from './spoken-dates.js';
import { countWanted } from './stepper-targets.js';
import { findQuoted, parseTargetPhrase, type TargetPhrase, unquote } from './target-phrase.js';

export type { ElementState } from './assertion-grammar.js';
export type PermissionAnswer = 'allow' | 'deny' | 'whileUsing' | 'once';

export type Intent =
  /** `verb`: the verb as written when it may be a control's own first word ("Open" of "Open compartment"). */
  | { kind: 'tap'; target: TargetPhrase; verb?: string }
  | { kind: 'tapId'; id: string }
  | { kind: 'type'; text: string; field: TargetPhrase | null }
  | { kind: 'scroll'; direction: VerticalDirection }
  | { kind: 'scrollUntilVisible'; direction: VerticalDirection; target: TargetPhrase }
  | { kind: 'swipe'; direction: SwipeDirection }
  | { kind: 'back' }
  /** "Refresh": the screen's own Refresh control, else a pull down. */
  | { kind: 'refresh' }
  | { kind: 'wait'; seconds: number }
  | { kind: 'waitFor'; target: TargetPhrase; visible: boolean }
  | { kind: 'launch' }
  | { kind: 'restart' }
  | { kind: 'openLink'; url: string }
  | { kind: 'assert'; target: TargetPhrase; visible: boolean }
  | { kind: 'assertState'; target: TargetPhrase; state: ElementState }
  /** `said`: the whole body, which may itself be a text on screen. */
  /** `stated`: said as a statement, with no verb of checking ("My mobile is 07700 900418"): maybe details to enter. */
  | { kind: 'assertValue'; label: TargetPhrase; value: string; said: string; stated?: true }
  | { kind: 'assertField'; field: TargetPhrase; value: string }
  | { kind: 'confirm' }
  /** "Confirm the cancellation": the control doing the action the noun names, else `check` (the words read as a check). */
  | { kind: 'confirmAction'; noun: string; check: Intent; object?: string }
  /** "Don't sign out": on a dialog asking to sign out, its answer that does not (intent-resolver.ts). */
  | { kind: 'decline'; action: string }
  /** "See the breakdown": the check it reads as, else the control that shows it ("View breakdown", "See all activity"). */
  | { kind: 'seeOrView'; object: string; check: Intent }
  | { kind: 'toggle'; target: TargetPhrase; desired: 'on' | 'off' | null }
  | { kind: 'permission'; answer: PermissionAnswer }
  | { kind: 'dismiss' }
  | { kind: 'cookies'; accept: boolean }
  /** `said`: the instruction as written, which may still be a control's own words ("Skip forward 30 seconds"). */
  | { kind: 'unknown'; reason: string; said?: string };

const TAP_VERBS =
  '(?:tap|click|press|hit|touch|select|choose|pick|open|go\\s+to|navigate\\s+to|switch\\s+(?:over\\s+)?to|connect\\s+to|long[-\\s]press)';
const TYPE_VERBS = '(?:enter|type|input|write|put|insert|key\\s+in|fill\\s+in)';
const ASSERT_VERBS = '(?:check|verify|ensure|assert|confirm|make\\s+sure|validate|expect|see|i\\s+see|i\\s+should\\s+see)';
const NUMBER_WORDS: Readonly<Record<string, number>> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  'a few': 3,
  'a couple of': 2,
  'a couple': 2,
  half: 0.5,
  'half a': 0.5,
};
const URL = /^(?:[a-z][a-z0-9+.-]*:\/\/\S+|www\.\S+\.\S+)$/i;

/**
 * A dialog answered in words, then what to do: "Yes, leave Crime Time", "Go ahead and remove the loft alarm", "Yes
 * delete it". A verb alone after it does the thing asked ("Yes, go ahead and cancel" is "cancel it"), where a bare
 * "Cancel" would dismiss.
 */
const DIALOG_ANSWER = /^(?:(?:yes|yeah|ok|okay|sure)\s*,\s*|yes\s+(?=\p{L}+\s+\p{L})|go\s+ahead\s*(?:,|and)\s*)(\p{L}.*)$/iu;

function clean(text: string): string {
  let s = text
    .trim()
    .replace(/[.!]+$/, '')
    .trim();
  // "the 10 o'clock slot", "half ten": a time as the screen writes it; never inside quoted text to type or find.
  if (!/["“”]/.test(s)) s = spokenTimes(s);
  for (;;) {
    const next = s
      .replace(/^(?:(?:then|and|now|next|finally|please)\s*,?\s+|expected(?:\s+result)?\s*:\s*)/i, '')
      .replace(DIALOG_ANSWER, (_, rest: string) => (/^\p{L}+$/u.test(rest) ? `${rest} it` : rest))
      // Gherkin's first person: "When I tap Save" is "tap Save".
      .replace(
        /^(?:when\s+|given\s+)?(?:i|we)\s+(?=(?:tap|click|press|hit|enter|type|select|choose|open|scroll|swipe|go|navigate|fill|wait|launch|dismiss|close)\b)/i,
        '',
      )
      .replace(/,?\s+(?:please|as\s+well)$/i, '')
      // "We'd like the warm cream backdrop instead": the other choice is the choice.
      .replace(/^(choose\s+(?:the|a|an)\s+.+?)\s+instead$/i, '$1')
      // "Let's just skip a week instead": what to do, without the words around it.
      .replace(/^(?:let['’]s|let\s+us)\s+(?:just\s+)?(?=\p{L})/iu, '')
      .replace(/^just\s+(?=\p{L})/iu, '')
      // "I'd like to book the Mercedes", "We'd like the warm cream backdrop instead", "We'll take the 10:30 slot": a
      // wish is the action, and a thing wished for is chosen.
      .replace(/^(?:i|we)\s*(?:['’]d|\s+would)\s+like\s+to\s+(?=\p{L})/iu, '')
      .replace(
        // Not with a further action after a comma: "We'd like the garden room for the party, book it" books it.
        /^(?:i|we)\s*(?:['’]d|\s+would)\s+like\s+(?=(?:the|a|an)\s[^,]*$)|^(?:i|we)\s*(?:['’]ll|\s+will)\s+(?:have|take|go\s+for)\s+(?=(?:the|a|an)\s[^,]*$)/iu,
        'choose ',
      )
      // "Could you add the window locks to the quote?": a request is the action asked for.
      .replace(/^(?:could|can|would|will)\s+(?:you|we)\s+(?:please\s+)?(?=\p{L})(.*?)\s*\?*$/iu, '$1')
      // "It says the £20 deposit will be refunded": "it" is the screen (or the dialog up), whose words are reported.
      .replace(/^it\s+(?=(?:says|reads|mentions|tells\s+me|warns(?:\s+me)?)\s)/i, 'the screen ');
    if (next === s) return s;
    s = next;
  }
}

function direction<T extends string>(word: string | undefined, allowed: readonly T[]): T | null {
  const w = (word ?? '').toLowerCase() as T;
  return allowed.includes(w) ? w : null;
}

function parseSeconds(amount: string, unit: string | undefined): number | null {
  const n = NUMBER_WORDS[amount.toLowerCase()] ?? Number(amount);
  if (!Number.isFinite(n) || n <= 0) return null;
  const u = (unit ?? 's').toLowerCase();
  if (u.startsWith('ms') || u.startsWith('milli')) return n / 1000;
  if (u.startsWith('m')) return n * 60;
  return n;
}

type Rule = (s: string) => Intent | null;

const UP_DOWN = ['up', 'down'] as const;
const ALL_DIRECTIONS = ['left', 'right', 'up', 'down'] as const;

/** "Go back to Settings": the back control named after the screen it leads to. */
const backTo: Rule = (s) => {
  const m = /^(?:go|navigate|get)\s+back\s+to\s+(?:the\s+)?(.+?)(?:\s+(?:screen|page))?$/i.exec(s);
  return m && !/^(?:previous|last|prior)$/i.test(m[1]!) ? { kind: 'tap', target: parseTargetPhrase(m[1]!) } : null;
};

const navigation: Rule = (s) =>
  /^(?:go|navigate|move|get)\s+back(?:\s+(?:to\s+the\s+)?previous\s+(?:screen|page))?$|^back$/i.test(s) ||
  /^(?:press|tap|click|hit|use)\s+(?:on\s+)?(?:the\s+)?(?:system\s+|android\s+|device\s+|hardware\s+)?back(?:\s+(?:button|key|arrow))?$/i.test(
    s,
  )
    ? { kind: 'back' }
    : null;

const lifecycle: Rule = (s) => {
  if (/^(?:restart|relaunch|reopen|reload|reboot)\s+(?:the\s+)?app(?:lication)?$/i.test(s)) return { kind: 'restart' };
  if (/^(?:kill|close|stop|quit)\s+(?:the\s+app\s+)?(?:and|then)\s+(?:re)?(?:open|start|launch)/i.test(s)) return { kind: 'restart' };
  if (/^(?:launch|start|open|run)\s+(?:the\s+)?app(?:lication)?$/i.test(s)) return { kind: 'launch' };
  const m =
    /^(?:open|go\s+to|navigate\s+to|visit|load|browse\s+to)\s+(?:the\s+)?(?:(?:deep\s*)?link|url|page|website|address)?\s*["“']?(\S+?)["”']?$/i.exec(
      s,
    );
  if (m && URL.test(m[1]!)) return { kind: 'openLink', url: m[1]!.startsWith('www.') ? `https://${m[1]}` : m[1]! };
  return null;
};

const AMOUNT = '(\\d+(?:\\.\\d+)?|a\\s+few|a\\s+couple(?:\\s+of)?|half\\s+a|an?|one|two|three|four|five|six|seven|eight|nine|ten)';
const UNIT = '(ms|milliseconds?|s|secs?|seconds?|m|mins?|minutes?)?';
const WAIT = new RegExp(`^(?:wait|pause|sleep|hold\\s+on)(?:\\s+for)?\\s+${AMOUNT}\\s*${UNIT}$`, 'i');
const TO_APPEAR = /\s+to\s+(appear|disappear|be\s+(?:visible|shown|displayed|hidden|gone)|load|show\s+up|go\s+away)$/i;

const waiting: Rule = (s) => {
  let m = WAIT.exec(s);
  if (m) {
    const seconds = parseSeconds(m[1]!.replace(/\s+/g, ' '), m[2]);
    if (seconds !== null) return { kind: 'wait', seconds: Math.min(seconds, MAX_WAIT_SECONDS) };
  }
  if ((m = /^wait\s+(?:for|until)\s+(.+)$/i.exec(s))) {
    // "for the spinner to disappear" → "the spinner disappears", an assertion body.
    const phrased = m[1]!.replace(TO_APPEAR, (_, v: string) => (/dis|hidden|gone|away/i.test(v) ? ' disappears' : ' appears'));
    const body = assertionBody(phrased, false);
    if (body) return { kind: 'waitFor', ...body };
  }
  return /^wait$/i.test(s) ? { kind: 'wait', seconds: 1 } : null;
};

const SCROLL_UNTIL =
  /^scroll\s+(?:the\s+\w+\s+)?(down|up)?\s*(?:until|till|to\s+find|to)\s+(.+?)(?:\s+(?:is|becomes|appears)(?:\s+(?:visible|shown|displayed))?)?$/i;
const SCROLL =
  /^scroll(?:\s+(?:the\s+)?(?:list|page|screen|view|feed|content|results))?(?:\s+(down|up|to\s+(?:the\s+)?(?:bottom|end|top|beginning)))?(?:\s+(?:a\s+bit|a\s+little|once))?$/i;

const scrolling: Rule = (s) => {
  let m = SCROLL_UNTIL.exec(s);
  if (m && !/^(?:the\s+)?(?:bottom|top|end|beginning)$/i.test(m[2]!)) {
    return { kind: 'scrollUntilVisible', direction: direction(m[1], UP_DOWN) ?? 'down', target: parseTargetPhrase(m[2]!) };
  }
  if ((m = SCROLL.exec(s))) return { kind: 'scroll', direction: /up|top|beginning/i.test(m[1] ?? '') ? 'up' : 'down' };
  if ((m = /^(?:find|look\s+for)\s+(.+?)\s+by\s+scrolling(?:\s+(down|up))?$/i.exec(s))) {
    return { kind: 'scrollUntilVisible', direction: direction(m[2], UP_DOWN) ?? 'down', target: parseTargetPhrase(m[1]!) };
  }
  if ((m = /^swipe\s+(?:.*?\s+)?(?:to\s+the\s+)?(left|right|up|down)\b/i.exec(s))) {
    return { kind: 'swipe', direction: direction(m[1], ALL_DIRECTIONS)! };
  }
  if (/^pull\s+(?:down\s+)?to\s+refresh$/i.test(s)) return { kind: 'swipe', direction: 'down' };
  if (/^refresh(?:\s+the\s+(?:page|list|screen))?$/i.test(s)) return { kind: 'refresh' };
  return null;
};

const PERMISSION_TOPIC = /\b(?:permissions?|notifications?|location|camera|microphone|contacts|photos|tracking|access|bluetooth)\b/i;
const GRANT_VERB = /^(?:allow|grant|accept|tap|select|choose)/i;
const DISMISSABLE = '(?:dialog|pop-?up|alert|modal|prompt|banner|sheet|bottom\\s+sheet|message|snackbar|overlay|tooltip|keyboard|notice)';
const CONFIRM =
  /^(?:confirm|accept|approve)(?:\s+(?:the\s+|this\s+)?(?:dialog|alert|pop-?up|prompt|modal|confirmation(?:\s+dialog)?|action))?$/i;
const DISMISS = new RegExp(`^(?:dismiss|close|cancel|hide|get\\s+rid\\s+of)(?:\\s+(?:the\\s+|this\\s+)?${DISMISSABLE})?$`, 'i');

/** "Confirm the dialog by tapping Remove", "dismiss the alert with Cancel": a tap on a button of the dialog. */
const THROUGH_DIALOG = new RegExp(
  `^(?:confirm|dismiss|close|cancel|accept|answer|leave|exit|decline|reject|acknowledge|clear|respond\\s+to|back\\s+out\\s+of|get\\s+out\\s+of)\\s+(?:the\\s+|this\\s+)?(?:[\\w-]+\\s+)?(${DISMISSABLE})` +
    `\\s+(?:by\\s+(?:tapping|clicking|pressing|selecting|choosing|hitting)(?:\\s+on)?|with|using|via|through)\\s+(.+)$`,
  'i',
);

const throughDialog: Rule = (s) => {
  const m = THROUGH_DIALOG.exec(s);
  if (!m || /keyboard/i.test(m[1]!)) return null;
  const target = parseTargetPhrase(m[2]!);
  if (!target.container) target.container = /snack|toast|banner/i.test(m[1]!) ? 'snackbar' : 'dialog';
  return { kind: 'tap', target };
};

const prompts: Rule = (s) => {
  if (/\bcookies?\b/i.test(s)) {
    if (/^(?:tap\s+|click\s+)?(?:accept|allow|agree|consent|ok)/i.test(s)) return { kind: 'cookies', accept: true };
    if (/^(?:tap\s+|click\s+)?(?:reject|decline|deny|refuse)/i.test(s)) return { kind: 'cookies', accept: false };
  }
  if (GRANT_VERB.test(s) && /\b(?:while\s+using|when\s+in\s+use|while\s+in\s+use|only\s+while)\b/i.test(s)) {
    return { kind: 'permission', answer: 'whileUsing' };
  }
  if (GRANT_VERB.test(s) && /\b(?:only\s+this\s+time|allow\s+once|just\s+once|one\s+time)\b/i.test(s)) {
    return { kind: 'permission', answer: 'once' };
  }
  if (/^(?:allow|grant)(?:\s+(?:it|access))?$/i.test(s)) return { kind: 'permission', answer: 'allow' };
  if (/^(?:deny|don'?t\s+allow|do\s+not\s+allow)$/i.test(s)) return { kind: 'permission', answer: 'deny' };
  if (PERMISSION_TOPIC.test(s)) {
    if (/^(?:deny|reject|refuse|decline|don'?t\s+allow|do\s+not\s+allow|block)\b/i.test(s)) return { kind: 'permission', answer: 'deny' };
    if (/^(?:allow|grant|accept|approve|give)\b/i.test(s)) return { kind: 'permission', answer: 'allow' };
  }
  if (CONFIRM.test(s)) return { kind: 'confirm' };
  return DISMISS.test(s) ? { kind: 'dismiss' } : null;
};

/**
 * "Confirm the cancellation", "confirm the removal in the dialog", "confirm muting the group": a noun or
 * -ing form of an action after "confirm" asks for the control that does it (intent-resolver.ts); when none does, it stays the check it also
 * reads as ("Confirm the total" checks the total).
 */
const CONFIRM_ACTION =
  /^confirm\s+(?:the|my|this|your)\s+(?!(?:dialog|alert|pop-?up|prompt|modal)$)(\p{L}{3,})(?:\s+in\s+the\s+(?:dialog|alert|pop-?up))?$/iu;

/** "Confirm muting the group", "confirm removing Tom", "confirm unsubscribing": the action as a verb's -ing form, then what it is done to. */
const CONFIRM_DOING = /^confirm\s+(\p{L}{3,}ing)(?:\s+(\S.*))?$/iu;

const confirmingAction: Rule = (s) => {
  const action = CONFIRM_ACTION.exec(s);
  const doing = action ? null : CONFIRM_DOING.exec(s);
  const m = action ?? doing;
  const check = m ? assertion(s) : null;
  if (!m || !check) return null;
  return { kind: 'confirmAction', noun: m[1]!.toLowerCase(), check, ...(doing?.[2] ? { object: doing[2] } : {}) };
};

/** "Don't sign out", "do not archive Website Relaunch": on a dialog asking to do it, its answer that does not. */
const declining: Rule = (s) => {
  // "Don't cancel, keep it": what follows the comma says what to do (a reason, then an action, below).
  const m = /^(?:don'?t|do\s+not)\s+(\p{L}[^,;]*)$/iu.exec(s);
  return m ? { kind: 'decline', action: m[1]! } : null;
};

/** "See the breakdown of the bill": a check, or (when nothing shows it) the control to see it (intent-resolver.ts). */
const seeing: Rule = (s) => {
  const m = /^see\s+(?!(?:that|if|whether)\b)(.+)$/i.exec(s);
  const check = m ? assertion(s) : null;
  return m && check ? { kind: 'seeOrView', object: m[1]!, check } : null;
};

/** Before toggles: "check that …" is an assertion, "check the … box" is not. */
const assertion: Rule = (s) => {
  const m = new RegExp(`^${ASSERT_VERBS}(?:\\s+(?:that|if|whether))?\\s+(.+)$`, 'i').exec(s);
  if (m) {
    // "Check the order will be packed in a separate box" is a sentence, not a box to tick: it has a verb of its own.
    const sentence = /\s(?:will\s+(?:not\s+)?be|won['’]t\s+be|['’]ll\s+be|is|are|was|were|has\s+been|have\s+been)\s/i.test(s);
    const checksABox =
      /^(?:check|tick)\s/i.test(s) &&
      !/^check\s+(?:that|if|whether)\b/i.test(s) &&
      /\b(?:check\s*box|box|switch|toggle|option)$/i.test(s) &&
      !(sentence && /^check\s/i.test(s));
    if (!checksABox) {
      // "… is shown" at the end makes it a visibility check even when the text says "X is Y".
      const special = stateBody(m[1]!) ?? screenBody(m[1]!);
      if (special) return special;
      const shown = assertionBody(m[1]!, true);
      if (shown) return { kind: 'assert', ...shown };
      const value = valueBody(m[1]!, true);
      if (value) return value;
      const body = assertionBody(m[1]!, false);
      if (body) return { kind: 'assert', ...body };
    }
  }
  // Without a verb ("Welcome should be visible") only an explicit visibility or state phrase makes it an assertion.
  if (!new RegExp(`^${TAP_VERBS}\\b|^${TYPE_VERBS}\\b`, 'i').test(s)) {
    const special = questionBody(s) ?? stateBody(s) ?? screenBody(s) ?? valueBody(s, false);
    if (special) return special;
    const body = assertionBody(s, true);
    if (body) return { kind: 'assert', ...body };
  }
  return null;
};

const toggling: Rule = (s) => {
  let m = /^(?:turn|switch|toggle|set)\s+(on|off)\s+(.+)$/i.exec(s);
  if (m) return { kind: 'toggle', target: parseTargetPhrase(m[2]!, 'toggle'), desired: m[1]!.toLowerCase() as 'on' | 'off' };
  if ((m = /^(?:turn|switch|toggle|set)\s+(.+?)\s+(on|off)$/i.exec(s))) {
    return { kind: 'toggle', target: parseTargetPhrase(m[1]!, 'toggle'), desired: m[2]!.toLowerCase() as 'on' | 'off' };
  }
  if ((m = /^(enable|disable|activate|deactivate)\s+(.+)$/i.exec(s))) {
    return { kind: 'toggle', target: parseTargetPhrase(m[2]!, 'toggle'), desired: /^(enable|activate)$/i.test(m[1]!) ? 'on' : 'off' };
  }
  if ((m = /^toggle\s+(.+)$/i.exec(s))) return { kind: 'toggle', target: parseTargetPhrase(m[1]!, 'toggle'), desired: null };
  // A to-do or habit ticked off by its box: "tick off drink water", "Mark Meditate as done"; "as not done" unticks it.
  if ((m = /^(?:tick|cross)\s+off\s+(.+)$/i.exec(s) ?? /^(?:tick|cross)\s+(.+?)\s+off$/i.exec(s)))
    return { kind: 'toggle', target: parseTargetPhrase(m[1]!, 'toggle'), desired: 'on' };
  if ((m = /^mark\s+(.+?)\s+(?:as\s+)?(not\s+)?(?:done|complete|completed|finished)$/i.exec(s)))
    return { kind: 'toggle', target: parseTargetPhrase(m[1]!, 'toggle'), desired: m[2] ? 'off' : 'on' };
  m =
    /^(check|tick|select|mark|uncheck|untick|deselect|unmark|clear)\s+(.+?\s+(?:check\s*box|checkbox|box|switch|toggle))$/i.exec(s) ??
    /^(uncheck|untick|deselect)\s+(.+)$/i.exec(s) ??
    // "tick" only ever means a box: "tick \"Save Maria Lopez as a payee\"" (where "check" may be a check).
    /^(tick)\s+(.+)$/i.exec(s);
  if (m) return { kind: 'toggle', target: parseTargetPhrase(m[2]!, 'toggle'), desired: /^(un|de|clear)/i.test(m[1]!) ? 'off' : 'on' };
  return null;
};

const tapping: Rule = (s) => {
  const m = new RegExp(`^(${TAP_VERBS})(?:\\s+on)?\\s+(.+)$`, 'i').exec(s);
  if (!m) return null;
  const target = parseTargetPhrase(m[2]!);
  const placedKind = target.role !== undefined && (target.near !== undefined || target.container !== undefined);
  if (!(target.text || target.ordinal !== undefined || target.variants?.length || placedKind)) return null;
  // "Tap", "click" never name what a control does; "open", "select" may ("Open compartment").
  const verb = m[1]!.toLowerCase();
  return /^(?:tap|click|press|hit|touch|long[-\s]press)$/.test(verb) ? { kind: 'tap', target } : { kind: 'tap', target, verb };
};

/** Most specific first; see the file comment. */
const RULES: readonly Rule[] = [
  backTo,
  navigation,
  lifecycle,
  waiting,
  scrolling,
  throughDialog,
  prompts,
  confirmingAction,
  declining,
  seeing,
  assertion,
  toggling,
  (s) => parseTyping(s),
  tapping,
];

/**
 * A sentence that states: an article or possessive, its subject (up to six words) and a verb; or "I am", "I should be";
 * or an amount and what it counts, then a form of "be" or "have" ("£22.00 has been collected", "5 dogs are booked").
 */
const STATEMENT =
  /^(?:(?:the|a|an|my|your|our|this|these|those|its|their)\s+\S+(?:\s+\S+){0,5}?\s+(?:is|are|was|were|has|have|had|will|would|can|could|should|must|does|did|\p{Ll}{2,}(?:s|ed))|(?:i|we)\s+(?:am|are|should\s+be|have|can|will|was|were)|[£$€]?\d[\d.,:]*(?:\s+\p{Ll}+){0,4}?\s+(?:is|are|was|were|has|have|had))\s/iu;

/**
 * A statement whose subject is a name, with no article: "Cherokee Purple is out of stock", "Hive 2 needs
 * checking", "Roast chicken is booked for Monday". Only a form of "be", "have" or a modal, or one of a few
 * verbs that state a fact, follows it: an action no rule reads ("Book tickets for Saturday") is never one,
 * nor is one whose "subject" holds a clause or an object ("Notify me when the hellebore is back").
 */
const NAMED_STATEMENT =
  /^(\p{Lu}[\p{L}\d'’-]*(?:\s+[\p{L}\d'’-]+){0,4}?)\s+(?:is|are|was|were|has|have|had|will|(?:is|are|was|were|has|have|won)n['’]t|needs|costs|charges|lasts|takes|starts|ends|opens|closes|leaves|departs|arrives|runs)\s/u;
// "Message whoever has desk 2C" is an action on someone: no name holds "whoever".
const NOT_IN_A_NAME = /\b(?:me|us|when|if|until|once|after|before|the|a|an|to|and|or|it|who|whoever|whom|whose|anyone|someone|everyone)\b/i;
const isNamedStatement = (s: string) => {
  const subject = NAMED_STATEMENT.exec(s)?.[1];
  return subject !== undefined && !NOT_IN_A_NAME.test(subject) && !/[,;]/.test(s);
};

const STATEMENT_PREFIX = /^(?:(?:then|and|but)\s*,?\s+|expected(?:\s+result)?\s*:\s*)/i;

export function parseInstruction(instruction: string): Intent {
  // "Leo's tab" is the tab named Leo (a child's, a player's): "the Leo tab". Never inside quotes: that is text to type or find.
  const cleaned = clean(instruction);
  const s = /["“”]/.test(cleaned) ? cleaned : cleaned.replace(/\b(\p{Lu}[\p{L}-]*)['’]s\s+(tab|segment|chip)\b/gu, 'the $1 $2');
  if (!s) return { kind: 'unknown', reason: 'The instruction is empty' };
  // "Day is the chosen permit type", "Verify Sat 7 Feb is the chosen date": what is chosen, by its name.
  const chosen = /^(.+?\s(?:is|are))\s+the\s+(?:chosen|selected|picked|highlighted)\s+\p{L}+(?:\s+\p{L}+)?$/iu.exec(s);
  if (chosen && !/["“”]/.test(s)) return parseInstruction(`${chosen[1]} selected`);
  // "I forgot this one, tap Again": what the tester says of themselves before the action is no condition on it
  // ("If the banner is shown, tap Close" keeps its condition: it never starts with "I").
  const aside = new RegExp(`^(?:i|i'm|i've|we)\\s[^,;]*[,;]\\s*((?:${TAP_VERBS})\\s.+)$`, 'i').exec(s);
  if (aside && !isCondition(s.slice(0, s.length - aside[1]!.length).replace(/[,;]\s*$/, ''))) return parseInstruction(aside[1]!);
  // "Let me know if the deposit is £200", "tell me whether lane 9 has bumpers": asking to be told is a check.
  const askTold = /^(?:let\s+me\s+know|tell\s+me|find\s+out|see)\s+(?:if|whether)\s+(.+)$/i.exec(s);
  if (askTold) {
    const check = assertion(`check that ${askTold[1]!}`);
    if (check) return check;
  }
  // "On second thoughts I'll stay": a change of mind without its comma names nothing, as with one (below).
  const rethought = /^(?:on\s+second\s+thoughts?|having\s+thought\s+about\s+it)\s+(?=\p{L})(?![^,]*,)(.+)$/iu.exec(s);
  if (rethought) return parseInstruction(rethought[1]!);
  // "Stop the site notice emails": what a switch sends is stopped by turning it off.
  const stop =
    /^(?:stop|pause)\s+((?:the\s+|my\s+)?.*\b(?:emails?|notifications?|reminders?|alerts?|texts?|messages|updates|newsletters?))$/i.exec(s);
  if (stop) return parseInstruction(`turn off ${stop[1]}`);
  // "Send Daniel a reminder" is "Remind Daniel"; "find someone to replace Priya" is "replace Priya".
  const reminder = /^send\s+(\S.*?)\s+an?\s+reminder$/i.exec(s);
  if (reminder) return parseInstruction(`remind ${reminder[1]!}`);
  // "Put us on the waitlist for parent and toddler": joining it.
  const putOn = /^(?:put|add|get)\s+(?:me|us)\s+on\s+(?:to\s+)?(?:the\s+)?(wait\s*list|waiting\s+list)\b(.*)$/i.exec(s);
  if (putOn) return parseInstruction(`join the ${putOn[1]!}${putOn[2]!}`);
  // "Add another bedding pack for my brother": whom it is for is no part of what is added.
  const forSomeone = /^((?:add|get|book)\s+(?:another|one\s+more|an\s+extra)\s+.+?)\s+for\s+(?:my|our|his|her|their)\s+\p{L}+$/iu.exec(s);
  if (forSomeone) return parseInstruction(forSomeone[1]!);
  // "Under medical notes, put "Mild asthma"", "In the access notes put: Third floor, no lift": the field, then the text.
  const underField = /^(?:under|in|into)\s+(?:the\s+)?([\p{L}'’\s-]{2,40}?)\s*[,:]?\s+(?:put|enter|type|write)\s*:?\s+(.+)$/iu.exec(s);
  if (underField) return { kind: 'type', text: unquote(underField[2]!), field: parseTargetPhrase(underField[1]!, 'field') };
  // "Take Otto off this stay", "take the bench off the list", "take the tent out of the basket": removing it; "pull me
  // out of Sunday's shoot": withdrawing.
  const takeOff = /^take\s+(?:off\s+(.+)|(.+?)\s+(?:off|out\s+of)(?:\s+(?:the|this|that|my|our)\s+\p{L}+)?)$/iu.exec(s);
  // Not "take one carrot cake slice off": a count taken off lowers a quantity (row-steppers.ts), never removes the row.
  const taken = takeOff?.[1] ?? takeOff?.[2];
  if (taken && !/^(?:me|us|one|an?|two|three|\d+)\b/i.test(taken)) return parseInstruction(`remove ${taken}`);
  const pullOut = /^(?:pull|take|get)\s+(?:me|us)\s+out\s+of\s+(.+)$/i.exec(s);
  if (pullOut) return parseInstruction(`withdraw from ${pullOut[1]}`);
  // "Ask to be notified", "request to be called back": the control that does it for me ("Notify me", "Call me back").
  const forMe = /^(?:ask|request|sign\s+up|opt\s+in)\s+to\s+be\s+(notified|reminded|told|alerted|emailed|texted|called)\b(.*)$/i.exec(s);
  if (forMe) return parseInstruction(`${BE_DONE_TO_ME[forMe[1]!.toLowerCase()]!} me${forMe[2]!}`);
  // "the alert is asking about cancelling the lesson": it asks whether to cancel the lesson.
  const askingAbout = /^(.*?\b(?:dialog|dialogue|alert|pop-?up|prompt|modal))\s+(?:is\s+asking|asks)\s+about\s+(\p{L}+ing)\b(.*)$/iu.exec(
    s,
  );
  if (askingAbout)
    return parseInstruction(`${askingAbout[1]} asks whether to ${lemmaAsVerb(askingAbout[2]!.toLowerCase())}${askingAbout[3]}`);
  // "Message whoever has the quiet-zone desk": the action on the row of what they have.
  const whoever =
    /^(\p{L}+)\s+(?:whoever|the\s+(?:person|member|one)\s+who)\s+(?:has|had|booked|took|holds|is\s+(?:on|at|in))\s+(.+)$/iu.exec(s);
  if (whoever) return parseInstruction(`${whoever[1]} ${whoever[2]}`);
  const someone = /^(?:find|get|ask)\s+(?:someone|somebody)\s+to\s+(.+)$/i.exec(s);
  if (someone) return parseInstruction(someone[1]!);
  // "Rename the speaker to "Study"": the new name typed into the one name field there is (a dialog's while it is up).
  const rename = /^rename\s+.+?\s+(?:to|as)\s+(.+)$/i.exec(s);
  if (rename) return { kind: 'type', text: rename[1]!.trim().replace(/^["“'‘](.*)["”'’]$/, '$1'), field: null };
  // "Untick Tell the bidders, I'll message them myself": the action, then why; the reason is no part of its target.
  const reasonAfter = /^([^,;]+)[,;]\s*(.+)$/.exec(s);
  if (reasonAfter && AFTERWARD_REASON.test(reasonAfter[2]!) && !givesAValue(reasonAfter[2]!)) {
    const first = parseInstruction(reasonAfter[1]!);
    if (first.kind !== 'unknown') return first;
  }
  // "My certification number is CN-1", said without "check": a statement, maybe of details to enter.
  const checking = new RegExp(`^${ASSERT_VERBS}\\b`, 'i').test(s);
  for (const rule of RULES) {
    const intent = rule(s);
    if (intent) return intent.kind === 'assertValue' && !checking ? { ...intent, stated: true } : intent;
  }
  // A Gherkin outcome ("Then the parcel is out for delivery", "And the plan is Premium") or an expected
  // result ("Expected: …") states what must be true: when it is no action, it is a check.
  if (STATEMENT_PREFIX.test(instruction.trim()) && !/^(?:i|we)\s/i.test(s)) {
    const intent = assertion(`check that ${s.replace(STATEMENT_PREFIX, '')}`);
    if (intent) return intent;
  }
  // A statement of what is true ("The plan is Premium", "the parcel was sent by Zalando", "I should be on the login
  // screen") is a check: an action starts with its verb, never with an article or "I". It needs a verb after its subject.
  // Unless an action follows it: "The golf bag arrived damaged, report it" is the reason, then the action.
  if ((STATEMENT.test(s) || isNamedStatement(s)) && !actionAfterReason(s)) {
    const intent = assertion(
      `check that ${s.replace(/^(i|we)\s+should\s+be\b/i, (_, who: string) => `${who} ${/^i$/i.test(who) ? 'am' : 'are'}`)}`,
    );
    if (intent) return intent.kind === 'assertValue' ? { ...intent, stated: true } : intent;
  }
  // "Sam was rude, tick the box to report him too": the tester's reason, then the action, whose pronoun stands for
  // the one the reason named ("I don't need the interior vacuum, switch it off"). A condition ("If …,") is kept.
  const told = REASON_THEN_ACTION.exec(s);
  if (told && !isCondition(told[1]!)) {
    // "Actually, keep it", "Changed my mind, I'll keep my place", "No, keep it": a word of changing one's mind or an
    // answer names nothing; the action stands as written.
    // "Don't cancel, keep it": what not to do, then what to do, of the same thing.
    const musing = MUSING.test(told[1]!.trim()) || /^(?:don['’]?t|do\s+not)\s+\p{L}+$/iu.test(told[1]!.trim());
    // "Remove the Japanese maple, it's too big for the patio": the action first, then why.
    // Not when what follows gives a value ("Apply the promo code, it's SPRING10"): that is part of the action.
    if (!musing && AFTERWARD_REASON.test(told[3]!) && !givesAValue(told[3]!)) {
      const first = parseInstruction(told[1]!);
      return first.kind === 'unknown' ? notUnderstood(instruction, first.said ?? told[1]!) : first;
    }
    const action = musing ? told[3]! : withReferent(told[3]!, told[1]!);
    const intent = action ? parseInstruction(action) : null;
    if (intent && intent.kind !== 'unknown') return intent;
    // An action no rule reads is still the action, not the reason: the screen's controls are asked about it alone
    // ("I need the wheelbarrow, book it" is "book the wheelbarrow", intent-resolver.ts).
    if (intent?.kind === 'unknown' && intent.said) return notUnderstood(instruction, intent.said);
  }
  return notUnderstood(instruction, s);
}

/** Words before a comma that name nothing: changing one's mind, or an answer ("No, keep it"). */
const MUSING =
  /^(?:actually|ok(?:ay)?|right|hmm+|oh|wait|sorry|no|yes|yeah|nope|never\s+mind|hang\s+on|hold\s+on|i['’]m\s+sure|definitely|absolutely|on\s+second\s+thoughts?|(?:i(?:['’]ve|\s+have)\s+)?changed\s+my\s+mind)$/i;

/** The verb of what is done to me: "notified" is what "Notify me" does. */
const BE_DONE_TO_ME: Readonly<Record<string, string>> = {
  notified: 'notify',
  reminded: 'remind',
  told: 'tell',
  alerted: 'alert',
  emailed: 'email',
  texted: 'text',
  called: 'call',
};

/** A reason, a comma, then what to do: "The brakes are fine after all, so remove the brake adjustment" (the "so" no part of it). */
const REASON_THEN_ACTION = /^([^,;]+)[,;]\s*(?:(?:and\s+)?(so)\s+)?(.+)$/i;

/** "The golf bag arrived damaged, report it": the action after a statement, when one is read there (a tap, a toggle, typing). */
function actionAfterReason(s: string): Intent | null {
  const told = REASON_THEN_ACTION.exec(s);
  if (!told || isCondition(told[1]!) || AFTERWARD_REASON.test(told[3]!)) return null;
  const action = withReferent(told[3]!, told[1]!);
  const intent = action ? parseInstruction(action) : null;
  if (intent && ['tap', 'type', 'toggle'].includes(intent.kind)) return intent;
  // An action no rule reads, said of what the statement named ("…, report it") or after "so" ("…, so remove the
  // brake adjustment"): the controls are asked about it.
  // So is one that adds or asks for a count ("My mate is coming along, add a third player").
  const ofIt =
    told[2] !== undefined || /^\p{Ll}+\s+(?:it|them|him|her)\b/u.test(told[3]!) || /^(?:add|make\s+it|that['’]s)\s/i.test(told[3]!);
  return intent?.kind === 'unknown' && ofIt && !/^(?:is|are|was|were|has|have|had)\s/i.test(told[3]!) ? intent : null;
}

/** A reason given after the action: "…, it's too big", "…, because …", "…, they're broken". */
const AFTERWARD_REASON =
  /^(?:it['’]s|it\s+is|it\s+was|it\s+has|it\s+had|it\s+contains|they['’]re|they\s+are|they\s+have|because|since|as\s+it|as\s+they|i['’]ll|i\s+will|we['’]ll|we\s+will|i\s+don['’]t|we\s+don['’]t|i['’]ve|we['’]ve|(?:she|he)\s+(?:still\s+)?\p{Ll}+s)\b/iu;

/**
 * What follows the action gives a value for it ("Apply the promo code, it's SPRING10"), not why: "it's" or "they're"
 * and a number, a code in capitals or quoted text. "Yes delete it, I've sold the PCX" is a reason.
 */
const givesAValue = (clause: string) =>
  /^(?:it['’]s|it\s+is|it\s+was|they['’]re|they\s+are)\b/i.test(clause) && /\d|\b\p{Lu}{2,}|["“]/u.test(clause);

/** No rule reads it: `said` is what the screen's controls are asked about (intent-resolver.ts), the reason names the instruction. */
function notUnderstood(instruction: string, said: string): Intent {
  const examples = '"Tap the Login button", "Enter bob@example.com in the Email field", "Check that Welcome is shown"';
  return {
    kind: 'unknown',
    said,
    reason: `Could not understand "${instruction.trim()}". Try e.g. ${examples}, or a command such as tapOn: "Login"`,
  };
}

/**
 * A condition on the action ("If the banner is shown, …", "Once the form loads, …"), which is no
 * reason to act at once. "After the trial", a time named by a thing at the clause's end, is none
 * ("I don't want the paper after the trial, cancel it"), nor is "after all".
 */
const isCondition = (clause: string) =>
  /\b(?:if|when|unless|then)\b/i.test(clause) ||
  /\b(?:once|until|after|before)\b(?!\s+all\b)(?!\s+(?:the|a|an|my|our|this|next|last)\s+\p{L}+\s*$)/iu.test(clause);

const WEEKDAY = /\b(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b/;

/**
 * The action with its pronoun put back as what the reason named: "him", "her", "them" a name the reason
 * writes with a capital ("Sam"); "it", "that", "this" (and "them" when the reason names no one) the thing
 * it names ("the interior vacuum", "our dog"); "that shift" the one on the day the reason names. Null when
 * the pronoun has nothing to stand for.
 */
function withReferent(action: string, reason: string): string | null {
  const person = /\b(him|her|them)\b/i.exec(action);
  const thing = /\b(it|that|this)\b/i.exec(action);
  // "Changed my mind, keep it": the reason names nothing; "it" is what the screen asks about.
  if ((!person && !thing) || /\b(?:changed\s+my\s+mind|never\s+mind|on\s+second\s+thoughts?)\b/i.test(reason)) return action;
  // "…, so make it three tyres", "…, so that's six people": a count asked for (stepper-targets.ts); "it" names nothing.
  if (countWanted(action)) return action;
  if (person) {
    const names = reason
      .match(/\b\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)*/gu)
      ?.filter((n) => !/^(?:I|I'm|I've|I'd|We|We're|We've|We'd|My|Our|The|Just)$/.test(n));
    if (names?.length === 1) return putAt(action, person, names[0]!);
    // "We've got plenty of pigs in blankets already, remove them": things, when the reason names no one.
    const things = !names?.length && /^them$/i.test(person[1]!) ? thingNamed(reason) : null;
    return things ? putAt(action, person, things) : null;
  }
  // "Tuesday 17th works better for us, pick that date": the date the reason says (spoken-dates.ts).
  const aDate = /\b(?:that|this|the)\s+(?:date|day)$/i.exec(action);
  const said = SPOKEN_DATE.exec(reason);
  if (aDate && said) return `${action.slice(0, aDate.index)}${said[0]}`;
  // "I can't make Sunday any more, leave that shift": the shift on that day.
  const demonstrative = /\b(?:that|this)\s+(\p{Ll}{3,})$/u.exec(action);
  const day = WEEKDAY.exec(reason);
  if (demonstrative && day && (reason.match(new RegExp(WEEKDAY.source, 'g'))?.length ?? 0) === 1) {
    return `${action.slice(0, demonstrative.index)}the ${demonstrative[1]!} on ${day[0]}`;
  }
  const named = thingNamed(reason);
  return named ? putAt(action, thing!, named) : null;
}

/**
 * What follows a thing and is no part of its name: "already", "any more", when or where it is in the tester's
 * world ("after the trial", "behind the counter", "for the party"). Not "in" or "on": "the yeast in the saison"
 * says which yeast, and "pigs in blankets" is a name.
 */
const AFTER_A_THING =
  /(?:\s+(?:after|before|behind|for|under|near)\s+(?:the|a|an|my|our|his|her|their|this|that)\b.*|\s+(?:already|now|any\s*more|again|too|today|after\s+all|as\s+well))$/iu;

/**
 * The thing a reason names: a statement's subject before its verb ("The golf bag arrived damaged"), else the
 * first thing after an article, possessive or amount, without what follows it ("I found the Larkin behind the
 * counter": the Larkin; "We've got plenty of pigs in blankets already"), else a name's thing ("Wednesday's walk
 * isn't needed", "I can't make Sunday's eight").
 */
function thingNamed(reason: string): string | null {
  const subject =
    /^(?:the|our|my|your)\s+([\p{L}-]+(?:\s+[\p{L}-]+){0,3}?)\s+(?:is|are|was|were|has|have|had|looks|seems|sounds|\p{Ll}{3,}ed)\b/iu.exec(
      reason,
    );
  if (subject) return `the ${subject[1]!}`;
  const np =
    /\b(?:the|our(?:\s+own)?|my(?:\s+own)?|a|an|your|his|her|their|plenty\s+of|lots\s+of|loads\s+of|too\s+many|enough)\s+([\p{L}\s-]+?)\s*$/iu.exec(
      reason,
    );
  if (np) return `the ${np[1]!.trim().replace(AFTER_A_THING, '')}`;
  const owned = /^(\p{Lu}[\p{L}-]*['’]s\s+\p{Ll}[\p{L}-]*)\s/u.exec(reason) ?? /\b(\p{Lu}[\p{L}-]*['’]s\s+\p{Ll}[\p{L}-]*)$/u.exec(reason);
  return owned ? owned[1]! : null;
}

/** The text with the word `found` found replaced: at its place, not the first such letters ("it" of "switch"). */
const putAt = (text: string, found: RegExpExecArray, by: string) =>
  text.slice(0, found.index) + by + text.slice(found.index + found[0].length);

function parseTyping(s: string): Intent | null {
  let m: RegExpExecArray | null;
  const quoted = findQuoted(s);
  // `Type "a in b" into Notes`: the quoted value may contain " in ".
  if (quoted && new RegExp(`^${TYPE_VERBS}$`, 'i').test(quoted.before)) {
    const into = /^(?:in|into|inside|to|on)\s+(.+)$/i.exec(quoted.after);
    if (into) return { kind: 'type', text: quoted.quoted, field: parseTargetPhrase(into[1]!, 'field') };
    if (!quoted.after) return { kind: 'type', text: quoted.quoted, field: null };
  }
  // "Enter Clueless in Leeds as our team name", "Put Gareth Hughes down as the lead paddler", "Put … in as the booker's
  // email": the field after "as" and a determiner; the value may hold " in ".
  if (
    (m =
      /^(?:use|enter|type|put|pop|stick|key\s+in|fill\s+in|input|write)\s+(?!(?:me|us)\s)(.+?)(?:\s+down|\s+in)?\s+as\s+(?:the|my|our|your)\s+(\p{L}[\p{L}'’\s-]{1,40})$/iu.exec(
        s,
      ))
  ) {
    return { kind: 'type', text: unquote(m[1]!), field: parseTargetPhrase(m[2]!, 'field') };
  }
  if ((m = new RegExp(`^${TYPE_VERBS}\\s+(.+)\\s+(?:in|into|inside|to|on)\\s+(?:the\\s+)?(.+?)$`, 'i').exec(s))) {
    return { kind: 'type', text: unquote(m[1]!), field: parseTargetPhrase(m[2]!, 'field') };
  }
  // "Enter the teacher's reference TR-40917": the field named first, then a code (a number, or letters with one).
  if (
    (m =
      /^(?:enter|type|input|key\s+in|put\s+in)\s+(?:the|my|our|your)\s+((?:\p{L}[\p{L}'’-]*\s+){0,3}\p{L}[\p{L}'’-]*)\s+((?=[\p{Lu}\d-]*\d)[\p{Lu}\d][\p{Lu}\d-]{2,}|\d[\d\s-]*\d)$/iu.exec(
        s,
      ))
  ) {
    return { kind: 'type', text: m[2]!, field: parseTargetPhrase(m[1]!, 'field') };
  }
  // "Enter AB12 CDE for the vehicle reg": a value (no article before it), then the field it is for.
  if (
    (m =
      /^(?:enter|type|put|key\s+in|fill\s+in|input|write)\s+(?!(?:the|a|an|my|our|your|me|us|it|them)\s)(.+?)\s+for\s+(?:the|my|our|your)\s+(\p{L}[\p{L}\s-]{1,40})$/iu.exec(
        s,
      ))
  ) {
    return { kind: 'type', text: unquote(m[1]!), field: parseTargetPhrase(m[2]!, 'field') };
  }
  // "Change the pickup address to 3 Station Road": a field named by what it holds (a picker's "Change the sort to Price" is not).
  if (
    (m =
      /^(?:change|update)\s+(?:the\s+|my\s+)?(.+?\b(?:address|name|email|phone|number|postcode|zip\s+code|note|title|description|nickname))\s+to\s+(.+)$/i.exec(
        s,
      ))
  ) {
    return { kind: 'type', text: unquote(m[2]!), field: parseTargetPhrase(m[1]!, 'field') };
  }
  if ((m = /^(?:fill(?:\s+in|\s+out)?|populate|complete|set)\s+(?:the\s+)?(.+?)\s+(?:with|to|as)\s+(.+)$/i.exec(s))) {
    return { kind: 'type', text: unquote(m[2]!), field: parseTargetPhrase(m[1]!, 'field') };
  }
  // "Replace the registration with LD19 FHA": a value (a number, a name, quoted text), never "with a new one".
  if ((m = /^replace\s+(?:the\s+|my\s+)?(.+?)\s+with\s+((?:["“'‘]|\d|\p{Lu}).*)$/iu.exec(s)) && !/^(?:a|an|the|it)\b/i.test(m[2]!)) {
    return { kind: 'type', text: unquote(m[2]!), field: parseTargetPhrase(m[1]!, 'field') };
  }
  if ((m = /^(?:use|enter|type)\s+(.+?)\s+as\s+(?:the\s+|my\s+)?(.+)$/i.exec(s))) {
    return { kind: 'type', text: unquote(m[1]!), field: parseTargetPhrase(m[2]!, 'field') };
  }
  if ((m = /^search\s+for\s+(.+)$/i.exec(s))) return { kind: 'type', text: unquote(m[1]!), field: { text: 'Search', role: 'search' } };
  // "Put the van under cover" puts a thing somewhere: no text to type (a value to put is quoted, or named with its field).
  if (/^put\s+(?:the|a|an|my|our|your|it|them|this|that)\s/i.test(s)) return null;
  if ((m = new RegExp(`^${TYPE_VERBS}\\s+(.+)$`, 'i').exec(s))) return { kind: 'type', text: unquote(m[1]!), field: null };
  return null;
}
