/**
 * What an automation model answers: one action on the current screen, why, and
 * how sure it is. Shared by the offline model and any LLM-backed model.
 */
import type { Action } from '@devicelab/shared';
import type { Platform } from './hierarchy.js';

/** The actions themselves are the wire's: one definition for the brain and the agents. */
export type { Action, Locator, Point } from '@devicelab/shared';

export interface Decision {
  action: Action;
  reasoning: string;
  /** 0 … 1. */
  confidence: number;
  /**
   * A failure no later screen can change (the platform has no such action, the model's
   * answer was unusable): the step fails at once instead of waiting for its target.
   */
  final?: boolean;
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
  /** The one action to take on this screen (the step engine decides the step around it). */
  chooseAction(input: ModelInput): Promise<Decision>;
}

export function fail(reason: string): Decision {
  return { action: { type: 'fail', reason }, reasoning: reason, confidence: 1 };
}

/** A failure that re-reading the screen cannot change (see Decision.final). */
export function finalFail(reason: string): Decision {
  return { ...fail(reason), final: true };
}
