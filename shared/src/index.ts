/**
 * @devicelab/shared: the wire vocabulary of the control plane, lab agents and tunnel
 * clients. It imports nothing else of ours. The agent protocol's messages are added
 * here as zod schemas with the lab agent.
 */
export { Platform, PLATFORMS } from './platform.js';
