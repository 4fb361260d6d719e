/**
 * Replaying a cached decision on the current screen (docs/architecture.md#engine). The
 * cache key already says "same step, same kind of screen"; replay additionally
 * requires the decision's element to be on this screen, and aims taps at where
 * the element is now (layouts shift by a few pixels between runs and devices).
 * Anything that does not hold answers null: the caller asks the model instead and
 * replaces the entry.
 */
import type { Action, Decision } from './actions.js';
import { center } from './element-roles.js';
import type { ScreenElement } from './hierarchy.js';
import { locate } from './locators.js';
import { substitute } from './references.js';

export function replayDecision(
  cached: Decision,
  elements: readonly ScreenElement[],
  values: Readonly<Record<string, string>> = {},
): Decision | null {
  const action = replayAction(cached.action, elements, values);
  return action && { ...cached, action, reasoning: `replayed from the step cache: ${cached.reasoning}` };
}

function replayAction(action: Action, elements: readonly ScreenElement[], values: Readonly<Record<string, string>>): Action | null {
  switch (action.type) {
    case 'tap': {
      const el = locate(elements, action.target);
      return el && { ...action, point: center(el.bounds) };
    }
    case 'type': {
      const text = fillTemplate(action.text, values);
      if (text === null) return null;
      if (action.target === null) return { ...action, text };
      const el = locate(elements, action.target);
      return el && { ...action, text, point: center(el.bounds) };
    }
    case 'assert': {
      const present = locate(elements, action.target) !== null;
      return present === action.visible ? action : null;
    }
    case 'fail':
      return null; // failures are never cached, and would not be worth replaying
    default:
      return action; // no element involved: the fingerprint match is the whole check
  }
}

/**
 * Typed text is cached with the values that came from `{{references}}` put back as
 * references, so a replay types this run's value (a fresh e-mail address per run)
 * rather than the one the model saw. Longer values first, so "ann@x.io" is not
 * split by a value "ann".
 */
export function toTemplate(decision: Decision, values: Readonly<Record<string, string>>): Decision {
  if (decision.action.type !== 'type') return decision;
  let text = decision.action.text;
  const byLength = Object.entries(values)
    .filter(([, v]) => v !== '')
    .sort((a, b) => b[1].length - a[1].length);
  for (const [name, value] of byLength) text = text.split(value).join(`{{${name}}}`);
  return { ...decision, action: { ...decision.action, text } };
}

/** This run's values in a cached template; null when one is missing (the model decides afresh). */
function fillTemplate(text: string, values: Readonly<Record<string, string>>): string | null {
  const filled = substitute(text, values);
  return filled.ok ? filled.text : null;
}
