/**
 * The noun phrase of an instruction: "the second Add to cart button" → text
 * "Add to cart", role button, ordinal 2; "OK in the dialog" → text "OK" inside a
 * dialog; "Add to cart next to Red Mug" → text "Add to cart" in Red Mug's row.
 * Quoted text is taken literally.
 */
import { type ContainerKind, type Relation, splitQualifier } from './qualifier-words.js';

export type Role = 'button' | 'field' | 'tab' | 'link' | 'toggle' | 'item' | 'icon' | 'text' | 'screen' | 'search';

export interface TargetPhrase {
  /** What to look for; '' when only a role and ordinal were given ("the second item"). */
  text: string;
  role?: Role;
  /** 1-based; -1 = last. */
  ordinal?: number;
  /** Quoted in the instruction or named by a deterministic command: match without typo tolerance. */
  literal?: boolean;
  /**
   * The words as written, before role and ordinal words were taken off ("First
   * name field", "First name"). An element matching one of these closely wins over
   * the shorter reading: "First name" is a label, not the first "name".
   */
  variants?: string[];
  /** "in the dialog": only elements inside such a region. */
  container?: ContainerKind;
  /** "next to Red Mug", "below Email": only elements so placed to the anchor. */
  near?: { relation: Relation; anchor: TargetPhrase };
  /** The check reported what a text says ("the dialog says …"): part of a longer text may be given (paraphrase.ts). */
  reported?: boolean;
  /** "the alert says …": when a dialog is up, only what is inside it says it (assertions.ts). */
  dialogSays?: boolean;
  /** "the alert mentions AirPlay": the words stand anywhere inside one text, as a name within a sentence (mentioned-words.ts). */
  mentioned?: boolean;
  /**
   * The whole phrase including the qualifier, when one was split off: an element
   * showing exactly this ("Terms of Service" is not "Terms" of a "Service") wins.
   */
  whole?: string;
  /** The statement a check denies ("there is an alarm at 06:30" of "there is no alarm at 06:30"): said in other words, it is there. */
  denies?: string;
  /** The check said it "is missing" or "is absent": a text of the screen saying so counts too (missing-claims.ts). */
  missing?: boolean;
  /** A check written as a plain sentence ("the driver arrives in 4 min"), not "X is shown": it may be said in other words (claim-evidence.ts). */
  sentence?: boolean;
}

const ROLE_WORDS: ReadonlyArray<[RegExp, Role]> = [
  [/\s+(?:text\s+field|input\s+field|text\s*box|textfield|field|input|box)$/i, 'field'],
  [/\s+(?:check\s*box|checkbox|switch|toggle|radio\s+button)$/i, 'toggle'],
  [/\s+(?:button|btn)$/i, 'button'],
  [/\s+(?:tab|filter|segment)$/i, 'tab'],
  [/\s+(?:link)$/i, 'link'],
  [/\s+(?:icon|image|picture)$/i, 'icon'],
  [/\s+(?:menu\s+item|list\s+item|item|row|entry|cell|result|option|card|element|product|listing)$/i, 'item'],
  [/\s+(?:screen|page|view)$/i, 'screen'],
  [/\s+(?:text|label|message|title|heading|banner|popup|dialog)$/i, 'text'],
];

/** A kind of control, then what it says: "the box to say …", "the switch labelled …", "the button called …". */
const KIND_THEN_LABEL =
  /^(?:the\s+|a\s+)?(check\s*box|tick\s*box|box|switch|toggle|button|link|tab)\s+(?:to\s+say|saying|that\s+says|which\s+says|labell?ed|called|named)\s+(.+)$/i;

/** "the search bar", "search field", "the search box": a search input, by type, hint or id. */
const SEARCH_FIELD = /^search\s+(?:bar|field|box|input|text\s*field)$/i;

/** Roles whose word alone names a kind of element: "the field below Email", "the switch next to Wi-Fi". */
const KINDS_ALONE: ReadonlySet<Role> = new Set(['field', 'toggle', 'button', 'link', 'icon', 'tab']);

/** Words that on their own only say "a row of the list". */
const GENERIC_ITEMS = /^(?:item|row|entry|cell|result|option|card|element|one|product|message|list item|search result)s?$/i;

const ORDINALS: Readonly<Record<string, number>> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  last: -1,
  '1st': 1,
  '2nd': 2,
  '3rd': 3,
};

export function ordinalValue(word: string): number | undefined {
  const lower = word.toLowerCase();
  if (ORDINALS[lower] !== undefined) return ORDINALS[lower];
  const m = /^(\d+)(?:st|nd|rd|th)$/.exec(lower);
  return m ? Number(m[1]) : undefined;
}

const QUOTED = /(?:^|[\s(:])["“]([^"”]+)["”]|(?:^|[\s(:])['‘]([^'’]+)['’](?=$|[\s.,!?;:)])/;

/** The first quoted string, with the text before and after it. */
export function findQuoted(text: string): { quoted: string; before: string; after: string } | null {
  const m = QUOTED.exec(text);
  if (!m) return null;
  const quoted = (m[1] ?? m[2])!;
  const start = m.index + m[0].indexOf(quoted) - 1;
  return { quoted, before: text.slice(0, start).trim(), after: text.slice(start + quoted.length + 2).trim() };
}

/** Drops surrounding quotes when the whole value is quoted. */
export function unquote(text: string): string {
  const t = text.trim();
  const m = /^["“'‘](.*)["”'’]$/.exec(t);
  return m ? m[1]! : t;
}

function stripArticles(text: string): string {
  return text
    .replace(/^(?:on|onto|at|in|into|to)\s+/i, '')
    .replace(/^(?:the|a|an|my|your|this|that)\s+/i, '')
    .trim();
}

/** Parses "the second Add to cart button", "'Sign in'", "item 3", "the Settings tab". */
export function parseTargetPhrase(raw: string, defaultRole?: Role): TargetPhrase {
  // "?" stays: it is part of labels such as "Forgot password?".
  const trimmed = raw.trim().replace(/[.!]+$/, '');
  // "the box to say I have read the conditions", "the button labelled Continue": the kind, then its label.
  const labelled = KIND_THEN_LABEL.exec(trimmed);
  if (labelled) {
    const kind = labelled[1]!;
    const role = /box$/i.test(kind) ? 'toggle' : (ROLE_WORDS.find(([re]) => re.test(` ${kind}`))?.[1] ?? defaultRole);
    return parseName(labelled[2]!, role);
  }
  const text = stripArticles(trimmed);
  // "My orders", "In stock", "Your edits …": the stripped word may belong to the name; that reading is kept.
  const kept = /^(?:the\s+)?(?:my|your|this|that|in|on|at|to|into|onto)\s/i.test(trimmed) ? trimmed.replace(/^the\s+/i, '') : undefined;
  const quoted = findQuoted(text);
  // A qualifier is looked for outside the quotes only: `"OK" in the dialog`, `"Add to cart" next to Red Mug`.
  const qualifier = quoted ? splitQualifier(` ${quoted.after}`, true) : splitQualifier(text);
  if (!qualifier) return withReading(parseName(text, defaultRole), quoted ? undefined : kept);
  const name = quoted ? text.slice(0, text.length - quoted.after.length) + qualifier.core : qualifier.core;
  const phrase = parseName(stripArticles(name.trim()), defaultRole);
  if (qualifier.container) phrase.container = qualifier.container;
  if (qualifier.near) phrase.near = { relation: qualifier.near.relation, anchor: parseName(stripArticles(qualifier.near.anchor)) };
  if (!quoted) phrase.whole = text;
  return phrase;
}

function withReading(phrase: TargetPhrase, reading: string | undefined): TargetPhrase {
  if (!reading || reading === phrase.text || phrase.variants?.includes(reading)) return phrase;
  return { ...phrase, variants: [reading, ...(phrase.variants ?? [])] };
}

/** The name part: quoted text, ordinal, role word. */
function parseName(raw: string, defaultRole?: Role): TargetPhrase {
  let text = raw;
  let ordinal: number | undefined;
  let role: Role | undefined = defaultRole;
  if (SEARCH_FIELD.test(text)) return { text: 'Search', role: 'search' };
  // "the field below First name", "the switch next to Wi-Fi": a kind only; the qualifier says which.
  const bare = ROLE_WORDS.find(([re]) => re.test(` ${text}`) && !` ${text}`.replace(re, '').trim())?.[1];
  if (bare && KINDS_ALONE.has(bare)) return { text: '', role: bare };

  const quoted = findQuoted(text);
  if (quoted) {
    // The role word sits right before the quote ("the error message 'X'") or right after it ("'OK' button in the dialog").
    const roleOf = (words: string) => ROLE_WORDS.find(([re]) => re.test(` ${words}`))?.[1];
    const after = quoted.after.split(/\s+/);
    const restRole = roleOf(quoted.before) ?? roleOf(after[0] ?? '') ?? roleOf(after.slice(0, 2).join(' '));
    const ord = /\b(first|second|third|fourth|fifth|last|\d+(?:st|nd|rd|th))\b/i.exec(quoted.before)?.[1];
    return {
      text: quoted.quoted.trim(),
      literal: true,
      ...((restRole ?? role) ? { role: (restRole ?? role)! } : {}),
      ...(ord ? { ordinal: ordinalValue(ord)! } : {}),
    };
  }

  const written = text;
  const leading = /^(\S+)\s+(.+)$/.exec(text);
  if (leading && ordinalValue(leading[1]!) !== undefined) {
    ordinal = ordinalValue(leading[1]!);
    text = leading[2]!;
  }
  // "item 3", "row #2", "result number 4"
  const numbered = /^(item|row|entry|cell|result|option|card|product)\s+(?:number\s+|no\.?\s*|#)?(\d+)$/i.exec(text);
  // "Product 3" may also be the name shown: that reading is kept and wins when it is on screen.
  if (numbered) return { text: '', role: 'item', ordinal: Number(numbered[2]), variants: [text] };

  let writtenWithoutRole = written;
  for (const [re, r] of ROLE_WORDS) {
    const stripped = text.replace(re, '');
    if (stripped !== text && stripped.trim()) {
      text = stripped.trim();
      writtenWithoutRole = written.replace(re, '').trim();
      role = r;
      break;
    }
  }
  const variants = [...new Set([written, writtenWithoutRole])].filter((v) => v !== text);
  const extras = { ...(ordinal !== undefined ? { ordinal } : {}), ...(variants.length ? { variants } : {}) };
  // "Products is shown" names a text, not a row: the words as written are kept for that. A kind written out
  // ("the message field") names the field, not a generic row.
  const kindWritten = writtenWithoutRole !== written && role !== 'item';
  if (GENERIC_ITEMS.test(text) && !kindWritten && (role === undefined || role === 'item' || role === defaultRole))
    return { text: '', role: 'item', ...extras, ...(extras.variants ? {} : { variants: [written] }) };
  return { text, ...(role ? { role } : {}), ...extras };
}
