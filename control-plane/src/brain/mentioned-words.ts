/**
 * "the alert mentions AirPlay", "the dialog names Dr. Carvalho": the words stand, in their order and
 * whole, anywhere inside one text ("Choose a name you'll recognise in AirPlay and the Home app."), of
 * the dialog when one is up and the check is about it. A person by title and surname may leave out
 * the given names between them ("Dr. Carvalho" in "Dr. Inês Carvalho"), never another surname.
 */
import { type Decision, fail } from './actions.js';
import { notFound } from './decisions.js';
import { describe } from './element-roles.js';
import type { ScreenElement } from './hierarchy.js';
import { locatable, locatorFor, uniqueLocator } from './locators.js';
import type { TargetPhrase } from './target-phrase.js';
import { comparableTokens } from './verdict-text.js';

const HONORIFIC = /^(?:dr|mr|mrs|ms|mx|prof)$/;

/** Do the words stand in `text` in their order, next to each other (or title, given names, surname)? */
function mentions(text: readonly string[], words: readonly string[]): boolean {
  for (let i = 0; i < text.length; i++) {
    if (words.every((w, j) => text[i + j] === w)) return true;
    // "dr carvalho" in "dr ines carvalho": one or two given names between a title and the surname.
    if (words.length === 2 && HONORIFIC.test(words[0]!) && text[i] === words[0])
      for (const gap of [1, 2]) if (text[i + gap + 1] === words[1]) return true;
  }
  return false;
}

export function mentionedIn(
  phrase: TargetPhrase,
  elements: readonly ScreenElement[],
  scope: ((el: ScreenElement) => boolean) | null,
): Decision {
  const words = comparableTokens(phrase.text);
  if (words.length === 0) return fail('Nothing to check: name what should be mentioned');
  const hits = locatable(elements).filter(
    (el) => (!scope || scope(el)) && [el.text, el.contentDesc].some((t) => t && mentions(comparableTokens(t), words)),
  );
  const el = hits[0];
  if (!el) return notFound('text', phrase, elements);
  return {
    action: { type: 'assert', target: uniqueLocator(el, elements) ?? locatorFor(el, elements), visible: true },
    reasoning: `${describe(el)} mentions "${phrase.text}"`,
    confidence: 0.9,
  };
}
