import { describe, expect, it } from 'vitest';
import { parseHierarchy } from './hierarchy.js';
import { findParaphrase } from './paraphrase.js';

const node = (text: string, id: string, bounds: string) =>
  `<node index="0" text="${text}" resource-id="app:id/${id}" class="android.widget.TextView" package="app" content-desc="" clickable="false" enabled="true" bounds="${bounds}" />`;
const screen = (...nodes: string[]) => {
  const parsed = parseHierarchy(
    `<hierarchy rotation="0"><node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="app" content-desc="" clickable="false" enabled="true" bounds="[0,0][1080,2400]">${nodes.join('')}</node></hierarchy>`,
  );
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.elements;
};
const row = (...texts: string[]) =>
  `<node index="0" text="" resource-id="app:id/row" class="android.widget.LinearLayout" package="app" content-desc="" clickable="true" enabled="true" bounds="[0,200][1080,400]">${texts.map((t, i) => node(t, `t${i}`, `[0,${210 + i * 40}][1080,${240 + i * 40}]`)).join('')}</node>`;

const said = (claim: string, elements: ReturnType<typeof screen>, reported = false) =>
  findParaphrase(claim, elements, reported)?.element.text ?? null;

describe('findParaphrase', () => {
  const dialog = screen(node('Remove Mug Warmer from your cart? You can add it again later.', 'message', '[0,100][1080,180]'));
  it('passes a reported claim whose content words the text says, in other verb forms', () => {
    expect(said('the dialog asks whether to remove the Mug Warmer from the cart', dialog)).toMatch(/^Remove Mug Warmer/);
    expect(said('item can be added again later', dialog, true)).toMatch(/^Remove Mug Warmer/);
  });
  it('never passes a negation on one side, another word, or another number', () => {
    expect(said('item cannot be added again later', dialog, true)).toBeNull();
    expect(said('the dialog asks to remove the French Press', dialog)).toBeNull();
    const saved = screen(node('Your profile was updated.', 'snack', '[0,100][1080,180]'), row('Deep Focus', '42 songs · 2 hr 30 min'));
    expect(said('profile was not updated', saved)).toBeNull();
    expect(said('Deep Focus has 40 songs', saved)).toBeNull();
    expect(said('Deep Focus has 42 songs', saved)).toBe('42 songs · 2 hr 30 min');
  });
  it('does not take a fragment of a text for the text unless the claim reports it', () => {
    const error = screen(node('Invalid email or password', 'error', '[0,100][1080,180]'));
    expect(said('Invalid email', error)).toBeNull();
    expect(said('a message says Invalid email', error)).toBeNull();
  });
  it('across a row takes whole texts only, and one lower-case noun naming the row', () => {
    const list = screen(
      row('English (United Kingdom)', 'States and regions'),
      `<node index="1" text="" resource-id="app:id/row2" class="android.widget.LinearLayout" package="app" content-desc="" clickable="true" enabled="true" bounds="[0,500][1080,700]">${node('Evening Wind Down', 'title', '[0,510][1080,540]')}${node('12 songs · 48 min', 'sub', '[0,550][1080,580]')}</node>`,
    );
    expect(said('English United States', list)).toBeNull();
    expect(said('the Evening Wind Down playlist lasts 48 min', list)).toBe('12 songs · 48 min');
    expect(said('the Evening Wind Down Remix lasts 48 min', list)).toBeNull();
  });
});
