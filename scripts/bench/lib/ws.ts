/**
 * ws for the fake agents: scripts/package.json declares it at the version the control plane's
 * agent hub and the lab agent run, so pnpm links the same copy.
 */
export { WebSocket } from 'ws';
