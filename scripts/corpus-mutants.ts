/**
 * Mutants of the offline model's corpus: each case the model gets right, changed so that it must
 * no longer hold, and run again through the real model (control-plane/src/brain/offline-model.ts).
 * A mutant that still gets the original answer is printed: a false pass or a wrong tap to look at,
 * unless the change happens to be true of the screen too ("Product 12" where Products 11 and 12 are
 * listed). Found this way in session 12 (docs/steps-and-waits.md, the eighth round): "the repairs
 * screen for Flat 4", "I am 4 over par", "the entry fee is not £8.50", "Remind Tom to reply".
 *
 *   node --import tsx scripts/corpus-mutants.ts [--mode numbers|negate|names|taps|opposites|values|swap|absent|verbs] [--only <file part>]
 *
 * - numbers: a passing check with a number, month or weekday one higher ("3 Apr" → "4 Apr", "May" → "June");
 * - negate:  a passing check with "not" after its verb ("is 80%" → "is not 80%");
 * - names:   a passing check or a tap with a name swapped for another row's ("Remind Marcus" → "Remind Tom");
 * - taps:    a tap with a number, month or weekday changed, which must not tap the same element;
 * - values:  a passing check with a value of one row ("$12.00", "08:14") swapped for the same value of
 *            another row ("$15.00"): the value must hold of the row the check names;
 * - swap:    a passing check with its first two numbers swapped ("Invoice 2291 has 2 attachments" →
 *            "Invoice 2 has 2291 attachments");
 * - absent:  a passing check or a tap with a name the screen shows swapped for one it shows nowhere
 *            ("Remind Marcus" → "Remind Quillon");
 * - verbs:   a tap with its verb turned round ("Turn on" → "Turn off", "Mute" → "Unmute"), which must not
 *            tap the same element (a switch already in the asked state is not tapped);
 * - opposites: a passing check with a state, a comparison or a currency turned round ("is on" → "is off",
 *            "before" → "after", "£" → "€").
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { CorpusCase } from '../control-plane/src/brain/corpus/corpus-case.js';
import { parseHierarchy } from '../control-plane/src/brain/hierarchy.js';
import { decideOffline } from '../control-plane/src/brain/offline-model.js';

const USAGE =
  'usage: node --import tsx scripts/corpus-mutants.ts [--mode numbers|negate|names|taps|opposites|values|swap|absent|verbs] [--only <file part>]';
const { values } = parseArgs({
  options: { mode: { type: 'string', default: 'numbers' }, only: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const mode = values.mode!;
if (!['numbers', 'negate', 'names', 'taps', 'opposites', 'values', 'swap', 'absent', 'verbs'].includes(mode)) {
  console.error(`unknown mode ${JSON.stringify(mode)}\n${USAGE}`);
  process.exit(2);
}

const brain = fileURLToPath(new URL('../control-plane/src/brain/', import.meta.url));
const xmlOf = (screen: string) => {
  const own = `${brain}corpus/screens/${screen}.xml`;
  return readFileSync(existsSync(own) ? own : `${brain}fixtures/${screen}.xml`, 'utf8');
};

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Each number one higher, each month or weekday (whole or short) the next one. */
function numberMutants(s: string): string[] {
  const out = new Set<string>();
  for (const m of s.matchAll(/\d+(?:[.,:]\d+)?/g)) {
    const lead = /^\d+/.exec(m[0])![0];
    out.add(s.slice(0, m.index) + String(Number(lead) + 1) + m[0].slice(lead.length) + s.slice(m.index + m[0].length));
  }
  for (const list of [MONTHS, DAYS])
    list.forEach((word, i) => {
      const next = list[(i + 1) % list.length]!;
      for (const [from, to] of [
        [word, next],
        [word.slice(0, 3), next.slice(0, 3)],
      ] as const) {
        const re = new RegExp(`\\b${from}\\b`);
        if (re.test(s)) out.add(s.replace(re, to));
      }
    });
  return [...out].filter((m) => m !== s);
}

/** Words whose swap makes a true check false: states, comparisons, currencies. */
const OPPOSITES: ReadonlyArray<readonly [string, string]> = [
  ['on', 'off'],
  ['enabled', 'disabled'],
  ['checked', 'unchecked'],
  ['selected', 'unselected'],
  ['open', 'closed'],
  ['visible', 'hidden'],
  ['available', 'unavailable'],
  ['in stock', 'out of stock'],
  ['paid', 'unpaid'],
  ['complete', 'incomplete'],
  ['active', 'inactive'],
  ['locked', 'unlocked'],
  ['empty', 'full'],
  ['before', 'after'],
  ['more', 'less'],
  ['above', 'below'],
  ['first', 'last'],
  ['earliest', 'latest'],
  ['cheapest', 'dearest'],
  ['highest', 'lowest'],
  ['accepted', 'declined'],
  ['confirmed', 'cancelled'],
  ['today', 'tomorrow'],
  ['am', 'pm'],
  ['kg', 'g'],
  ['km', 'miles'],
  ['min', 'h'],
  ['minutes', 'hours'],
  ['days', 'weeks'],
  ['GB', 'MB'],
  ['kWh', 'kW'],
  ['ml', 'l'],
  ['per cent', 'points'],
  ['weekly', 'monthly'],
  ['daily', 'weekly'],
  ['adults', 'children'],
  ['sold out', 'available'],
  ['booked', 'free'],
  ['done', 'pending'],
  ['approved', 'rejected'],
  ['passed', 'failed'],
  ['won', 'lost'],
  ['high', 'low'],
  ['early', 'late'],
  ['delayed', 'on time'],
  ['overdue', 'due'],
  ['unread', 'read'],
  ['online', 'offline'],
  ['connected', 'disconnected'],
  ['public', 'private'],
  ['required', 'optional'],
  ['arrived', 'departed'],
  ['sent', 'received'],
  ['income', 'expense'],
  ['home', 'away'],
  ['up', 'down'],
];
const CURRENCIES = ['£', '€', '$'];

/**
 * Whether the word at `at` says a state or a time of day here: "am" and "pm" only after a number ("I am
 * booked" is no time), "on" and "off" not before a date, a number or a name ("delivered on 2 May", "on Zoom").
 */
function stateWord(s: string, at: number, word: string): boolean {
  if (/^(?:am|pm)$/i.test(word)) return /\d\s*$/.test(s.slice(0, at));
  if (/^(?:on|off)$/i.test(word)) return !/^\s+(?:the\s+)?(?:\d|\p{Lu})/u.test(s.slice(at + word.length));
  return true;
}

/** Each opposite (both ways) and each currency swapped for the next, one change per mutant. */
function oppositeMutants(s: string): string[] {
  const out = new Set<string>();
  for (const [a, b] of OPPOSITES)
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      const re = new RegExp(`(?<![\\p{L}-])${from}(?![\\p{L}-])`, 'iu');
      const m = re.exec(s);
      if (!m || !stateWord(s, m.index, from)) continue;
      const cased = /^\p{Lu}/u.test(m[0]) ? to[0]!.toUpperCase() + to.slice(1) : to;
      out.add(s.slice(0, m.index) + cased + s.slice(m.index + m[0].length));
    }
  CURRENCIES.forEach((c, i) => {
    if (s.includes(c)) out.add(s.replace(c, CURRENCIES[(i + 1) % CURRENCIES.length]!));
  });
  return [...out].filter((m) => m !== s);
}

/** The first two different numbers swapped. */
function swapped(s: string): string[] {
  const out = new Set<string>();
  for (const re of [/[$€£]?\d+(?:[.,:]\d+)*%?/g]) {
    const found = [...s.matchAll(re)].filter((m, i, all) => all.findIndex((o) => o[0] === m[0]) === i);
    if (found.length < 2) continue;
    const [a, b] = found as [RegExpMatchArray, RegExpMatchArray];
    out.add(s.slice(0, a.index) + b[0] + s.slice(a.index! + a[0].length, b.index) + a[0] + s.slice(b.index! + b[0].length));
  }
  return [...out].filter((m) => m !== s);
}

const VERB_OPPOSITES: ReadonlyArray<readonly [string, string]> = [
  ['turn on', 'turn off'],
  ['switch on', 'switch off'],
  ['enable', 'disable'],
  ['check', 'uncheck'],
  ['tick', 'untick'],
  ['select', 'deselect'],
  ['expand', 'collapse'],
  ['show', 'hide'],
  ['mute', 'unmute'],
  ['follow', 'unfollow'],
  ['lock', 'unlock'],
  ['subscribe', 'unsubscribe'],
  ['increase', 'decrease'],
  ['add', 'remove'],
  ['accept', 'decline'],
  ['join', 'leave'],
  ['pin', 'unpin'],
  ['star', 'unstar'],
  ['archive', 'unarchive'],
];

/** The tap's leading verb turned round, one per pair found. */
function verbMutants(s: string): string[] {
  const out = new Set<string>();
  for (const [a, b] of VERB_OPPOSITES)
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      const m = new RegExp(`^(?:tap\\s+to\\s+|please\\s+)?${from}\\b`, 'i').exec(s);
      if (m)
        out.add(
          s.slice(0, m.index + m[0].length - from.length) +
            (/^\p{Lu}/u.test(m[0].slice(-from.length)) ? to[0]!.toUpperCase() + to.slice(1) : to) +
            s.slice(m.index + m[0].length),
        );
    }
  return [...out].filter((m) => m !== s);
}

function negated(s: string): string[] {
  const m = s.replace(/\b(is|are|was|were|has been|have been|will be)\s(?!not\b)/, '$1 not ');
  return m === s ? [] : [m];
}

/** A capitalised word of the instruction that starts a text with an id, swapped for the first word of its sibling texts. */
function nameMutants(c: CorpusCase): string[] {
  const parsed = parseHierarchy(xmlOf(c.screen), c.platform);
  if (!parsed.ok) return [];
  const texts = parsed.elements.filter((e) => e.visible && (e.text || e.contentDesc));
  const first = (e: (typeof texts)[number]) => (e.text || e.contentDesc).split(/\s+/)[0]!;
  const out = new Set<string>();
  const words = c.instruction
    .split(/\s+/)
    .slice(1)
    .map((w) => w.replace(/['’]s$|[.,!?]$/g, ''))
    .filter((w) => /^\p{Lu}\p{Ll}{2,}$/u.test(w));
  for (const w of words) {
    const holder = texts.find((e) => first(e) === w && e.resourceId);
    if (!holder) continue;
    const others = texts.filter((e) => e !== holder && e.resourceId === holder.resourceId).map(first);
    for (const o of new Set(others))
      if (/^\p{Lu}\p{Ll}{2,}$/u.test(o) && o !== w) out.add(c.instruction.replace(new RegExp(`\\b${w}\\b`), o));
  }
  return [...out].slice(0, 4);
}

/** A value of the instruction ("$12.00", "08:14", "23.5") that a text with an id shows, swapped for its siblings' value. */
function valueMutants(c: CorpusCase): string[] {
  const parsed = parseHierarchy(xmlOf(c.screen), c.platform);
  if (!parsed.ok) return [];
  const VALUE = /[$€£]?\d+(?:[.,:]\d+)*%?/g;
  const texts = parsed.elements.filter((e) => e.visible && e.resourceId && (e.text || e.contentDesc));
  const valuesOf = (e: (typeof texts)[number]): string[] => (e.text || e.contentDesc).match(VALUE) ?? [];
  const out = new Set<string>();
  for (const m of c.instruction.matchAll(VALUE)) {
    const holder = texts.find((e) => valuesOf(e).includes(m[0]));
    if (!holder) continue;
    const k = valuesOf(holder).indexOf(m[0]);
    for (const other of texts.filter((e) => e !== holder && e.resourceId === holder.resourceId)) {
      const v = valuesOf(other)[k];
      if (v && v !== m[0] && !valuesOf(holder).includes(v))
        out.add(c.instruction.slice(0, m.index) + v + c.instruction.slice(m.index! + m[0].length));
    }
  }
  return [...out].slice(0, 4);
}

/** Each capitalised word after the first that the screen shows, swapped for a name it shows nowhere. */
function absentNameMutants(c: CorpusCase): string[] {
  const xml = xmlOf(c.screen);
  const words = c.instruction
    .split(/\s+/)
    .slice(1)
    .map((w) => w.replace(/['’]s$|[.,!?]$/g, ''))
    .filter((w) => /^\p{Lu}\p{Ll}{2,}$/u.test(w) && xml.includes(w));
  return [...new Set(words)].slice(0, 3).map((w) => c.instruction.replace(new RegExp(`\\b${w}\\b`), 'Quillon'));
}

type Action = ReturnType<typeof decideOffline>['action'];
const answer = (a: Action) => ('target' in a && a.target ? `${a.type} ${a.target.value}` : a.type);
const holds = (a: Action) => a.type === 'assert' && a.visible !== false;

const cases: CorpusCase[] = [];
for (const file of readdirSync(`${brain}corpus`).filter((f) => f.endsWith('-cases.ts') && (!values.only || f.includes(values.only)))) {
  for (const exported of Object.values(await import(`${brain}corpus/${file}`)))
    if (Array.isArray(exported)) cases.push(...(exported as CorpusCase[]).filter((c) => c?.screen && c.expected));
}

let tried = 0;
let suspects = 0;
for (const c of cases) {
  const checks = c.expected.action === 'pass';
  // Typing a changed value types it into the same field, rightly: only taps are mutated.
  const acts = c.expected.action === 'tap';
  if (
    (['taps', 'verbs'].includes(mode) && !acts) ||
    (['numbers', 'negate', 'opposites', 'values', 'swap'].includes(mode) && !checks) ||
    (['names', 'absent'].includes(mode) && !checks && !acts)
  )
    continue;
  const hierarchyXml = xmlOf(c.screen);
  const original = decideOffline({ instruction: c.instruction, platform: c.platform, hierarchyXml }).action;
  if (original.type === 'fail') continue;
  const mutants =
    mode === 'negate'
      ? negated(c.instruction)
      : mode === 'names'
        ? nameMutants(c)
        : mode === 'opposites'
          ? oppositeMutants(c.instruction)
          : mode === 'values'
            ? valueMutants(c)
            : mode === 'swap'
              ? swapped(c.instruction)
              : mode === 'absent'
                ? absentNameMutants(c)
                : mode === 'verbs'
                  ? verbMutants(c.instruction)
                  : numberMutants(c.instruction);
  for (const instruction of mutants) {
    tried += 1;
    const { action, reasoning } = decideOffline({ instruction, platform: c.platform, hierarchyXml });
    const same = checks ? holds(action) : action.type !== 'fail' && answer(action) === answer(original);
    if (!same) continue;
    suspects += 1;
    console.log(`${c.screen}: ${instruction}\n    from: ${c.instruction}\n    ${answer(action)}: ${reasoning.slice(0, 160)}`);
  }
}
console.log(`${mode}: ${tried} mutants of ${cases.length} cases, ${suspects} with the original answer`);
