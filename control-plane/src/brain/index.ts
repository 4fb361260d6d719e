/**
 * The automation engine's pure parts: the command language, the screen model,
 * screen fingerprints and the offline model. No database, no HTTP, no device.
 */
export {
  formatCommand, MAX_COMMAND_LENGTH, MAX_WAIT_SECONDS, parseCommand, parseCommandSyntax, platformSupport, resolveReferences,
  type Command, type CommandKind, type ParsedCommand, type PlatformSupport, type SwipeDirection, type SyntaxResult,
  type VerticalDirection,
} from './commands.js';
export type { Substitution } from './references.js';
export { parseHierarchy, type Bounds, type HierarchyResult, type Platform, type ScreenElement } from './hierarchy.js';
export { fingerprint, fingerprintSource, textShape } from './fingerprint.js';
export { commandToIntent, createOfflineModel, decideOffline, decideOnScreen, isIterative, locate } from './offline-model.js';
export { replayDecision, toTemplate } from './replay.js';
export type { Screen } from './intent-resolver.js';
export type { Action, AutomationModel, Decision, Locator, ModelInput, Point } from './actions.js';
