/**
 * heartbeat: nothing to do here. The hub records every frame's arrival as the agent's
 * liveness (agents.last_seen_at) before the frame is queued (hub.ts), so a heartbeat
 * behind a slow decision still counts at once; a silent agent loses its attempts.
 */
import type { AgentRecord } from '../../queries/agents.js';
import type { AgentContext } from '../context.js';

export async function onHeartbeat(_ctx: AgentContext, _agent: AgentRecord): Promise<void> {}
