/**
 * A check that the screen is filtered on a choice: "Assert we're filtering on beginner classes", "the list is showing
 * only vegan dishes". The one tab, chip or segment the rest names, as "Show beginner classes" would tap it
 * (tab-choice.ts choiceShowing), checked as chosen: a filter named but not chosen fails as "… is not selected".
 */
import type { Decision } from './actions.js';
import { resolveState } from './assertions.js';
import { textOf } from './claim-pieces.js';
import type { ScreenElement } from './hierarchy.js';
import { choiceShowing } from './tab-choice.js';

const FILTERED =
  /^(?:we['’]re|we\s+are|i['’]m|i\s+am|it['’]s|it\s+is|the\s+(?:list|screen|page|results?)\s+(?:is|are))\s+(?:filtering|filtered|showing(?:\s+only)?|only\s+showing)\s+(?:on\s+|by\s+|to\s+|for\s+)?(.+)$/i;

export function chosenFilter(sentence: string, elements: readonly ScreenElement[]): Decision | null {
  const m = FILTERED.exec(sentence.trim().replace(/[.!]$/, ''));
  const choice = m ? choiceShowing(m[1]!, elements) : null;
  return choice ? resolveState({ text: textOf(choice.tab) }, 'selected', elements) : null;
}
