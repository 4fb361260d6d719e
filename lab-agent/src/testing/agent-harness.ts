/**
 * Starts agents for tests: a fresh state dir, short backoff, log lines collected, and a
 * `stopAll` for afterEach so no socket or virtual adb server outlives its test.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AgentOptions, type RunningAgent, startAgent } from '../agent.js';
import type { FakeControlPlane } from './fake-control-plane.js';

export interface TestAgent extends RunningAgent {
  readonly logs: string[];
  readonly stateDir: string;
}

export function agentHarness() {
  const started: RunningAgent[] = [];
  return {
    async start(server: FakeControlPlane, options: Partial<AgentOptions> = {}): Promise<TestAgent> {
      const logs: string[] = [];
      const stateDir = options.stateDir ?? mkdtempSync(join(tmpdir(), 'lab-agent-'));
      const agent = await startAgent({
        controlPlaneUrl: server.url,
        token: server.token,
        virtualDevices: 1,
        stateDir,
        drainSeconds: 1,
        backoff: { baseMs: 20, maxMs: 100 },
        log: (line) => logs.push(line),
        ...options,
      });
      started.push(agent);
      // Welcomed (or refused for good): tests can talk to it right away.
      await eventually(() => agent.connectionState === 'connected' || agent.connectionState === 'stopped', 5000, 'the agent to connect');
      return {
        agentId: agent.agentId,
        virtual: agent.virtual,
        virtualIos: agent.virtualIos,
        get connectionState() {
          return agent.connectionState;
        },
        devices: agent.devices,
        runningJobs: agent.runningJobs,
        stop: agent.stop,
        done: agent.done,
        logs,
        stateDir,
      };
    },
    async stopAll(): Promise<void> {
      await Promise.all(started.splice(0).map((a) => a.stop({ drainSeconds: 0 })));
    },
  };
}

/** Polls until `check` returns true; `timeoutMs` bounds what must happen, it is not a timing. */
export async function eventually(check: () => boolean, timeoutMs = 15_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
