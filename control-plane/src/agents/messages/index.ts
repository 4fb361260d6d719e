/**
 * One handler per agent message type (in the manner of STF's device plugins): each
 * module says what it needs and does one thing. The hub validates a frame against
 * the shared protocol and hands it here; a new message type is a new module and a
 * line in this table, which TypeScript keeps complete.
 */
import type { AgentMessage } from '@devicelab/shared';
import type { AgentRecord } from '../../queries/agents.js';
import type { AgentContext } from '../context.js';
import { onDeviceRemoved } from './device-removed.js';
import { onDeviceReport } from './device-report.js';
import { onHeartbeat } from './heartbeat.js';
import { onHello } from './hello.js';
import { onJobAccepted } from './job-accepted.js';
import { onJobResult } from './job-result.js';
import { onJobReturned } from './job-returned.js';
import { onStepDecide } from './step-decide.js';
import { onStepEvent } from './step-event.js';

type Handlers = {
  [T in AgentMessage['type']]: (ctx: AgentContext, agent: AgentRecord, message: Extract<AgentMessage, { type: T }>) => Promise<void>;
};

const handlers: Handlers = {
  hello: onHello,
  heartbeat: onHeartbeat,
  'device.added': onDeviceReport,
  'device.changed': onDeviceReport,
  'device.removed': onDeviceRemoved,
  'job.accepted': onJobAccepted,
  'job.rejected': onJobReturned,
  'job.released': onJobReturned,
  'step.decide': onStepDecide,
  'step.event': onStepEvent,
  'job.result': onJobResult,
};

export function handleAgentMessage(ctx: AgentContext, agent: AgentRecord, message: AgentMessage): Promise<void> {
  const handler = handlers[message.type] as (ctx: AgentContext, agent: AgentRecord, message: AgentMessage) => Promise<void>;
  return handler(ctx, agent, message);
}
