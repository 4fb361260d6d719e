/**
 * hono and @hono/node-server are dependencies of control-plane/, not of scripts/, and
 * pnpm keeps them out of scripts' reach; the bench server takes the control plane's own
 * copies (the same versions the product runs).
 */
import type { Hono as HonoClass } from '../../../control-plane/node_modules/hono/dist/types/hono.js';

export type { Context } from '../../../control-plane/node_modules/hono/dist/types/context.js';

export { serve } from '../../../control-plane/node_modules/@hono/node-server/dist/index.mjs';

const honoUrl = new URL('../../../control-plane/node_modules/hono/dist/index.js', import.meta.url).href;
export const { Hono } = (await import(honoUrl)) as { Hono: typeof HonoClass };
