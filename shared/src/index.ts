/**
 * @devicelab/shared: the wire vocabulary of the control plane, lab agents and tunnel
 * clients, as zod schemas and the types inferred from them. It imports nothing else
 * of ours.
 */

export * from './actions.js';
export * from './agent-protocol.js';
export * from './android-manifest.js';
export * from './archive-paths.js';
export * from './json-text.js';
export * from './mux.js';
export * from './mux-splice.js';
export * from './mux-websocket.js';
export { PLATFORMS, Platform } from './platform.js';
export * from './run-result.js';
export * from './step-options.js';
export * from './tunnel-protocol.js';
export * from './upgrade-refusal.js';
