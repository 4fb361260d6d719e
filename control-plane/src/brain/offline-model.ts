/**
 * The offline automation model: no network, no LLM. Deterministic commands are
 * carried out as written; free instructions go through a small grammar and fuzzy
 * matching against the UI hierarchy. It is the fallback when no model is
 * configured and the baseline the LLM-backed models are measured against.
 *
 * Contract with the runner: `chooseAction` answers the next action for the instruction
 * on the current screen. Most instructions take one action. "Scroll until X is
 * visible" and "Wait for X" answer `scroll` / `wait` until satisfied and then
 * `done`, so the runner calls again after such an action (with a step limit).
 * A visible-assertion that fails may deserve a retry after a short wait: screens
 * load asynchronously.
 */
import { type AutomationModel, type Decision, fail, finalFail, type ModelInput } from './actions.js';
import { actionAndWhen, whenHolds } from './chosen-when.js';
import { withoutScope } from './claim-words.js';
import { type Command, parseCommandSyntax, platformSupport } from './commands.js';
import { afternoonAsShown, clockTimes, periodAsRowTime, spokenTimes, timesOfPeriod } from './day-periods.js';
import { parseHierarchy } from './hierarchy.js';
import { type Intent, parseInstruction } from './instruction-grammar.js';
import { resolveIntent, type Screen } from './intent-resolver.js';
import { poundsAsMoney } from './lexicon.js';
import { locate } from './locators.js';
import { controlForRow, rowsOfScreen } from './named-row-controls.js';
import { ownedAsFor } from './possessive-targets.js';
import { dayOrdinals, untilDates, withShownMonth, withShownYear } from './spoken-dates.js';

export type { Action, AutomationModel, Decision, ModelInput, Point } from './actions.js';
export type { ScreenElement as Element } from './hierarchy.js';
export type { Locator } from './locators.js';
export { locate } from './locators.js';

/** Deterministic commands name their text exactly: no typo tolerance (`literal`). */
export function commandToIntent(command: Command): Intent {
  switch (command.kind) {
    case 'instruction':
      return parseInstruction(command.text);
    case 'tapOn':
      return { kind: 'tap', target: { text: command.text, literal: true } };
    case 'tapOn.id':
      return { kind: 'tapId', id: command.id };
    case 'type':
      return { kind: 'type', text: command.text, field: null };
    case 'scroll':
      return { kind: 'scroll', direction: command.direction };
    case 'scrollUntilVisible':
      return { kind: 'scrollUntilVisible', direction: 'down', target: { text: command.text, literal: true } };
    case 'swipe':
      return { kind: 'swipe', direction: command.direction };
    case 'wait':
      return { kind: 'wait', seconds: command.seconds };
    case 'assertVisible':
      return { kind: 'assert', target: { text: command.text, literal: true }, visible: true };
    case 'openLink':
      return { kind: 'openLink', url: command.url };
    case 'pressBackButton':
      return { kind: 'back' };
    case 'launchApp':
      return { kind: 'launch' };
    case 'restartApp':
      return { kind: 'restart' };
  }
}

/**
 * Instructions that take several calls: the runner performs the answered scroll
 * or wait and asks again until `done`.
 */
export function isIterative(command: Command): boolean {
  const kind = commandToIntent(command).kind;
  return kind === 'scrollUntilVisible' || kind === 'waitFor';
}

/** Decides a parsed command on an already parsed screen (the engine parses each screen once). */
export function decideOnScreen(command: Command, screen: Screen): Decision {
  const support = platformSupport(command)[screen.platform];
  if (support !== true) return finalFail(support);
  const decided = resolveIntent(commandToIntent(command), screen);
  if (command.kind !== 'instruction' || decided.action.type !== 'fail') return decided;
  const forWhen = chosenWhen(command.text, screen);
  if (forWhen) return forWhen;
  const owned = ownedAsFor(command.text);
  // One row only: "Cancel Jess's walk" where two rows show Jess is no answer (named-row-controls.ts).
  const ofOwner = owned ? controlForRow(owned, screen.elements) : null;
  if (ofOwner?.action.type === 'tap') return ofOwner;
  // "open until 6pm", "from 10 till 2", "paid up to 31 March": a check with times as testers say them is asked again
  // with them as a screen writes them ("18:00", "10:00 – 14:00", "until 31 March": day-periods.ts, spoken-dates.ts);
  // only its pass (an action's tap) is taken, the first failure stays.
  const clocked = asTheScreenWrites(command.text, screen);
  if (clocked === command.text) return decided;
  const intent = parseInstruction(clocked);
  // "Pick the quarter past six lane" over "18:15 · Lane 9": an action on a thing named by its time, so too.
  const acting = intent.kind === 'tap' || intent.kind === 'toggle';
  if (!CHECKS.has(intent.kind) && !acting) return decided;
  const again = resolveIntent(intent, screen);
  return again.action.type === (acting ? 'tap' : 'assert') ? again : decided;
}

/** "Book desk 2A for Tuesday": the action alone, taken when the screen holds it for that day (chosen-when.ts). */
function chosenWhen(text: string, screen: Screen): Decision | null {
  const split = actionAndWhen(text);
  if (!split) return null;
  const decided = resolveIntent(parseInstruction(split.action), screen);
  if (decided.action.type !== 'tap' || !decided.action.target) return null;
  const control = locate(screen.elements, decided.action.target);
  return control && whenHolds(split.when, control, screen.elements) ? decided : null;
}

/**
 * Times and dates of a check as a screen writes them: "half nine till quarter past ten" is "9:30 – 10:15" (and
 * "14:00" for "2:00" where only that is shown), "up to 31 March" is "until 31 March", "2 December" takes the
 * year shown beside it, "Wednesday the 4th" the month; a closing "on the booking" is left out (claim-words.ts).
 */
function asTheScreenWrites(text: string, screen: Screen): string {
  const shown = screen.elements.filter((el) => el.visible).map((el) => el.text || el.contentDesc);
  const clocked = untilDates(clockTimes(timesOfPeriod(spokenTimes(poundsAsMoney(dayOrdinals(withoutScope(text)), shown)))));
  const dated = withShownMonth(withShownYear(clocked, shown), shown);
  return periodAsRowTime(afternoonAsShown(dated, screen.elements, text), rowsOfScreen(screen.elements), screen.elements);
}

const CHECKS = new Set<Intent['kind']>(['assert', 'assertValue', 'assertState', 'assertField']);

/** Synchronous core of the offline model, handy for tests and benchmarks. */
export function decideOffline(input: ModelInput): Decision {
  const parsed = parseCommandSyntax(input.instruction);
  if (!parsed.ok) return fail(parsed.error);
  // Checked before the screen is read: "no back button on iOS" is the better message.
  const support = platformSupport(parsed.command)[input.platform];
  if (support !== true) return finalFail(support);
  const hierarchy = parseHierarchy(input.hierarchyXml, input.platform);
  if (!hierarchy.ok) return fail(`Cannot read the screen: ${hierarchy.error}`);
  return decideOnScreen(parsed.command, { platform: hierarchy.platform, elements: hierarchy.elements });
}

export function createOfflineModel(): AutomationModel {
  return {
    name: 'offline',
    chooseAction: async (input) => decideOffline(input),
  };
}
