/**
 * The words people add to say *which* element they mean: where it is ("in the
 * dialog", "in the bottom navigation", "in the toolbar") and what it is next to
 * ("next to Red Mug", "below Email", "in the Red Mug row", "for Red Mug").
 * Only the last qualifier of a phrase is taken; the rest stays the element's name.
 */

/** Structural regions of a screen a qualifier can name. */
export type ContainerKind = 'dialog' | 'tabBar' | 'toolbar' | 'navBar' | 'list' | 'snackbar';

/** How the element relates to its anchor. `row`: the same list row / cell, else the same line. */
export type Relation = 'row' | 'below' | 'above' | 'leftOf' | 'rightOf';

export interface Qualifier {
  /** The phrase without the qualifier. */
  core: string;
  container?: ContainerKind;
  near?: { relation: Relation; anchor: string };
}

const CONTAINER_WORDS: ReadonlyArray<[RegExp, ContainerKind]> = [
  [
    /^(?:dialog|alert|alert\s+dialog|confirmation(?:\s+dialog)?|pop-?up|popup\s+window|modal|prompt|sheet|bottom\s+sheet|action\s+sheet|(?:popup\s+|overflow\s+|context\s+)?menu)$/i,
    'dialog',
  ],
  // Tab containers: the bottom navigation, and tabs or segments at the top (iOS segmented control, Android TabLayout).
  [
    /^(?:bottom\s+(?:navigation(?:\s+bar)?|nav(?:\s+bar)?|bar|tabs|tab\s+bar|menu)|tab\s*bar|tabs|footer|segmented\s+control|segments|filter\s+bar)$/i,
    'tabBar',
  ],
  [/^(?:tool\s*bar|top\s+(?:bar|app\s+bar|navigation)|app\s*bar|action\s+bar|title\s+bar|header)$/i, 'toolbar'],
  [/^(?:navigation\s+bar|nav\s*bar)$/i, 'navBar'],
  [/^(?:list|results|search\s+results|feed)$/i, 'list'],
  [/^(?:snack\s*bar|toast|banner)$/i, 'snackbar'],
];

/** The last "in the …": "Sign in with Apple in the dialog" is "Sign in with Apple", in a dialog. */
const CONTAINER = /^(.*\S)?\s+(?:in|inside|within|on|from|at|of)\s+(?:the\s+|this\s+|that\s+)?([\w\s-]+?)$/i;

/** "… next to (the) Red Mug": the anchor follows the relation's words. */
const RELATIONS: ReadonlyArray<[RegExp, Relation]> = [
  [/\s+(?:next\s+to|beside|besides|alongside|near|for|(?:in|on)\s+the\s+(?:same\s+)?row\s+(?:of|with|for|as))\s+(?:the\s+)?(.+)$/i, 'row'],
  [/\s+(?:to\s+the\s+right\s+of|right\s+of)\s+(?:the\s+)?(.+)$/i, 'rightOf'],
  [/\s+(?:to\s+the\s+left\s+of|left\s+of)\s+(?:the\s+)?(.+)$/i, 'leftOf'],
  [/\s+(?:below|under|underneath|beneath)\s+(?:the\s+)?(.+)$/i, 'below'],
  [/\s+(?:above)\s+(?:the\s+)?(.+)$/i, 'above'],
];

/** "in the Red Mug row", "on the Red Mug card": the anchor names the row. */
const IN_ROW = /\s+(?:in|on|inside|within|of)\s+(?:the\s+)?(.+?)\s+(?:row|card|cell|item|tile|entry|listing|line)$/i;

/** `bare`: the text may be the qualifier alone (what follows a quoted name). */
export function splitQualifier(text: string, bare = false): Qualifier | null {
  const container = CONTAINER.exec(text);
  if (container) {
    const kind = CONTAINER_WORDS.find(([re]) => re.test(container[2]!.trim()))?.[1];
    const core = (container[1] ?? '').trim();
    if (kind && (core || bare)) return { core, container: kind };
  }
  const inRow = IN_ROW.exec(text);
  if (inRow && (bare || text.slice(0, inRow.index).trim())) {
    return { core: text.slice(0, inRow.index).trim(), near: { relation: 'row', anchor: inRow[1]! } };
  }
  for (const [pattern, relation] of RELATIONS) {
    const m = pattern.exec(text);
    const core = m ? text.slice(0, m.index).trim() : '';
    if (m && (core || bare)) return { core, near: { relation, anchor: m[1]!.trim() } };
  }
  return null;
}
