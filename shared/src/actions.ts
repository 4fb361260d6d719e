/**
 * The actions of a step: the control plane's brain decides them (control-plane/src/brain/),
 * lab agents perform them (lab-agent/src/actions.ts). One definition for both ends; the
 * agent validates every decision with it. Unknown keys are dropped rather than refused,
 * so a newer control plane can add detail without breaking older agents.
 */
import { z } from 'zod';

/** A point on the device's screen, in its pixels: the one definition every package uses. */
export const Point = z.object({ x: z.number(), y: z.number() });
export type Point = z.infer<typeof Point>;

export const VerticalDirection = z.enum(['up', 'down']);
export type VerticalDirection = z.infer<typeof VerticalDirection>;
export const SwipeDirection = z.enum(['up', 'down', 'left', 'right']);
export type SwipeDirection = z.infer<typeof SwipeDirection>;

/**
 * How an action names its element so that it can be found again on a later run
 * (replaying a cached step) without asking a model: resource id, text, content
 * description / accessibility label, or position (control-plane/src/brain/locators.ts).
 */
export const Locator = z.object({
  by: z.enum(['resourceId', 'text', 'contentDesc', 'xpathIndex']),
  value: z.string(),
  /** Element type, to tell a button from a label with the same text. */
  type: z.string().optional(),
  /**
   * State a verdict depended on ("Dark mode is on"): the element counts as found only
   * in that state. The screen fingerprint leaves states out, so a cached check must
   * carry them or a replay would pass on a switch that is now off.
   */
  checked: z.boolean().optional(),
  enabled: z.boolean().optional(),
  selected: z.boolean().optional(),
  /** The element must show exactly this text: a passed check holds only while its text does. */
  showing: z.string().optional(),
});
export type Locator = z.infer<typeof Locator>;

export const Action = z.discriminatedUnion('type', [
  z.object({ type: z.literal('tap'), target: Locator, point: Point }),
  /** target null = the focused field; point: where the target field is (tapped first to focus it). */
  z.object({ type: z.literal('type'), target: Locator.nullable(), text: z.string(), point: Point.optional() }),
  z.object({ type: z.literal('scroll'), direction: VerticalDirection }),
  /** A direction (a full-screen swipe), or from/to points. */
  z.object({ type: z.literal('swipe'), direction: SwipeDirection.optional(), from: Point.optional(), to: Point.optional() }),
  z.object({ type: z.literal('back') }),
  z.object({ type: z.literal('key'), key: z.enum(['back', 'home', 'enter']) }),
  z.object({ type: z.literal('wait'), seconds: z.number().min(0).max(3600) }),
  z.object({ type: z.literal('launch') }),
  z.object({ type: z.literal('restart') }),
  z.object({ type: z.literal('openLink'), url: z.string().min(1) }),
  /** A check of the screen the brain was given: nothing to do on the device. */
  z.object({ type: z.literal('assert'), target: Locator, visible: z.boolean() }),
  /** The instruction is already satisfied on this screen (e.g. scrolled far enough, switch already on). */
  z.object({ type: z.literal('done') }),
  z.object({ type: z.literal('fail'), reason: z.string() }),
]);
export type Action = z.infer<typeof Action>;
