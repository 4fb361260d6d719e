/** device.added / device.changed: the registry follows the report; a ready device may take work at once. */
import type { DeviceAdded } from '@devicelab/shared';
import { type AgentRecord, upsertDevices } from '../../queries/agents.js';
import type { AgentContext } from '../context.js';

export async function onDeviceReport(ctx: AgentContext, agent: AgentRecord, m: Pick<DeviceAdded, 'device'>): Promise<void> {
  await upsertDevices(ctx.db, agent, [m.device]);
  ctx.dispatch();
}
