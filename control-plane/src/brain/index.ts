/**
 * The automation engine's pure parts: the command language, the screen model,
 * screen fingerprints and the offline model. No database, no HTTP, no device.
 */

export type { Action, AutomationModel, Decision, Locator, ModelInput, Point } from './actions.js';
export {
  type Command,
  type CommandKind,
  formatCommand,
  MAX_COMMAND_LENGTH,
  MAX_WAIT_SECONDS,
  type ParsedCommand,
  type PlatformSupport,
  parseCommand,
  parseCommandSyntax,
  platformSupport,
  resolveReferences,
  type SwipeDirection,
  type SyntaxResult,
  type VerticalDirection,
} from './commands.js';
export { fingerprint, fingerprintSource, textShape } from './fingerprint.js';
export { type Bounds, type HierarchyResult, type Platform, parseHierarchy, type ScreenElement } from './hierarchy.js';
export type { Screen } from './intent-resolver.js';
export { commandToIntent, createOfflineModel, decideOffline, decideOnScreen, isIterative, locate } from './offline-model.js';
export type { Substitution } from './references.js';
export { replayDecision, toTemplate } from './replay.js';
