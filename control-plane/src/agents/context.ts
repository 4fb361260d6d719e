/** What the agent-message handlers, the claim loop and the reaper share. */
import type { ServerMessageInput } from '@devicelab/shared';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import type { StepEngine } from '../engine/step-engine.js';
import type { AttemptRef } from '../runs/transitions/ref.js';
import type { TunnelRegistry } from '../tunnels/registry.js';
import type { RecordVerdict } from './verdict-batches.js';

export interface AgentContext {
  db: Db;
  config: Config;
  engine: StepEngine;
  /** The tunnels, held here or by another replica (tunnels/registry.ts). */
  tunnels: TunnelRegistry;
  /** This control-plane process (agents.replica_id of the agents it holds). */
  replicaId: string;
  /** Sends to an agent connected to this replica; false when it is not. */
  send(agentId: string, message: ServerMessageInput): boolean;
  /** Matches pending attempts to this replica's idle devices now. */
  dispatch(): void;
  /** Tells every replica (this one too) that attempts wait in the queue. */
  publishWork(): void;
  /** Records a verdict with those landing at the same moment (verdict-batches.ts); use recordVerdict (verdicts.ts). */
  finishAttempt: RecordVerdict;
  /** Starts an accepted try under its session with the accepts landing at the same moment (transitions/accept.ts). */
  acceptAttempt(ref: AttemptRef, sessionId: string): Promise<string | null>;
}
