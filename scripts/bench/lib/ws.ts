/**
 * ws is a dependency of control-plane/, not of scripts/, and pnpm keeps it out of scripts'
 * reach (as hono, see hono.ts); the fake agents take the control plane's own copy, the
 * version the product's agent hub and the lab agent run.
 */
import type WebSocketClass from '../../../control-plane/node_modules/@types/ws/index.js';

const wsUrl = new URL('../../../control-plane/node_modules/ws/wrapper.mjs', import.meta.url).href;
export const { WebSocket } = (await import(wsUrl)) as { WebSocket: typeof WebSocketClass };
export type WebSocket = WebSocketClass;
