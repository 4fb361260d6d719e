import { describe, expect, it } from 'vitest';
import { textMatchScore } from './fuzzy.js';
import { parseHierarchy } from './hierarchy.js';
import { parseInstruction } from './instruction-grammar.js';
import { canonicalNumber, canonicalWord, poundsAsMoney, spelledOut } from './lexicon.js';
import { findParaphrase } from './paraphrase.js';

const node = (text: string, id: string, y: number) =>
  `<node index="0" text="${text}" resource-id="app:id/${id}" class="android.widget.TextView" package="app" content-desc="" clickable="false" enabled="true" bounds="[0,${y}][1080,${y + 60}]" />`;
const screen = (...nodes: string[]) => {
  const parsed = parseHierarchy(
    `<hierarchy rotation="0"><node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="app" content-desc="" clickable="false" enabled="true" bounds="[0,0][1080,2400]">${nodes.join('')}</node></hierarchy>`,
  );
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.elements;
};
const said = (claim: string, elements: ReturnType<typeof screen>) => findParaphrase(claim, elements)?.element.text ?? null;

describe('lexicon', () => {
  it('reads a synonym as its group head in the same form: the tense stays', () => {
    expect(canonicalWord('leaves')).toBe('departs');
    expect(canonicalWord('left')).toBe('departed');
    expect(canonicalWord('leaving')).toBe('departing');
    expect(canonicalWord('began')).toBe(canonicalWord('started'));
    expect(canonicalWord('songs')).toBe('tracks');
    expect(canonicalWord('fri')).toBe('friday');
    expect(canonicalWord('leaves')).not.toBe(canonicalWord('left'));
    // Never a pair whose swap changes what is said: cancel is not delete, stop is not pause.
    expect(canonicalWord('cancel')).not.toBe(canonicalWord('delete'));
    expect(canonicalWord('pause')).not.toBe(canonicalWord('stop'));
    // "second" picks one of several ("the second parcel"): never a unit.
    expect(canonicalWord('second')).toBe('second');
  });

  it('reads an amount as one number, never a time, date, version or other cents', () => {
    expect(canonicalNumber('1,299.00')).toBe('1299');
    expect(canonicalNumber('250.00')).toBe('250');
    expect(canonicalNumber('1,299')).toBe('1299');
    expect(canonicalNumber('12.50')).toBe('12.50');
    expect(canonicalNumber('1.5')).toBe('1.5');
    expect(canonicalNumber('9:35')).toBe('9:35');
    expect(canonicalNumber('3.2.1')).toBe('3.2.1');
    expect(canonicalNumber('12/05/2024')).toBe('12/05/2024');
  });

  it('spells out short forms for a control name, but takes no synonym', () => {
    expect(spelledOut(['sat', '30', 'mins'])).toEqual(['saturday', '30', 'minutes']);
    expect(spelledOut(['delete'])).toEqual(['delete']);
    expect(textMatchScore('Sat', 'Saturday')).toBeGreaterThanOrEqual(0.6);
    expect(textMatchScore('Send €250', 'Send €250.00')).toBeGreaterThanOrEqual(0.9);
    expect(textMatchScore('Send €250', 'Send €250.50')).toBe(0);
    expect(textMatchScore('Delete', 'Remove')).toBe(0);
  });

  it('lets a paraphrase use a synonym, another currency spelling or an amount, never another tense or number', () => {
    const train = screen(
      node('Trip', 'title', 40),
      node('Departs 14:05 from platform 12', 'dep', 600),
      node('Total 1,299.00 USD', 'total', 700),
    );
    expect(said('the train leaves 14:05 from platform 12', train)).toBe('Departs 14:05 from platform 12');
    expect(said('the train left 14:05 from platform 12', train)).toBeNull();
    expect(said('the train leaves 14:15 from platform 12', train)).toBeNull();
    expect(said('the total is $1299', train)).toBe('Total 1,299.00 USD');
    expect(said('the total is €1299', train)).toBeNull();
    expect(said('the total is $1299.50', train)).toBeNull();
    const album = screen(node('Blue Hours', 'title', 40), node('12 songs · 48 min', 'meta', 600));
    expect(said('the album has 12 tracks', album)).toBe('12 songs · 48 min');
    expect(said('the album has 12 photos', album)).toBeNull();
    expect(said('the album is 48 minutes long', album)).toBe('12 songs · 48 min');
    expect(said('the album is 45 minutes long', album)).toBeNull();
  });

  it('reads state words of the lexicon in checks', () => {
    expect(parseInstruction('Check that Dark mode is active')).toMatchObject({ kind: 'assertState', state: 'on' });
    expect(parseInstruction('Check that the Pay button is unavailable')).toMatchObject({ kind: 'assertState', state: 'disabled' });
    expect(parseInstruction('Check that the Pay button is not clickable')).toMatchObject({ kind: 'assertState', state: 'disabled' });
    expect(parseInstruction('Check that the Gold plan is highlighted')).toMatchObject({ kind: 'assertState', state: 'selected' });
  });
});

describe('poundsAsMoney: pounds said as money where the screen prices in them (session 18)', () => {
  it('writes "six pounds" and "12 quid" as the screen does, "£6", "£12"', () => {
    expect(poundsAsMoney('the locker is six pounds a day', ['Locker · £6 per day'])).toBe('the locker is £6 a day');
    expect(poundsAsMoney('parking is 12 quid', ['£12.00'])).toBe('parking is £12');
    expect(poundsAsMoney('the total is eighty-four pounds', ['Total £84.00'])).toBe('the total is £84');
    expect(poundsAsMoney('a night is twenty eight pounds', ['£28 per night'])).toBe('a night is £28');
    expect(poundsAsMoney('the deposit is a hundred and forty pounds', ['£140.00 deposit'])).toBe('the deposit is £140');
    expect(poundsAsMoney('the basket comes to ten pounds ninety-eight', ['£10.98'])).toBe('the basket comes to £10.98');
    expect(poundsAsMoney("I'd get thirty-eight pounds fifty back", ['£38.50'])).toBe("I'd get £38.50 back");
    expect(poundsAsMoney('twenty pounds each', ['£20'])).toBe('£20 each');
  });
  it('leaves pounds of weight, and a screen with no price in pounds, as they are', () => {
    expect(poundsAsMoney('the bag weighs six pounds', ['Bag 6 lb', '£20'])).toBe('the bag weighs six pounds');
    expect(poundsAsMoney('the locker is six pounds', ['Locker · €6'])).toBe('the locker is six pounds');
  });
});
