/**
 * Dictionary forms of English words, from wink-lemmatizer (a WordNet-based lemmatiser):
 * "arrives", "arriving" and "arrived" are all "arrive"; "minutes" is "minute"; "paid" is "pay".
 * A word is read as every part of speech it may be, since a claim's word class is not known:
 * two words are the same when any of their dictionary forms are.
 */
import lemmatizer from 'wink-lemmatizer';
import porterStem from 'wink-porter2-stemmer';

const cache = new Map<string, ReadonlySet<string>>();

/** The word itself and its dictionary forms as a verb, a noun and an adjective (lower case in, lower case out). */
export function lemmasOf(word: string): ReadonlySet<string> {
  let forms = cache.get(word);
  if (!forms) {
    forms = /^\p{L}+$/u.test(word)
      ? new Set([word, lemmatizer.verb(word), lemmatizer.noun(word), lemmatizer.adjective(word)])
      : new Set([word]);
    cache.set(word, forms);
  }
  return forms;
}

/** Do two words share a dictionary form ("ridden" and "ride", "kids" and "kid")? */
export function sameLemma(a: string, b: string): boolean {
  if (a === b) return true;
  const other = lemmasOf(b);
  for (const form of lemmasOf(a)) if (other.has(form)) return true;
  return false;
}

/** A verb in another form than its own and no noun's plural: "walked", "arrives", "slept"; not "steps", "settings". */
export function isInflectedVerb(word: string): boolean {
  return /^\p{L}{3,}$/u.test(word) && lemmatizer.verb(word) !== word && lemmatizer.noun(word) === word;
}

/**
 * Words of one root by their Porter 2 stem, a doer's noun included: "reminder" and "Remind me",
 * "download" and "Downloader". For naming a setting by its words (toggle-words.ts), where the
 * doer and the deed are one switch; sameStem keeps them apart where they are not.
 */
export function sameRoot(a: string, b: string): boolean {
  return /^\p{L}+$/u.test(a) && /^\p{L}+$/u.test(b) && porterStem(a) === porterStem(b);
}

/**
 * Words of one family, by their Porter 2 stem: "translation" and "Translate", "booking" and "Bookings";
 * never a verb and the noun of who or what does it ("approved" is not "Approver", agentNoun).
 */
export function sameStem(a: string, b: string): boolean {
  return /^\p{L}+$/u.test(a) && /^\p{L}+$/u.test(b) && porterStem(a) === porterStem(b) && !agentNoun(a, b) && !agentNoun(b, a);
}

/**
 * Is `noun` the noun of who or what does the verb `word` is a form of: "Approver" of "approved",
 * "Organiser" of "organising", "Owner" of "own", "Runner" of "ran", "Editor" of "edited", "Creator" of
 * "creates"? A report that "has been approved" is never said by a label naming its approver, nor a
 * phone "charging" by a "Charger". "Register" of "registered" is the verb itself, not its doer.
 */
export function agentNoun(noun: string, word: string): boolean {
  const doer = /^(\p{L}{2,}?)(?:er|or)s?$/u.exec(noun.toLowerCase());
  if (!doer || !/^\p{L}+$/u.test(word)) return false;
  const verb = lemmaAsVerb(word.toLowerCase());
  const stem = doer[1]!;
  if (verb === noun.toLowerCase().replace(/s$/, '')) return false;
  // approve+r, own+er, run+n+er, edit+or, create+or (the e dropped).
  return [stem, `${stem}e`].includes(verb) || (stem.length > 2 && stem.at(-1) === stem.at(-2) && stem.slice(0, -1) === verb);
}

/** A form of a verb other than its base, though it may also be a noun's plural ("takes", "costs", "walked"). */
export function isVerbForm(word: string): boolean {
  return /^\p{L}{3,}$/u.test(word) && lemmatizer.verb(word) !== word;
}

/** The word's dictionary form as a verb ("goes" → "go", "includes" → "include"); the word itself when it is none. */
export function lemmaAsVerb(word: string): string {
  return /^\p{L}+$/u.test(word) ? lemmatizer.verb(word) : word;
}
