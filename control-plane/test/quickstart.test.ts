/**
 * Issue 14 point 5: the README is the contract. The shell blocks of its Quickstart section
 * (up to its first subsection)
 * run as written in a non-interactive bash (stricter than a terminal: -e -o pipefail), with
 * only PORT, DATA_DIR and the agent's state dir chosen by the test through the environment.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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

describe('README commands', () => {
  it('call pnpm through npx --yes, which a non-interactive shell needs (no prompt to install it)', () => {
    const lines = [readme, readFileSync(join(repoRoot, 'lab-agent/README.md'), 'utf8')]
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

// One process tree with its own embedded database; the real-PostgreSQL pass adds nothing.
describe.skipIf(backend === 'postgres')('README quickstart', () => {
  it('runs as written in a non-interactive shell: two tests on virtual handsets, one passes and one fails', async () => {
    const blocks = shellBlocks(section(readme, 'Quickstart'));
    expect(blocks.length).toBeGreaterThanOrEqual(1);
    expect(blocks.join('\n')).toContain('--virtual-devices 2');
    const work = mkdtempSync(join(tmpdir(), 'quickstart-'));
    const script = join(work, 'quickstart.sh');
    writeFileSync(script, blocks.join('\n'));
    const port = await freePort();

    // The caller's own DeviceLab settings must not leak in: the quickstart sets what it needs.
    // Nor vitest's: it sets BASE_URL=/ (Vite's), which the control plane would take as its address.
    const env: Record<string, string> = {};
    const foreign = /^(DEVICELAB_|ADMIN_TOKEN$|PORT$|DATA_DIR$|DATABASE_URL$|TEST_DATABASE_URL$|BASE_URL$|APP_URL$|VITEST|VITE_|MODE$|DEV$|PROD$|SSR$|NODE_ENV$)/;
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !foreign.test(k)) env[k] = v;
    Object.assign(env, { PORT: String(port), DATA_DIR: join(work, 'data'), DEVICELAB_AGENT_STATE_DIR: join(work, 'agent-state') });

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
    expect(code, context).toBe(0);
    // curl prints no newline after a body: the run is the last `{"runId"…}` up to the end of its line.
    const runText = /\{"runId"[^\n]*$/m.exec(stdout.slice(stdout.lastIndexOf('{"runId"')))?.[0];
    expect(runText, context).toBeDefined();
    const run = JSON.parse(runText!);
    expect(run).toMatchObject({ status: 'completed', totalTests: 2, blockedTests: [] });
    expect(run.succeededTests.map((t: { title: string }) => t.title)).toEqual(['Login works']);
    expect(run.failedTests.map((t: { title: string }) => t.title)).toEqual(['Checkout']);
    expect(log('agent.log')).toMatch(/device found: virtual-1/);
    // The group kill above stops what the quickstart left running. Nothing may be left answering.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(await fetch(`http://127.0.0.1:${port}/healthz`).then(() => 'answering', () => 'stopped')).toBe('stopped');
  }, 180_000);
});
