/**
 * Real lab agents, in-process, for end-to-end test files: each with a state folder of its
 * own, quiet, reconnecting fast. `stopAll` (afterEach) stops every one still running. And one
 * in a process of its own, for tests that kill it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AgentOptions, type RunningAgent, startAgent } from '../../lab-agent/src/agent.js';

export interface LabAgents {
  start(options: Partial<AgentOptions>): Promise<RunningAgent>;
  stopAll(): Promise<void>;
}

/** `base` is read at each start (the server and folder exist only once beforeAll ran). */
export function labAgents(base: () => { controlPlaneUrl: string; token: string; work: string }): LabAgents {
  const running: RunningAgent[] = [];
  return {
    async start(options) {
      const { controlPlaneUrl, token, work } = base();
      const agent = await startAgent({
        controlPlaneUrl,
        token,
        stateDir: mkdtempSync(join(work, 'agent-')),
        // Tests that expect a step to fail need not wait the default 5 s for its target
        // (e2e-step-waits.test.ts tests that wait with the agent's defaults).
        log: () => {},
        backoff: { baseMs: 50, maxMs: 500 },
        drainSeconds: 1,
        stepWaitSeconds: 1,
        ...options,
      });
      running.push(agent);
      return agent;
    },
    async stopAll() {
      await Promise.all(running.splice(0).map((a) => a.stop({ drainSeconds: 0 })));
    },
  };
}

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A lab agent in a process of its own (`devicelab agent start`) with one virtual device: for a test that kills it with SIGKILL. */
export function startAgentProcess(controlPlaneUrl: string, token: string, stateDir: string): ChildProcess {
  return spawn(
    process.execPath,
    ['--import', 'tsx', join(root, 'lab-agent/src/cli.ts'), 'start', '--control-plane', controlPlaneUrl, '--token', token].concat([
      '--virtual-devices',
      '1',
      '--state-dir',
      stateDir,
    ]),
    { cwd: root, stdio: 'ignore' },
  );
}
