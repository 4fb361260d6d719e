/**
 * A switch or checkbox that offers an extra, named as testers name the extra: "breakdown cover"
 * for "Breakdown cover (£4.50/mo)", "the airport transfer" for "Add airport transfer (€35)". Its
 * label less an aside in parentheses at its end (a price, what it includes) and less a leading
 * "Add" / "Include", compared whole (never a part: "breakdown" names nothing). One toggle only.
 * Read by "Add X" / "Include X" (turn it on), "X is included / added" (its state) and "X will be done" (below): the label
 * only offers the extra, the control's state says whether it is taken (assertions.ts).
 */
import { topicWords } from './claim-pieces.js';
import { contentWords, NEGATIONS, tokensOf } from './claim-words.js';
import { toggleOf } from './element-matching.js';
import type { ScreenElement } from './hierarchy.js';
import { lemmaAsVerb, sameLemma } from './lemmas.js';
import { locatable } from './locators.js';
import { comparableTokens } from './verdict-text.js';

const ARTICLE = /^(?:the|a|an|my|this|your|our)$/;

const nameOf = (text: string) =>
  comparableTokens(text)
    .filter((t, i) => i > 0 || !ARTICLE.test(t))
    .join(' ');

/** "Add airport transfer (€35)" offers "airport transfer"; "Legal protection" offers itself. */
export function offeredName(label: string): string {
  return nameOf(
    label
      .replace(/\s*\([^()]*\)\s*$/, '')
      .replace(/^\s*(?:add|include)\s+/i, '')
      // "Email me updates" offers email updates: the user it is for goes without saying.
      .replace(/\s+(?:me|us)(?=\s)/i, '')
      // "Add a hot drink each": how many it is for goes without saying too.
      .replace(/\s+(?:each|per\s+(?:person|head|day|night|player|driver|guest)|for\s+(?:everyone|each\s+of\s+us))$/i, '')
      .trim(),
  );
}

/** "hot drinks" names "hot drink": its last word by dictionary form, the others as written. */
const sameName = (a: string, b: string) => {
  const [x, y] = [a.split(' '), b.split(' ')];
  return x.length === y.length && x.every((w, i) => w === y[i] || (i === x.length - 1 && sameLemma(w, y[i]!)));
};

/** The one switch or checkbox whose label offers `name` (articles aside); null when none or several do. */
export function toggleOffering(name: string, elements: readonly ScreenElement[]): ScreenElement | null {
  const wanted = nameOf(name);
  if (wanted === '') return null;
  const hits = new Set<ScreenElement>();
  for (const el of locatable(elements)) {
    const label = el.text || el.contentDesc;
    if (!label || !sameName(offeredName(label), wanted)) continue;
    const toggle = toggleOf(el, elements);
    if (toggle) hits.add(toggle);
  }
  return hits.size === 1 ? [...hits][0]! : null;
}

/**
 * "the recipient will be saved as a template" beside a checkbox "Save recipient as a template", "I
 * will be notified when charging is done" beside a switch "Notify when done": a claim in the passive
 * future of the imperative a toggle's label is. The participle is the label's first word by
 * dictionary form, every other content word of the label is the claim's, and the claim says
 * nothing else but the screen's topic ("charging" on the EV charging screen). One toggle only; its
 * state decides, `negated` for "will not be".
 */
/** Participles that do not end in -ed: "the bidders will be told" is the promise of "Tell the bidders". */
const IRREGULAR = 'told|sent|kept|paid|made|given|shown|taken|done|set|put|left|found|brought|bought|sold|shared';

/**
 * "the lifejackets have been checked" beside a ticked checkbox "Lifejackets checked for all crew": a
 * claim of what a toggle's label states, its subject and participle the label's first words (by
 * dictionary form), anything else the claim says a word of the label. One toggle only; its state
 * decides, `negated` for "have not been".
 */
export function toggleStating(claim: string, elements: readonly ScreenElement[]): { toggle: ScreenElement; negated: boolean } | null {
  // "helmets are being hired" beside a switch "Helmet hire (£3 per driver)": "being" says it as well.
  const m = new RegExp(
    `^(.+?)\\s+(?:is|are|was|were|has\\s+been|have\\s+been)\\s+(not\\s+)?(?:being\\s+)?(\\p{L}+ed|${IRREGULAR})\\b(.*)$`,
    'iu',
  ).exec(claim.trim());
  if (!m) return null;
  const subject = contentWords(tokensOf(m[1]!));
  const rest = contentWords(tokensOf(m[4]!));
  if (subject.length === 0) return null;
  const hits = new Set<ScreenElement>();
  for (const el of locatable(elements)) {
    const label = contentWords(tokensOf(el.text || el.contentDesc));
    const head = label.slice(0, subject.length + 1);
    if (head.length !== subject.length + 1 || !subject.every((w, i) => sameLemma(w, head[i]!))) continue;
    if (!sameLemma(lemmaAsVerb(m[3]!.toLowerCase()), lemmaAsVerb(head.at(-1)!))) continue;
    if (!rest.every((w) => label.some((x) => sameLemma(w, x)))) continue;
    const toggle = toggleOf(el, elements);
    if (toggle && (toggle === el || !toggle.text)) hits.add(toggle);
  }
  return hits.size === 1 ? { toggle: [...hits][0]!, negated: !!m[2] } : null;
}

/** What one gets, as what is then done to one: a text is being texted. */
const BEING: Readonly<Record<string, string>> = {
  text: 'texted',
  email: 'emailed',
  call: 'called',
  reminder: 'reminded',
  notification: 'notified',
  alert: 'alerted',
  message: 'messaged',
};
const GETTING = new RegExp(
  `^(i|we)\\s+(?:will\\s+|['’]ll\\s+)?(not\\s+|don['’]t\\s+)?get\\s+(?:a|an)\\s+(${Object.keys(BEING).join('|')})\\b`,
  'i',
);

/**
 * "I'll be notified when I'm next" beside a switch "Notify me when I'm next": a promise in the passive
 * of one toggle's imperative label (by dictionary form, the rest of the label's words said, the rest of
 * the claim's the label's or the screen's topic). Its state decides, `negated` for "not".
 */
export function togglePromising(claim: string, elements: readonly ScreenElement[]): { toggle: ScreenElement; negated: boolean } | null {
  // "I get a text if it's rained off" beside "Text me if it's rained off": getting a text is being texted.
  const said = claim
    .trim()
    .replace(
      GETTING,
      (_, who: string, not: string | undefined, noun: string) => `${who} will ${not ? 'not ' : ''}be ${BEING[noun.toLowerCase()]}`,
    );
  // "I'll be notified when I'm next" beside "Notify me when I'm next": "'ll" is "will".
  // "bookings are shared with the band" beside "Share bookings with the band": the present passive says it as well.
  const m =
    new RegExp(`^(.+?)(?:\\s+will|['’]ll)\\s+(not\\s+)?be\\s+(\\p{L}+ed|${IRREGULAR})\\b(.*)$`, 'iu').exec(said) ??
    new RegExp(`^(.+?)\\s+(?:are|is|get|gets)\\s+(not\\s+)?(\\p{L}+ed|${IRREGULAR})\\b(.*)$`, 'iu').exec(said);
  if (!m) return null;
  const participle = m[3]!.toLowerCase();
  const saidWords = contentWords(tokensOf(`${m[1]} ${m[4]}`));
  const topic = topicWords(elements);
  const hits = new Set<ScreenElement>();
  for (const el of locatable(elements)) {
    const written = tokensOf((el.text || el.contentDesc).replace(/\s*\([^()]*\)\s*$/, ''));
    // "Let the lock keeper know" tells the lock keeper: "the lock keeper will be told" (or informed, notified).
    const letKnow = written[0] === 'let' && written.includes('know');
    const label = letKnow ? ['tell', ...written.slice(1).filter((w) => w !== 'know')] : written;
    const verb = letKnow && /^(?:informed|notified)$/.test(participle) ? 'tell' : lemmaAsVerb(participle);
    // A regular verb the dictionary does not know as one ("texted" of "Text me …") is its form with "-ed".
    if (label.length < 2 || !(sameLemma(verb, lemmaAsVerb(label[0]!)) || participle === `${label[0]}ed`)) continue;
    const rest = contentWords(label.slice(1));
    const has = (words: readonly string[], w: string) => words.some((x) => sameLemma(w, x));
    if (!rest.every((w) => has(saidWords, w)) || !saidWords.every((w) => has(rest, w) || has(topic, w))) continue;
    // "… if the sale is not rained off" is not "Text me if it's rained off".
    if (tokensOf(m[4]!).some((w) => NEGATIONS.has(w)) !== label.some((w) => NEGATIONS.has(w))) continue;
    const toggle = toggleOf(el, elements);
    if (toggle) hits.add(toggle);
  }
  return hits.size === 1 ? { toggle: [...hits][0]!, negated: !!m[2] } : null;
}

/**
 * "Phone calls stream to the hearing aids" beside a switch "Stream phone calls to hearing aids": a
 * statement in the words of one switch's or checkbox's label, in any order (by dictionary form, three
 * content words at least, none more nor fewer); its state decides, `negated` for "don't".
 */
export function toggleRestating(claim: string, elements: readonly ScreenElement[]): { toggle: ScreenElement; negated: boolean } | null {
  const tokens = tokensOf(claim);
  const said = contentWords(tokens);
  if (said.length < 3) return null;
  const has = (words: readonly string[], w: string) => words.some((x) => sameLemma(w, x) || sameLemma(lemmaAsVerb(w), lemmaAsVerb(x)));
  const hits = new Set<ScreenElement>();
  for (const el of locatable(elements)) {
    const toggle = toggleOf(el, elements);
    if (!toggle || (toggle !== el && toggle.text)) continue;
    const label = contentWords(tokensOf(el.text || el.contentDesc));
    if (label.length === said.length && label.every((w) => has(said, w)) && said.every((w) => has(label, w))) hits.add(toggle);
  }
  return hits.size === 1 ? { toggle: [...hits][0]!, negated: tokens.some((t) => NEGATIONS.has(t)) } : null;
}
