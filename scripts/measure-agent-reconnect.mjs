#!/usr/bin/env node
// How long a lab agent takes to come back after a control-plane restart (issue 14 point 3),
// on the real processes: a control plane (tsx control-plane/src/main.ts, embedded PGlite)
// and an agent CLI with one virtual handset. Each round stops the control plane with
// SIGTERM, leaves it down for DOWN_SECONDS (the agent's backoff grows meanwhile), starts it
// again, and prints the time from its first /healthz answer to the agent's next welcome.
//
//   node scripts/measure-agent-reconnect.mjs [ROUNDS=3] [DOWN_SECONDS=12]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const rounds = Number(process.argv[2] ?? 3);
const downSeconds = Number(process.argv[3] ?? 12);
const port = 18600 + Math.floor(Math.random() * 300);
const base = `http://127.0.0.1:${port}`;
const adminToken = 'measure-agent-reconnect';
const dataDir = mkdtempSync(join(tmpdir(), 'reconnect-cp-'));
const stateDir = mkdtempSync(join(tmpdir(), 'reconnect-agent-'));
const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_REQUESTS: '0', ADMIN_TOKEN: adminToken };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** The first agent log line from index `from` on that contains `text`, once there is one. */
const logLine = async (from, text) => {
  for (;;) {
    const found = log.slice(from).find((l) => l.line.includes(text));
    if (found) return found;
    await sleep(20);
  }
};

const startControlPlane = () =>
  spawn(process.execPath, ['--import', 'tsx', 'control-plane/src/main.ts'], { cwd: root, env, stdio: 'ignore' });
async function firstHealthyAt() {
  for (;;) {
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.status === 200,
        () => false,
      )
    )
      return Date.now();
    await sleep(100);
  }
}

let controlPlane = startControlPlane();
await firstHealthyAt();
const res = await fetch(`${base}/admin/agent-tokens`, {
  method: 'POST',
  headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
  body: '{"shared":true}',
});
const { agentToken } = await res.json();
const agent = spawn(
  process.execPath,
  ['--import', 'tsx', 'lab-agent/src/cli.ts', 'start', '--control-plane', base, '--virtual-devices', '1', '--state-dir', stateDir],
  { cwd: root, env: { ...process.env, DEVICELAB_AGENT_TOKEN: agentToken }, stdio: ['ignore', 'pipe', 'inherit'] },
);
const log = [];
agent.stdout.on('data', (d) => {
  for (const line of d.toString().split('\n')) if (line) log.push({ at: Date.now(), line });
});
const stopAll = () => {
  agent.kill('SIGKILL');
  controlPlane.kill('SIGKILL');
  for (const dir of [dataDir, stateDir]) rmSync(dir, { recursive: true, force: true });
};
process.on('exit', stopAll);
await logLine(0, 'connection connected');

for (let round = 1; round <= rounds; round += 1) {
  const before = log.length;
  controlPlane.kill('SIGTERM');
  await new Promise((resolve) => controlPlane.once('exit', resolve));
  await sleep(downSeconds * 1000);
  const seen = log.length;
  controlPlane = startControlPlane();
  const answering = await firstHealthyAt();
  const welcomed = (await logLine(seen, 'connection connected')).at;
  const delays = log
    .slice(before)
    .filter((l) => l.at < answering)
    .map((l) => /reconnecting in (\d+) ms/.exec(l.line))
    .filter(Boolean)
    .map((m) => Number(m[1]));
  const probe = log.slice(seen).find((l) => l.line.includes('is healthy'));
  console.log(
    `round ${round}: down ${downSeconds} s, backoff grown to ${Math.max(...delays)} ms; ` +
      `welcomed ${welcomed - answering} ms after the control plane first answered /healthz${probe ? ` (${probe.line.replace(/^\S+ /, '')})` : ''}`,
  );
}
stopAll();
