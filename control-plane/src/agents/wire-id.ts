// An attempt's job id is the run lifecycle's (runs/wire-id.ts), read by agents, tunnels and recordings alike.
export { parseWireId, toWireId } from '../runs/wire-id.js';
