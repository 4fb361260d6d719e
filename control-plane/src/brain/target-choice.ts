/**
 * Choosing the one element an instruction means among the matches of its name:
 * qualifiers narrow by structure and geometry ("in the dialog", "next to Red
 * Mug", "below Email"), an ordinal picks by reading order ("the second Add to
 * cart"), and whatever is left must be a single element. Two or more equally good
 * candidates fail as ambiguous and are named, so the test can say which: the
 * model never picks one of them at random.
 */
import { type Decision, fail } from './actions.js';
import { afternoonAsShown } from './day-periods.js';
import { inReadingOrder, notFound, position, quoteOf } from './decisions.js';
import { findMatches, type Match, tapTargetOf } from './element-matching.js';
import { ancestors, descendants, describe, isButtonType, isEditable, isTabContainer, isToggle, visibleLabel } from './element-roles.js';
import { type ScreenElement, shortType } from './hierarchy.js';
import { sameLemma } from './lemmas.js';
import { ROW_KINDS } from './lexicon.js';
import { locatable } from './locators.js';
import { rowNamedBy } from './named-row-controls.js';
import type { ContainerKind } from './qualifier-words.js';
import { gap, lies, modalFilter, nothingBetween, regionFilter, rowOf, titleElements } from './screen-structure.js';
import { dateParts, sameDate } from './spoken-dates.js';
import type { Role, TargetPhrase } from './target-phrase.js';
import { comparableTokens, sameText, textSegments } from './verdict-text.js';

export type Choice = { ok: true; match: Match; why: string } | { ok: false; decision: Decision };

/** Scores this close are equally good: exact vs exact, normalised vs normalised. */
const SAME_TIER = 0.02;
/** Matches a qualifier may choose among: the best, allowing for role and tappability bonuses. */
const QUALIFIER_TIER = 0.06;

const REGION_NAMES: Readonly<Record<ContainerKind, string>> = {
  dialog: 'dialog',
  tabBar: 'bottom navigation / tab bar',
  toolbar: 'toolbar',
  navBar: 'navigation bar',
  list: 'list',
  snackbar: 'snackbar',
};

const failed = (reason: string) => ({ ok: false as const, decision: fail(reason) });

/** Finds the matches of a phrase; `find` is the kind of search (any element, fields, toggles). */
export type Finder = (phrase: TargetPhrase) => Match[];

export interface ChoiceOptions {
  /** Among equals, an element that can be tapped beats a label repeating its text (a title over a button). Default on. */
  preferTappable?: boolean;
  /** "the second password field": count every match, not only the best tier (fields are few and named loosely). */
  ordinalOverAll?: boolean;
  /** To act on it, it must not lie behind a dialog; checking what it shows needs no reach. Default on. */
  reachable?: boolean;
}

/**
 * The element `phrase` designates among `find(phrase)`. `what` names the kind for
 * messages ("element", "text field").
 */
export function chooseTarget(
  elements: readonly ScreenElement[],
  phrase: TargetPhrase,
  find: Finder,
  what: string,
  options: ChoiceOptions = {},
): Choice {
  // An element showing the whole phrase, qualifier words included, is what was meant.
  const wholePhrase: TargetPhrase = { text: phrase.whole ?? '', ...(phrase.role ? { role: phrase.role } : {}) };
  const whole = phrase.whole ? find(wholePhrase) : [];
  if (whole.some((m) => m.score >= 0.9))
    return notBehindDialog(
      single(
        whole.filter((m) => m.score >= 0.9),
        wholePhrase,
        elements,
        what,
        options,
      ),
      elements,
      options,
    );
  const kindOnly = !phrase.text && !phrase.variants?.length && phrase.role !== undefined && (phrase.near || phrase.container);
  const matches = kindOnly ? ofKind(phrase.role!, elements) : find(phrase);
  // Qualifiers choose among equally good matches; they never promote a weaker one ("Added to cart"
  // in the dialog is no "Add to cart" because the real one is elsewhere).
  const top = Math.max(0, ...matches.map((m) => m.score));
  const qualified = phrase.container !== undefined || phrase.near !== undefined;
  const best = qualified ? matches.filter((m) => m.score >= top - QUALIFIER_TIER) : matches;
  // An explicit region is searched as asked (and what lies behind a dialog is refused below).
  const narrowed = best.length === 0 ? null : narrow(phrase.container ? best : inFrontOfDialog(best, elements), phrase, elements);
  if (narrowed?.ok) return notBehindDialog(single(narrowed.matches, phrase, elements, what, options), elements, options);
  // The qualifier did not hold, but the words as a whole name something ("Check for update" is a typo, not "Check" for "update").
  if (whole.length > 0) return notBehindDialog(single(whole, wholePhrase, elements, what, options), elements, options);
  if (matches.length === 0 && !qualified) {
    const kinded = namedWithKind(phrase, elements, find);
    if (kinded) return notBehindDialog(single(kinded.matches, kinded.phrase, elements, what, options), elements, options);
    const dated = namedAsDate(phrase, elements);
    if (dated.length > 0) return notBehindDialog(single(dated, phrase, elements, what, options), elements, options);
  }
  return narrowed ?? { ok: false, decision: notFound(what, phrase, elements) };
}

/** The words of an element's id: "com.example:id/slot_1030" is "slot 1030", "speedButton" is "speed button". */
export const idWords = (id: string) =>
  id
    .replace(/^.*[:/]/, '')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/**
 * "the 10:30 slot", "the XL size": a name followed by a lower-case word saying what kind of
 * thing it is, when nothing shows the two together. The name alone must show exactly, and the
 * kind must be said by the screen about that element: in its id ("slot_1030", "size_xl") or as
 * a heading text of its own ("Size"). "the XL colour" on a screen without either names nothing.
 */
/**
 * "the 06:30 alarm" on the Alarm screen: the name alone, when the kind word after it is a
 * heading or title text of its own on the screen; null otherwise.
 */
export function withoutKind(phrase: TargetPhrase, elements: readonly ScreenElement[]): TargetPhrase | null {
  const m = /^(.+?)\s+(\p{Ll}[\p{L}-]+)$/u.exec(phrase.text.trim());
  if (!m || phrase.ordinal !== undefined) return null;
  const kinds = [m[2]!.toLowerCase(), m[2]!.toLowerCase().replace(/s$/, '')];
  const heading = elements.some((el) => el.visible && !el.clickable && kinds.includes((el.text || el.contentDesc).trim().toLowerCase()));
  return heading ? { text: m[1]! } : null;
}

function namedWithKind(
  phrase: TargetPhrase,
  elements: readonly ScreenElement[],
  find: Finder,
): { matches: Match[]; phrase: TargetPhrase } | null {
  const m = /^(.+?)\s+(\p{Ll}[\p{L}-]+)$/u.exec(phrase.text.trim());
  if (!m || phrase.ordinal !== undefined) return null;
  const [, name, kind] = m;
  const kinds = new Set([kind!.toLowerCase(), kind!.toLowerCase().replace(/s$/, '')]);
  const heading = elements.some(
    (el) => el.visible && !el.clickable && [...kinds].some((k) => (el.text || el.contentDesc).trim().toLowerCase() === k),
  );
  const named: TargetPhrase = { text: name!, ...(phrase.role ? { role: phrase.role } : {}) };
  // Shown exactly, the text the name itself; an iOS button's label scores 0.95 (a plain text no more, and is no choice).
  const shownExactly = (hit: Match) => hit.score >= 0.97 || (hit.score >= 0.95 && isButtonType(hit.element));
  const exact = find(named).filter((hit) => shownExactly(hit) && sameText(hit.element.text || hit.element.contentDesc, name!));
  const matches = exact.filter((hit) => heading || idWords(hit.element.resourceId).some((w) => kinds.has(w)));
  return matches.length > 0 ? { matches, phrase: named } : null;
}

/**
 * "Tuesday 17th", "the 17th": the controls whose label, or a part of it, is that date as the screen writes it
 * ("Tue 17 March", spoken-dates.ts). A bare number is no date: a weekday, a month or "17th" must be said.
 */
function namedAsDate(phrase: TargetPhrase, elements: readonly ScreenElement[]): Match[] {
  const said = phrase.ordinal === undefined ? dateParts(phrase.text) : null;
  if (!said || (!said.weekday && !said.month && !/\d(?:st|nd|rd|th)\b/i.test(phrase.text))) return [];
  return locatable(elements)
    .filter((el) => tapTargetOf(el, elements).clickable || isButtonType(el))
    .filter((el) => {
      const label = el.text || el.contentDesc;
      return [label, ...textSegments(label)].some((part) => {
        const shown = dateParts(part);
        return shown !== null && sameDate(said, shown);
      });
    })
    .map((element) => ({ element, score: 0.85, via: 'text' as const }));
}

/** "the 13:30 room": the one text showing that time (13:30 for a 1:30 said where only that is shown), before a row's kind. */
function timedAnchor(anchor: string, elements: readonly ScreenElement[]): ScreenElement[] {
  const m = /^(?:the\s+)?(\d{1,2}:\d{2})\s+(\p{L}+)$/u.exec(anchor.trim());
  if (!m || !ROW_KINDS.test(m[2]!.toLowerCase())) return [];
  const time = afternoonAsShown(m[1]!, elements);
  const at = new RegExp(`(?<![\\d:])0?${time.replace(/^0/, '')}(?![\\d])`);
  const showing = locatable(elements).filter((el) => at.test(el.text || el.contentDesc));
  return showing.length === 1 ? showing : [];
}

export type Narrowed = { ok: true; matches: Match[] } | { ok: false; decision: Decision };

/** Keeps the matches the phrase's qualifiers allow: inside the named region, placed so to the anchor. */
export function narrow(matches: Match[], phrase: TargetPhrase, elements: readonly ScreenElement[]): Narrowed {
  if (phrase.container) {
    const inRegion = regionFilter(phrase.container, elements);
    const region = REGION_NAMES[phrase.container];
    if (!inRegion) return failed(`No ${region} on the screen to find ${quoteOf(phrase)} in`);
    const inside = matches.filter((m) => inRegion(m.element) || inRegion(tapTargetOf(m.element, elements)));
    if (inside.length === 0) {
      const elsewhere = matches.length ? `it is elsewhere: ${names(matches, elements)}` : 'nor anywhere else';
      return failed(`No ${quoteOf(phrase)} in the ${region} (${elsewhere})`);
    }
    matches = inside;
  }
  if (phrase.near) return nearAnchor(matches, phrase, phrase.near, elements);
  return { ok: true, matches };
}

/** "the field below Email": every element of the kind is a candidate; the qualifier picks. */
function ofKind(role: Role, elements: readonly ScreenElement[]): Match[] {
  const test: (el: ScreenElement) => boolean =
    role === 'field'
      ? isEditable
      : role === 'toggle'
        ? isToggle
        : role === 'icon'
          ? (el) => /Image/.test(shortType(el.type)) || (!el.text && el.contentDesc !== '')
          : role === 'tab'
            ? (el) => ancestors(el, elements).some(isTabContainer)
            : (el) => isButtonType(el) || (el.clickable && !isEditable(el));
  return locatable(elements)
    .filter(test)
    .map((element) => ({ element, score: 0.9, via: 'label' as const }));
}

/** Behind an alert or modal dialog nothing can be touched: the dialog must be answered first. */
function notBehindDialog(choice: Choice, elements: readonly ScreenElement[], options: ChoiceOptions): Choice {
  if (!choice.ok || options.reachable === false) return choice;
  const inDialog = modalFilter(elements);
  if (!inDialog || inDialog(choice.match.element)) return choice;
  return failed(`${describe(choice.match.element)} is behind a dialog: answer the dialog first (e.g. "Dismiss the dialog")`);
}

/** An alert or dialog covers the screen: what is inside it is what can be touched. */
function inFrontOfDialog(matches: Match[], elements: readonly ScreenElement[]): Match[] {
  const inDialog = regionFilter('dialog', elements);
  if (!inDialog) return matches;
  const front = matches.filter((m) => inDialog(m.element));
  return front.length > 0 ? front : matches;
}

function nearAnchor(
  matches: Match[],
  phrase: TargetPhrase,
  near: NonNullable<TargetPhrase['near']>,
  elements: readonly ScreenElement[],
): Narrowed {
  const anchorHits = findMatches(elements, { ...near.anchor, role: undefined }, undefined, { typos: false, minCoverage: 0.5 });
  const top = anchorHits[0]?.score ?? 0;
  let anchors = anchorHits.filter((a) => a.score >= top - SAME_TIER).map((a) => a.element);
  // "the leaflet for the cetirizine" beside "Cetirizine 10 mg · 30 tablets": a thing named by the first words of the
  // one text that starts with them.
  if (anchors.length === 0) anchors = namedByFirstWords(near.anchor.text, elements);
  // "the Details for the half past one room": a time and a word for what the row is (lexicon.ts ROW_KINDS), the time as
  // the screen writes it (day-periods.ts): the one text showing that time.
  if (anchors.length === 0) anchors = timedAnchor(near.anchor.text, elements);
  // "the details for the Monday lesson" beside "Stage 4 · Mondays 16:30 – 17:00": a list row named by its names and what
  // it is (named-row-controls.ts), placed by its first text.
  // Its other words say what it is ("lesson") or are its own: "the Saturday jumping" is no row of a Saturday hack.
  if (anchors.length === 0 && near.relation === 'row') {
    const named = rowNamedBy(near.anchor.text, elements);
    const inside = named ? descendants(named.row, elements) : [];
    const says = (w: string) => inside.some((el) => comparableTokens(el.text || el.contentDesc).some((t) => sameLemma(t, w)));
    const first = inside.find((el) => el.text || el.contentDesc);
    if (named && first && named.others.every((w) => ROW_KINDS.test(w) || says(w))) anchors = [first];
  }
  // "the details for the Ford Nugget" beside the row "Hector · Ford Transit Nugget": the row named by some of its name's words.
  if (anchors.length === 0 && near.relation === 'row') anchors = rowNamedByWordsInOrder(near.anchor.text, elements);
  if (anchors.length === 0) {
    const missing = notFound('anchor', near.anchor, elements);
    const reason = missing.action.type === 'fail' ? missing.action.reason : '';
    return { ok: false, decision: fail(`Cannot place ${quoteOf(phrase)}: ${reason.replace(/^No anchor/, 'nothing')}`) };
  }
  const related: Array<{ match: Match; distance: number }> = [];
  for (const m of matches) {
    let best = Infinity;
    for (const anchor of anchors) {
      if (m.element === anchor || descendants(m.element, elements).includes(anchor)) continue;
      const distance = relatedDistance(m.element, anchor, near.relation, elements);
      if (distance !== null) best = Math.min(best, distance);
    }
    if (best < Infinity) related.push({ match: m, distance: best });
  }
  const anchorName = quoteOf(near.anchor);
  if (related.length === 0) {
    return {
      ok: false,
      decision: fail(`No ${quoteOf(phrase)} ${RELATION_WORDS[near.relation]} ${anchorName} (${names(matches, elements)})`),
    };
  }
  // The nearest wins; equally near ones stay, and are ambiguous unless an ordinal says which.
  const nearest = Math.min(...related.map((r) => r.distance));
  return { ok: true, matches: related.filter((r) => r.distance <= nearest + 2).map((r) => r.match) };
}

/** The one text (no control) whose first words are `name`'s, whole words; none when two texts start so. */
function namedByFirstWords(name: string, elements: readonly ScreenElement[]): ScreenElement[] {
  const wanted = comparableTokens(name).filter((w) => !/^(?:the|a|an|my|our|your)$/.test(w));
  if (wanted.length === 0) return [];
  const hits = locatable(elements).filter((el) => {
    if (el.clickable || isButtonType(el)) return false;
    const own = comparableTokens(el.text || el.contentDesc);
    return own.length > wanted.length && wanted.every((w, i) => own[i] === w);
  });
  return hits.length === 1 ? hits : [];
}

/**
 * The one list row whose name (its first text) has every word of `name`, in order, others between or around them:
 * "Ford Nugget" of "Hector · Ford Transit Nugget", "the Mercedes" of "Pippin · Mercedes Marco Polo". None when two
 * rows' names have them ("the VW" over two VWs), and never a row's other texts ("4 berth · rear kitchen").
 */
function rowNamedByWordsInOrder(name: string, elements: readonly ScreenElement[]): ScreenElement[] {
  const wanted = comparableTokens(name).filter((w) => !/^(?:the|a|an|my|our|your)$/.test(w));
  if (wanted.length === 0) return [];
  const hits = locatable(elements).filter((el) => {
    const row = rowOf(el, elements);
    if (!row || el.clickable || isButtonType(el) || descendants(row, elements).find((d) => d.text || d.contentDesc) !== el) return false;
    const own = comparableTokens(el.text || el.contentDesc);
    let at = 0;
    return wanted.every((w) => (at = own.indexOf(w, at) + 1) > 0);
  });
  return hits.length === 1 ? hits : [];
}

const RELATION_WORDS = { row: 'next to', below: 'below', above: 'above', leftOf: 'left of', rightOf: 'right of' } as const;

/**
 * How far `el` is from `anchor` if it stands in the relation, else null. `row`: in
 * the anchor's list row or cell (distance 0 — the row is the unit), else on the same line.
 */
function relatedDistance(
  el: ScreenElement,
  anchor: ScreenElement,
  relation: keyof typeof RELATION_WORDS,
  elements: readonly ScreenElement[],
): number | null {
  if (relation === 'row') {
    const row = rowOf(anchor, elements);
    if (row) return row === el || descendants(row, elements).includes(el) ? 0 : null;
    return lies('sameLine', el.bounds, anchor.bounds) ? gap(el.bounds, anchor.bounds) : null;
  }
  if (!lies(relation, el.bounds, anchor.bounds) || !nothingBetween(relation, el, anchor, elements)) return null;
  return gap(el.bounds, anchor.bounds);
}

/** One element out of the best tier, by ordinal if given; otherwise ambiguous when several remain. */
function single(matches: Match[], phrase: TargetPhrase, elements: readonly ScreenElement[], what: string, options: ChoiceOptions): Choice {
  const bestScore = Math.max(...matches.map((m) => m.score));
  let tier = distinctTargets(
    matches.filter((m) => m.score >= bestScore - SAME_TIER),
    elements,
  );
  if (options.preferTappable !== false) {
    const tappable = tier.filter((m) => tapTargetOf(m.element, elements).clickable);
    // "Tap Blue Hours" on the album "Blue Hours" with a track "Blue Hours": a plain text of the page (not its title bar)
    // naming the same thing makes the tappable one no surer than the other reading.
    const titles = titleElements(elements);
    const plainTwin = tier.some(
      (m) =>
        m.score === 1 &&
        m.via === 'text' &&
        !tapTargetOf(m.element, elements).clickable &&
        !isButtonType(m.element) &&
        !titles.includes(m.element),
    );
    const twinned = plainTwin && tappable.length < tier.length && tappable.some((m) => tapTargetOf(m.element, elements).enabled);
    if (tappable.length > 0 && !twinned) tier = tappable;
  }
  const enabled = tier.filter((m) => m.element.enabled);
  if (enabled.length > 0) tier = enabled;
  if (phrase.ordinal !== undefined && !tier[0]?.asWritten) {
    const pool = options.ordinalOverAll ? matches : matches.filter((m) => m.score >= bestScore - 0.05);
    const ordered = inReadingOrder(distinctTargets(pool, elements));
    const chosen = ordered[phrase.ordinal === -1 ? ordered.length - 1 : phrase.ordinal - 1];
    if (!chosen)
      return failed(
        `Wanted match ${phrase.ordinal === -1 ? '(last)' : phrase.ordinal} of ${quoteOf(phrase)}, but only ${ordered.length} on the screen`,
      );
    return { ok: true, match: chosen, why: `match ${position(phrase.ordinal, ordered.length)}` };
  }
  if (tier.length > 1) {
    return failed(
      `Ambiguous: ${tier.length} ${what}s match ${quoteOf(phrase)} (${names(tier, elements)}); ` +
        `say which, e.g. "the first ${phrase.text || 'one'}" or "${phrase.text || '…'} next to …"`,
    );
  }
  return { ok: true, match: tier[0]!, why: '' };
}

/** A label and the row it is tapped through are one candidate. */
function distinctTargets(matches: Match[], elements: readonly ScreenElement[]): Match[] {
  const seen = new Set<number>();
  return matches.filter((m) => {
    const key = tapTargetOf(m.element, elements).index;
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

/** Candidates as a person would tell them apart: the element and what stands in its row. */
function names(matches: Match[], elements: readonly ScreenElement[]): string {
  return inReadingOrder(matches)
    .slice(0, 5)
    .map((m) => {
      const row = rowOf(m.element, elements) ?? tapTargetOf(m.element, elements);
      const own = visibleLabel(m.element);
      const context =
        row === m.element
          ? undefined
          : descendants(row, elements)
              .map(visibleLabel)
              .find((l) => l && l !== own && l.length <= 40);
      return `${describe(m.element)}${context ? ` next to "${context}"` : ''}`;
    })
    .join(', ');
}
