/**
 * What the OpenAI-compatible model is shown: a system prompt that fixes the JSON
 * answer, and the screen as a compact numbered element list. The raw hierarchy is
 * not sent: it is mostly layout noise, costs many tokens and invites the model to
 * answer with XML paths we would have to trust; an index into our own list can be
 * checked and turned into a locator here.
 */
import type { ModelInput } from './actions.js';
import { MAX_WAIT_SECONDS } from './commands.js';
import { type ScreenElement, shortType } from './hierarchy.js';
import { locatable } from './locators.js';

/** Enough for any real screen; a runaway web view must not blow the context window. */
export const MAX_PROMPT_ELEMENTS = 300;
const MAX_TEXT = 80;

export const SYSTEM_PROMPT = `You drive a mobile app (Android or iOS) for an automated UI test.
Each turn you get the platform, the test step's instruction and the elements on the current screen, one per line:
  <index> <type> "<text>" id=<resource id> desc="<accessibility label>" hint="<placeholder>" <flags> [left,top][right,bottom]
Answer the ONE next action that carries out the instruction, as a single JSON object and nothing else:
{"action": "tap"|"type"|"scroll"|"swipe"|"back"|"wait"|"assert"|"done"|"fail", "element": <index or null>, "text": <string or null>, "direction": <"up"|"down"|"left"|"right" or null>, "seconds": <number or null>, "visible": <true|false or null>, "reason": "<one short sentence>"}
- tap: element = the index of what to tap.
- type: text = exactly what to type; element = the text field to type into, or null for the field that has the focus.
- scroll: direction "up" or "down" ("down" reveals content further below). swipe: direction "left", "right", "up" or "down".
- back: the Android system back button. iOS has no back button: tap the app's own Back button instead.
- wait: seconds to wait (at most ${MAX_WAIT_SECONDS}), e.g. while something is still loading.
- assert: check what the instruction expects. visible true: element = the element that shows it. visible false: element null and text = the text that must not be on the screen.
- done: the instruction is already satisfied on this screen (scrolled far enough, switch already on, awaited text present). For "scroll until X is visible" or "wait for X", answer scroll or wait while X is missing and done once it is there: you will be asked again after each action.
- fail: the instruction cannot be carried out here, or what it expects to be visible is not; reason says why, naming what is missing.
Use only indexes from the list. A command such as tapOn: "Log in" names the element's text exactly; a note in parentheses at its end helps choose between similar elements.`;

/**
 * The elements the model may choose from: what a locator may designate (on
 * screen, not the keyboard) minus bare layout containers, which carry nothing a
 * person could refer to. The model's `element` is a position in this list.
 */
export function promptElements(elements: readonly ScreenElement[]): ScreenElement[] {
  return locatable(elements)
    .filter((el) => el.text || el.resourceId || el.contentDesc || el.hint || el.clickable || el.scrollable || el.checkable)
    .slice(0, MAX_PROMPT_ELEMENTS);
}

const quote = (s: string) => JSON.stringify(s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT)}…` : s);

export function elementLine(el: ScreenElement, position: number): string {
  const parts = [String(position), shortType(el.type)];
  // An empty iOS field reports its placeholder as its value: show it as the hint only.
  const placeholderOnly = el.text !== '' && el.text === el.hint;
  if (el.text && !placeholderOnly) parts.push(quote(el.text));
  // The package prefix of Android ids is the same on every element: noise for the model.
  const id = el.resourceId.replace(/^.*:id\//, '');
  // XCUITest fills an unset identifier with the label; repeating it says nothing.
  if (id && el.resourceId !== el.text && el.resourceId !== el.contentDesc) parts.push(`id=${id}`);
  if (el.contentDesc && el.contentDesc !== el.text) parts.push(`desc=${quote(el.contentDesc)}`);
  if (el.hint && (placeholderOnly || el.hint !== el.text)) parts.push(`hint=${quote(el.hint)}`);
  if (el.clickable) parts.push('clickable');
  if (el.scrollable) parts.push('scrollable');
  if (el.checkable) parts.push(el.checked ? 'checked' : 'unchecked');
  if (el.password) parts.push('password');
  if (el.focused) parts.push('focused');
  if (el.selected) parts.push('selected');
  if (!el.enabled) parts.push('disabled');
  const { x, y, width, height } = el.bounds;
  parts.push(`[${x},${y}][${x + width},${y + height}]`);
  return parts.join(' ');
}

type ContentPart = { type: 'text'; text: string } | { type: 'image_url'; image_url: { url: string } };
export interface ChatMessage {
  role: 'system' | 'user';
  content: string | ContentPart[];
}

export function buildMessages(input: ModelInput, listed: readonly ScreenElement[]): ChatMessage[] {
  const lines = listed.map((el, i) => elementLine(el, i));
  const text = [
    `Platform: ${input.platform}`,
    `Instruction: ${input.instruction}`,
    input.screenshotPng ? 'A screenshot of the screen is attached.' : '',
    `Screen elements (${listed.length}):`,
    ...(lines.length ? lines : ['(none)']),
  ]
    .filter((line) => line !== '')
    .join('\n');
  if (!input.screenshotPng)
    return [
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'user', content: text },
    ];
  // The image helps with icons and custom-drawn views the hierarchy does not describe.
  const url = `data:image/png;base64,${Buffer.from(input.screenshotPng).toString('base64')}`;
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    {
      role: 'user',
      content: [
        { type: 'text', text },
        { type: 'image_url', image_url: { url } },
      ],
    },
  ];
}
