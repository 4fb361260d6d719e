/**
 * Issue 14 point 5: the README is the contract. The shell blocks of its Quickstart section
 * (up to its first subsection)
 * run as written in a non-interactive bash (stricter than a terminal: -e -o pipefail), with
 * only PORT, DATA_DIR and the agent's state dir chosen by the test through the environment.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { backend } from './harness.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The ```sh blocks of a markdown text, in order. */
export function shellBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
}

/** From the `## heading` line to the next heading of any level (its subsections are left out). */
function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n## ${heading}`);
  if (start < 0) throw new Error(`README has no "## ${heading}" section`);
  const end = markdown.slice(start + 1).search(/\n#{2,3} /);
  return markdown.slice(start, end < 0 ? undefined : start + 1 + end);
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');

describe('README and docs/ commands', () => {
  it('call pnpm through npx --yes, which a non-interactive shell needs (no prompt to install it)', () => {
    const guides = readdirSync(join(repoRoot, 'docs')).filter((f) => f.endsWith('.md')).map((f) => readFileSync(join(repoRoot, 'docs', f), 'utf8'));
    const lines = [readme, readFileSync(join(repoRoot, 'lab-agent/README.md'), 'utf8'), ...guides]
      .flatMap(shellBlocks)
      .flatMap((block) => block.split('\n'))
      .filter((line) => !line.trimStart().startsWith('#'));
    expect(lines.length).toBeGreaterThan(20);
    // `npx pnpm@10` without --yes asks before installing (and fails without a terminal); a bare
    // `pnpm` needs a global install. `npx vitest`/`npx tsx` run the repository's own binaries.
    const bad = lines.filter((line) => /(^|[\s(;&|=])npx (?!--yes )(pnpm|-)/.test(line) || /(^|[\s(;&|=])pnpm\s/.test(line.replace(/npx --yes pnpm@10/g, '')));
    expect(bad).toEqual([]);
  });
});

interface ScriptRun {
  code: number | null;
  stdout: string;
  context: string;
  log(name: string): string;
}

/** Runs shell blocks as one non-interactive script in a process group of its own, and stops what it left behind. */
async function runScript(blocks: string[], extraEnv: Record<string, string> = {}): Promise<ScriptRun> {
  const work = mkdtempSync(join(tmpdir(), 'quickstart-'));
  const script = join(work, 'quickstart.sh');
  writeFileSync(script, blocks.join('\n'));
  const port = await freePort();

  // The caller's own DeviceLab settings must not leak in: the quickstart sets what it needs.
  // Nor vitest's: it sets BASE_URL=/ (Vite's), which the control plane would take as its address.
  const env: Record<string, string> = {};
  const foreign = /^(DEVICELAB_|ADMIN_TOKEN$|PORT$|DATA_DIR$|DATABASE_URL$|TEST_DATABASE_URL$|BASE_URL$|APP_URL$|VITEST|VITE_|MODE$|DEV$|PROD$|SSR$|NODE_ENV$)/;
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !foreign.test(k)) env[k] = v;
  Object.assign(env, { PORT: String(port), DATA_DIR: join(work, 'data'), DEVICELAB_AGENT_STATE_DIR: join(work, 'agent-state') }, extraEnv);

  // Its own process group, so every process the script leaves behind can be stopped.
  const child = spawn('bash', ['-e', '-o', 'pipefail', script], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 150_000);
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  clearTimeout(timer);
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    // the script's own `kill` stopped everything already
  }

  const log = (name: string) => {
    try {
      return readFileSync(join(work, 'data', name), 'utf8');
    } catch {
      return '';
    }
  };
  const context = `exit ${code}\n--- stdout\n${stdout}\n--- stderr\n${stderr}\n--- control plane\n${log('control-plane.log')}\n--- agent\n${log('agent.log')}`;
  // The group kill above stops what the script left running. Nothing may be left answering.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  expect(await fetch(`http://127.0.0.1:${port}/healthz`).then(() => 'answering', () => 'stopped')).toBe('stopped');
  return { code, stdout, context, log };
}

/** The last `{"runId"…}` the script printed (curl prints no newline after a body: up to the end of its line). */
function lastRun(run: ScriptRun): any {
  const runText = /\{"runId"[^\n]*$/m.exec(run.stdout.slice(run.stdout.lastIndexOf('{"runId"')))?.[0];
  expect(runText, run.context).toBeDefined();
  return JSON.parse(runText!);
}

// One process tree with its own embedded database; the real-PostgreSQL pass adds nothing.
describe.skipIf(backend === 'postgres')('README quickstart', () => {
  it('runs as written in a non-interactive shell: two tests on virtual handsets, one passes and one fails', async () => {
    const blocks = shellBlocks(section(readme, 'Quickstart'));
    expect(blocks.length).toBeGreaterThanOrEqual(1);
    expect(blocks.join('\n')).toContain('--virtual-devices 2');
    const result = await runScript(blocks);
    expect(result.code, result.context).toBe(0);
    const run = lastRun(result);
    expect(run).toMatchObject({ status: 'completed', totalTests: 2, blockedTests: [] });
    expect(run.succeededTests.map((t: { title: string }) => t.title)).toEqual(['Login works']);
    expect(run.failedTests.map((t: { title: string }) => t.title)).toEqual(['Checkout']);
    expect(result.log('agent.log')).toMatch(/device found: virtual-1/);
  }, 180_000);

  it("docs/tunnels.md's worked example, after the quickstart, passes through the tunnel", async () => {
    const tunnels = readFileSync(join(repoRoot, 'docs/tunnels.md'), 'utf8');
    const example = shellBlocks(tunnels.slice(tunnels.indexOf('## A worked example')));
    expect(example.length).toBeGreaterThanOrEqual(1);
    const result = await runScript([...shellBlocks(section(readme, 'Quickstart')), example[0]!], { INTERNAL_PORT: String(await freePort()) });
    expect(result.code, result.context).toBe(0);
    const run = lastRun(result);
    expect(run, result.context).toMatchObject({ status: 'completed', totalTests: 1, failedTests: [], blockedTests: [] });
    expect(run.succeededTests.map((t: { title: string }) => t.title)).toEqual(['Staging answers']);
  }, 180_000);
});
