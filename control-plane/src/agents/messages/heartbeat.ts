/** heartbeat: renews the agent's lease (agents.last_seen_at); a silent agent loses its attempts. */
import { touchAgent, type AgentRecord } from '../../queries/agents.js';
import type { AgentContext } from '../context.js';

export async function onHeartbeat(ctx: AgentContext, agent: AgentRecord): Promise<void> {
  await touchAgent(ctx.db, agent.id);
}
