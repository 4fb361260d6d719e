/**
 * The pieces of evidence a screen offers a claim (claim-evidence.ts): each part of a text, each
 * group of texts that belong together (a list row, a label beside its value, a row's name with a
 * part of another of its texts, the heading with the line under it), and the words of the
 * screen's own topic (its title, its heading, "Episode 42" outside any row).
 */

import lemmatizer from 'wink-lemmatizer';
import { contentWords, NEGATIONS, tokensOf } from './claim-words.js';
import { ancestors, isButtonType, isListContainer, isStatusBar, isToggle } from './element-roles.js';
import type { ScreenElement } from './hierarchy.js';
import { isVerbForm } from './lemmas.js';
import { locatable } from './locators.js';
import { rowOf, sameLine, titleElements } from './screen-structure.js';
import { idWords } from './target-choice.js';
import { SENTENCE_BREAK } from './verdict-text.js';

export interface Piece {
  /** The elements the evidence is made of (one, or a row's texts): each says all its words, or the part taken. */
  elements: ScreenElement[];
  tokens: string[];
  negated: boolean;
  /** The row's name, when the piece is a row's name with a part of another text: what a check names is the other. */
  name?: ScreenElement;
  /** The words of its elements' ids ("steps_value", "activeMinutes"): the developer's label, which may name a claim's word. */
  idWords: string[];
  /** The words of the section heading it sits under (sectionOf), which may name a claim's word by its family. */
  sectionWords?: string[];
}

export const textOf = (el: ScreenElement) => el.text || el.contentDesc;
/** "Yes" / "No" as a label's value: what it says of its label. */
export const YES = /^(?:yes|included|available|allowed|on|✓|✔)$/i;
export const NO = /^(?:no|none|not\s+included|unavailable|not\s+allowed|off|✗|✕)$/i;

/** A text no control, no switch and not the status bar: what the screen says rather than what it offers. */
export function isStatement(el: ScreenElement): boolean {
  // A chip that cannot be tapped is a tag ("Furnished", "Pets allowed"): it says what is.
  return textOf(el) !== '' && !el.clickable && !((isButtonType(el) || isToggle(el)) && !isTag(el));
}

/** A chip that cannot be tapped: a tag of what is shown, though Android reports it checkable. */
const isTag = (el: ScreenElement) => !el.clickable && /Chip$/.test(el.type);

function piece(elements: ScreenElement[], texts: readonly string[]): Piece {
  let negated = false;
  const tokens: string[] = [];
  for (const text of texts) {
    if (texts.length > 1 && NO.test(text.trim())) negated = !negated;
    else if (!(texts.length > 1 && YES.test(text.trim()))) tokens.push(...tokensOf(text));
  }
  if (tokens.some((t) => NEGATIONS.has(t))) negated = !negated;
  const ids = elements.flatMap((el) => idWords(el.resourceId)).filter((w) => !/^(?:value|label|text|title|view|txt|tv|lbl)$/.test(w));
  return { elements, tokens, negated, idWords: ids };
}

/**
 * The parts of a text that stand alone: each sentence, and each part between " · " or " | "
 * ("Beagle mix · Male · 3 years"); never two sentences as one ("… from this device. Your saved
 * places stay." says nothing will be removed). A label and its value after ": " stay together.
 */
function partsOf(text: string): string[] {
  const sentences = text
    .split(new RegExp(`${SENTENCE_BREAK.source}|\\n+`))
    .map((p) => p.trim())
    .filter(Boolean);
  const parts = sentences.flatMap((sentence) => {
    const pieces = sentence.split(/\s+[•|·–—]\s+/).map((p) => p.trim());
    return pieces.length > 1 ? [sentence, ...pieces] : [sentence];
  });
  // "Double, sea view", "Seated, includes one drink": each part after a comma stands alone too.
  const commaParts = parts.flatMap((part) => (/,\s/.test(part) ? part.split(/,\s+/).map((p) => p.trim()) : []));
  return [...new Set([...parts, ...commaParts])];
}

/** In a list where one row is chosen (a checked radio button), the other rows say nothing of what is: "Japanese" is only offered. */
function unchosen(el: ScreenElement, elements: readonly ScreenElement[]): boolean {
  const row = rowOf(el, elements);
  if (!row || row.parentIndex == null) return false;
  const list = elements[row.parentIndex]!;
  // A checkbox ticks an item off; it chooses none of the others: "6 of 8 glasses" in an unticked habit row still says so.
  const mark = (o: ScreenElement) => (o.checked || o.selected) && !/CheckBox/i.test(o.type);
  const chosen = (r: ScreenElement) => mark(r) || elements.some((o) => mark(o) && ancestors(o, elements).includes(r));
  const rows = elements.filter((o) => o.parentIndex === list.index && o !== row);
  return !chosen(row) && rows.some(chosen);
}

/**
 * Every piece of evidence on the screen, smallest first: each part of a text, then each group
 * of texts that belong together (a list row, or a layout of two to four texts on one line: a
 * label and its value). A label beside its value is no evidence alone: "Good with cats" beside
 * "No" says the opposite of its words.
 */
export function piecesOf(elements: readonly ScreenElement[]): { single: Piece[]; groups: Piece[] } {
  // A switch's label says what the switch sets, not whether it is set ("Notify when done"): resolveState reads switches.
  // Outside a row, the toggle's parent holds its label only when it is a small layout of its own: a checkbox placed
  // straight in the screen's content ("Add Daniel to favourite drivers") labels nothing else there.
  const labelHolder = (t: ScreenElement) => {
    const parent = elements[t.parentIndex ?? -1];
    if (!parent) return undefined;
    const inside = locatable(elements).filter((o) => o !== t && isStatement(o) && ancestors(o, elements).includes(parent));
    return inside.length <= 2 ? parent : undefined;
  };
  const toggles = locatable(elements).filter((el) => isToggle(el) && !isTag(el));
  const switched = new Set(toggles.map((t) => rowOf(t, elements) ?? labelHolder(t)));
  // In a larger layout the switch's label is the text on its line beside it ("Email me updates" left of its switch).
  const besideSwitch = new Set(
    toggles
      .filter((t) => !rowOf(t, elements) && !labelHolder(t))
      .flatMap((t) =>
        locatable(elements).filter((o) => o !== t && isStatement(o) && o.parentIndex === t.parentIndex && sameLine(o.bounds, t.bounds)),
      ),
  );
  // But a list row ticked off by its checkbox ("Drink water" with "6 of 8 glasses") shows its progress in a text of
  // its own, after its name: a number there says how far it is, whatever the box sets.
  const progress = (el: ScreenElement) => {
    const row = rowOf(el, elements);
    if (!row || !/\d/.test(textOf(el))) return false;
    const inRow = locatable(elements).filter((o) => ancestors(o, elements).includes(row));
    const boxes = inRow.filter((o) => isToggle(o) && /CheckBox/i.test(o.type));
    const named = inRow.filter((o) => isStatement(o) && o !== el);
    return boxes.length === 1 && inRow.filter(isToggle).length === 1 && named.length > 0 && named[0]!.index < el.index;
  };
  const progressRows = new Set(
    locatable(elements)
      .filter((el) => isStatement(el) && progress(el))
      .map((el) => rowOf(el, elements)!),
  );
  const texts = locatable(elements).filter(
    (el) =>
      isStatement(el) &&
      !unchosen(el, elements) &&
      !besideSwitch.has(el) &&
      (!switched.has(rowOf(el, elements) ?? elements[el.parentIndex ?? -1]) || progressRows.has(rowOf(el, elements)!)),
  );
  const holders = new Set<ScreenElement>();
  for (const el of texts) {
    const row = rowOf(el, elements);
    if (row) holders.add(row);
    const parent = el.parentIndex == null ? undefined : elements[el.parentIndex];
    if (parent && !isListContainer(parent) && !parent.clickable) holders.add(parent);
  }
  const groups: Piece[] = [];
  // The name of such a row is its checkbox's label: it says something only with the row's progress.
  const labels = new Set<ScreenElement>(texts.filter((el) => progressRows.has(rowOf(el, elements)!) && !progress(el)));
  for (const holder of holders) {
    const inside = texts.filter((t) => ancestors(t, elements).includes(holder));
    const oneLine = inside.every((t) => sameLine(t.bounds, inside[0]!.bounds));
    const isRow = rowOf(inside[0] ?? holder, elements) === holder;
    if (inside.length < 2 || inside.length > 4 || (!isRow && !oneLine)) continue;
    // A label and its value say nothing apart: "Subtotal" | "€50.00" is no total of €50.
    // Two statements side by side, each with its number and its words ("12-day streak" beside "2 of 5 habits
    // done"), are no label and value: each says its own fact.
    const statesOwnFact = (t: ScreenElement) => /\d/.test(textOf(t)) && contentWords(tokensOf(textOf(t))).length > 0;
    if (inside.length === 2 && oneLine && !inside.every(statesOwnFact)) for (const t of inside) labels.add(t);
    groups.push(piece(inside, inside.map(textOf)));
    // A row's first text names it; with it, each part of each other text says something of it: "VIP" with
    // "includes one drink" of "Seated, includes one drink", "Room" with "sea view" of "Double, sea view".
    // Its name is its first text in words: "Yoga Flow" of a row starting with its time "12:15".
    const name = inside.find((t) => /\p{L}{2}/u.test(textOf(t))) ?? inside[0]!;
    const others = inside.filter((t) => t !== name);
    for (const other of others)
      for (const part of partsOf(textOf(other)))
        if (part !== textOf(other) || others.length > 1) groups.push({ ...piece([name, other], [textOf(name), part]), name });
  }
  // The heading with the line right under it: "Blue Hours" over "Nora Vance" is the album Blue Hours by Nora Vance.
  const heading = headingOf(elements);
  const under = heading ? plainTexts(elements)[1] : undefined;
  if (heading && under && texts.includes(under)) groups.push(piece([heading, under], [textOf(heading), textOf(under)]));
  const sections = texts.filter(isSectionHeading);
  const single = texts
    .filter((el) => !labels.has(el))
    .flatMap((el) => {
      const section = sectionOf(el, sections);
      const under = section ? contentWords(tokensOf(textOf(section))) : [];
      return partsOf(textOf(el)).map((part) => {
        const p = piece([el], [part]);
        return { ...p, sectionWords: under };
      });
    });
  return { single, groups };
}

/** The words of the screen's own topic: its title, and the heading under it (the first text outside any row). */
/** A section's heading: its id says so, or it is written in capitals ("REQUIREMENTS", "10-DAY FORECAST"). */
function isSectionHeading(el: ScreenElement): boolean {
  const text = textOf(el);
  return /heading|header|section/i.test(el.resourceId) || (/\p{L}{3}/u.test(text) && text === text.toUpperCase());
}

/**
 * The section a text sits in: the nearest section heading above it. Its words say what each text
 * under it is ("5+ years of Android development" under "Requirements" is required), as an id does.
 */
function sectionOf(el: ScreenElement, sections: readonly ScreenElement[]): ScreenElement | undefined {
  return sections.filter((h) => h !== el && h.bounds.y + h.bounds.height <= el.bounds.y).sort((a, b) => b.bounds.y - a.bounds.y)[0];
}

/** The texts outside any row and the title, top to bottom: a detail screen's heading and what follows it. */
function plainTexts(elements: readonly ScreenElement[]): ScreenElement[] {
  const titles = titleElements(elements);
  return (
    locatable(elements)
      // A picture's label ("Blue Hours cover") describes the picture, not the screen.
      .filter(
        (el) =>
          isStatement(el) &&
          !titles.includes(el) &&
          rowOf(el, elements) === null &&
          !/Image|Application|Window/.test(el.type) &&
          !ancestors(el, elements).some(isStatusBar),
      )
      .sort((a, b) => a.bounds.y - b.bounds.y || a.bounds.x - b.bounds.x)
  );
}

/** The screen's heading: its first plain text, when it names one thing ("Ana, Ben, Chloe and you" names several, "Pinned: Meet at 8:00" is a message). */
function headingOf(elements: readonly ScreenElement[]): ScreenElement | undefined {
  const first = plainTexts(elements)[0];
  // And it is a name, not a label: "Arrives" over "Today by 18:00" heads nothing.
  const name = first && /^\p{Lu}/u.test(textOf(first)) && !tokensOf(textOf(first)).some((t) => isVerbForm(t) && /(?:s|ing)$/.test(t));
  return name && !/[,:\d]/.test(textOf(first)) ? first : undefined;
}

export function topicWords(elements: readonly ScreenElement[]): string[] {
  const titles = titleElements(elements);
  const plain = plainTexts(elements);
  const heading = headingOf(elements);
  // "Episode 42 · 58 min", "Bike #4821": a noun before a number, outside any row, names the one thing the screen is about.
  const instances = plain.flatMap((el) => /^(\p{L}+)\s+#?\d/u.exec(textOf(el))?.[1]?.toLowerCase() ?? []);
  const named = [...titles.filter((t) => !/,/.test(textOf(t))), ...(heading ? [heading] : [])];
  // An iOS back button names the list this screen is one item of ("Goals" over a goal's page): its noun, singular.
  const parent = locatable(elements)
    .filter((el) => el.platform === 'ios' && el.resourceId === 'BackButton')
    .flatMap((el) => contentWords(tokensOf(textOf(el))).map((w) => lemmatizer.noun(w)));
  return [
    ...named.flatMap((el) => contentWords(tokensOf(textOf(el)))),
    ...instances.filter((w) => contentWords([w]).length > 0),
    ...parent,
  ];
}
