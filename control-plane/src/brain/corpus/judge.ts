/**
 * Scores the offline model's decision on a corpus case. "Right" means the action
 * type and its element (or the failure) are what the case expects. A false pass is
 * the dangerous kind of wrong: the case expects a failure and the model passed an
 * assertion or acted on an element. Acting on another element than the expected
 * one is counted apart (`wrongTarget`), as it is just as misleading in a test run.
 */
import type { Decision } from '../actions.js';
import { contains, descendants } from '../element-roles.js';
import type { ElementRef } from '../fixtures/cases.js';
import { type ScreenElement, shortType } from '../hierarchy.js';
import { locate } from '../locators.js';
import type { Verdict } from './corpus-case.js';

export type Outcome = 'right' | 'wrong' | 'falsePass' | 'wrongTarget';

/** The element a reference describes; throws when the screen has none, which is a mistake in the case. */
export function findRef(elements: readonly ScreenElement[], ref: ElementRef): ScreenElement {
  const hits = elements.filter(
    (el) =>
      el.visible &&
      (ref.id === undefined || el.resourceId === ref.id || el.resourceId.endsWith(`:id/${ref.id}`)) &&
      (ref.text === undefined || el.text === ref.text) &&
      (ref.desc === undefined || el.contentDesc === ref.desc) &&
      (ref.type === undefined || el.type === ref.type || shortType(el.type) === ref.type) &&
      (ref.has === undefined || descendants(el, elements).some((d) => d.text === ref.has)),
  );
  // `has` matches every ancestor too: the innermost one is meant.
  const innermost = ref.has === undefined ? hits : hits.filter((h) => !hits.some((o) => o !== h && descendants(h, elements).includes(o)));
  const hit = innermost[(ref.nth ?? 1) - 1];
  if (!hit) throw new Error(`screen has no element ${JSON.stringify(ref)}`);
  return hit;
}

/** The action's locator finds `expected` (or an element inside it) and its point, if any, lies within it. */
function designates(action: Decision['action'], elements: readonly ScreenElement[], expected: ScreenElement): boolean {
  if (action.type !== 'tap' && action.type !== 'type' && action.type !== 'assert') return false;
  if (!action.target) return false;
  const located = locate(elements, action.target);
  if (!located || (located !== expected && !descendants(expected, elements).includes(located))) return false;
  const point = 'point' in action ? action.point : undefined;
  return !point || contains(expected.bounds, { x: point.x, y: point.y, width: 0, height: 0 });
}

const ACTS = new Set(['tap', 'type', 'assert', 'done', 'back']);

export function judge(expected: Verdict, decision: Decision, elements: readonly ScreenElement[]): Outcome {
  const action = decision.action;
  switch (expected.action) {
    case 'fail':
      if (action.type !== 'fail') return ACTS.has(action.type) ? 'falsePass' : 'wrong';
      return !expected.reason || expected.reason.test(action.reason) ? 'right' : 'wrong';
    case 'tap': {
      if (action.type !== 'tap') return 'wrong';
      return designates(action, elements, findRef(elements, expected.on)) ? 'right' : 'wrongTarget';
    }
    case 'type': {
      if (action.type !== 'type') return 'wrong';
      if (action.text !== expected.text) return 'wrong';
      return designates(action, elements, findRef(elements, expected.into)) ? 'right' : 'wrongTarget';
    }
    case 'pass': {
      if (action.type !== 'assert' || !action.visible) return 'wrong';
      return !expected.on || designates(action, elements, findRef(elements, expected.on)) ? 'right' : 'wrongTarget';
    }
    case 'absent':
      return action.type === 'assert' && !action.visible ? 'right' : 'wrong';
    case 'done':
      return action.type === 'done' ? 'right' : 'wrong';
  }
}
