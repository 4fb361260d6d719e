/**
 * What an automation model answers: one action on the current screen, why, and
 * how sure it is. Shared by the offline model and any LLM-backed model.
 */
import type { Point } from '@devicelab/shared';
import type { SwipeDirection, VerticalDirection } from './commands.js';
import type { Platform } from './hierarchy.js';
import type { Locator } from './locators.js';

export type { Locator } from './locators.js';

export type { Point };

export type Action =
  | { type: 'tap'; target: Locator; point: Point }
  /** null target = the focused field. */
  | { type: 'type'; target: Locator | null; text: string; point?: Point }
  | { type: 'scroll'; direction: VerticalDirection }
  | { type: 'swipe'; direction: SwipeDirection }
  | { type: 'back' }
  | { type: 'wait'; seconds: number }
  | { type: 'launch' }
  | { type: 'restart' }
  | { type: 'openLink'; url: string }
  | { type: 'assert'; target: Locator; visible: boolean }
  /** The instruction is already satisfied on this screen (e.g. scrolled far enough, switch already on). */
  | { type: 'done' }
  | { type: 'fail'; reason: string };

export interface Decision {
  action: Action;
  reasoning: string;
  /** 0 … 1. */
  confidence: number;
}

export interface ModelInput {
  /** The command text with {{references}} already resolved. */
  instruction: string;
  platform: Platform;
  hierarchyXml: string;
  screenshotPng?: Uint8Array;
}

export interface AutomationModel {
  name: string;
  decide(input: ModelInput): Promise<Decision>;
}

export function fail(reason: string): Decision {
  return { action: { type: 'fail', reason }, reasoning: reason, confidence: 1 };
}
