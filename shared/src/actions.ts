/**
 * The actions a step decision asks a device to perform: the control plane's engine
 * produces them (control-plane/src/brain/actions.ts), agents perform them. Objects
 * are loose so that extra detail (the locator of a tap's target, the reasoning)
 * travels along without breaking older agents.
 */
import { z } from 'zod';

/** A point on the device's screen, in its pixels: the one definition every package uses. */
export const Point = z.object({ x: z.number(), y: z.number() });
export type Point = z.infer<typeof Point>;
const Direction = z.enum(['up', 'down', 'left', 'right']);

export const DeviceAction = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('tap'), point: Point }),
  /** point: where the target field is; null/absent: type into the focused field. */
  z.looseObject({ type: z.literal('type'), text: z.string(), point: Point.nullish() }),
  z.looseObject({ type: z.literal('scroll'), direction: z.enum(['up', 'down']) }),
  z.looseObject({ type: z.literal('swipe'), direction: Direction.optional(), from: Point.optional(), to: Point.optional() }),
  z.looseObject({ type: z.literal('back') }),
  z.looseObject({ type: z.literal('key'), key: z.enum(['back', 'home', 'enter']) }),
  z.looseObject({ type: z.literal('wait'), seconds: z.number().min(0).max(3600) }),
  z.looseObject({ type: z.literal('launch') }),
  z.looseObject({ type: z.literal('restart') }),
  z.looseObject({ type: z.literal('openLink'), url: z.string().min(1) }),
  z.looseObject({ type: z.literal('assert') }),
  z.looseObject({ type: z.literal('done') }),
  z.looseObject({ type: z.literal('fail'), reason: z.string().optional() }),
]);
export type DeviceAction = z.infer<typeof DeviceAction>;
