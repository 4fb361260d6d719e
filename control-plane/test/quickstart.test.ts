/**
 * Issue 14 point 5: the README is the contract. The shell blocks of its Quickstart section
 * (up to its first subsection)
 * run as written in a non-interactive bash (stricter than a terminal: -e -o pipefail), with
 * only PORT, DATA_DIR and the agent's state dir chosen by the test through the environment.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { backend } from './harness.js';
import { freePort } from './replica-processes.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** The ```sh blocks of a markdown text, in order. */
export function shellBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
}

/** From the `## heading` (or `### heading`) line to the next heading of any level (its subsections are left out). */
function section(markdown: string, heading: string, level = '##'): string {
  const start = markdown.indexOf(`\n${level} ${heading}`);
  if (start < 0) throw new Error(`README has no "## ${heading}" section`);
  const end = markdown.slice(start + 1).search(/\n#{2,3} /);
  return markdown.slice(start, end < 0 ? undefined : start + 1 + end);
}

/** Every JSON object in `text` that starts with `start` (curl prints bodies with no newline after them). */
function jsonObjects(text: string, start: string): any[] {
  const out: any[] = [];
  for (let i = text.indexOf(start); i >= 0; i = text.indexOf(start, i + 1)) {
    let depth = 0;
    let inString = false;
    for (let j = i; j < text.length; j += 1) {
      const c = text[j];
      if (inString) {
        if (c === '\\') j += 1;
        else if (c === '"') inString = false;
      } else if (c === '"') inString = true;
      else if (c === '{') depth += 1;
      else if (c === '}' && (depth -= 1) === 0) {
        out.push(JSON.parse(text.slice(i, j + 1)));
        break;
      }
    }
  }
  return out;
}

/** Whether every process of group `pgid` has ended (waits up to 5 s for the last exits). */
async function groupGone(pgid: number): Promise<boolean> {
  for (const deadline = Date.now() + 5000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
    try {
      process.kill(-pgid, 0);
    } catch {
      return true;
    }
  }
  return false;
}

const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');

describe('README and docs/ commands', () => {
  it('call pnpm through npx --yes, which a non-interactive shell needs (no prompt to install it)', () => {
    const guides = readdirSync(join(repoRoot, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => readFileSync(join(repoRoot, 'docs', f), 'utf8'));
    const lines = [readme, readFileSync(join(repoRoot, 'lab-agent/README.md'), 'utf8'), ...guides]
      .flatMap(shellBlocks)
      .flatMap((block) => block.split('\n'))
      .filter((line) => !line.trimStart().startsWith('#'));
    expect(lines.length).toBeGreaterThan(20);
    // `npx pnpm@10` without --yes asks before installing (and fails without a terminal); a bare
    // `pnpm` needs a global install. `npx vitest`/`npx tsx` run the repository's own binaries.
    const bad = lines.filter(
      (line) => /(^|[\s(;&|=])npx (?!--yes )(pnpm|-)/.test(line) || /(^|[\s(;&|=])pnpm\s/.test(line.replace(/npx --yes pnpm@10/g, '')),
    );
    expect(bad).toEqual([]);
  });
});

interface ScriptRun {
  code: number | null;
  stdout: string;
  context: string;
  /** Whether the script's process group had ended by itself once the script exited. */
  nothingLeft: boolean;
  log(name: string): string;
}

/**
 * Runs shell blocks as one non-interactive script in a process group of its own, stops what it
 * left behind, and checks nothing is left answering on its port.
 */
async function runScript(blocks: string[], options: { env?: Record<string, string>; timeoutMs: number }): Promise<ScriptRun> {
  const work = mkdtempSync(join(tmpdir(), 'quickstart-'));
  const script = join(work, 'quickstart.sh');
  writeFileSync(script, blocks.join('\n'));
  const port = await freePort();

  // The caller's own DeviceLab settings must not leak in: the quickstart sets what it needs.
  // Nor vitest's: it sets BASE_URL=/ (Vite's), which the control plane would take as its address.
  const env: Record<string, string> = {};
  const foreign =
    /^(DEVICELAB_|ADMIN_TOKEN$|PORT$|DATA_DIR$|DATABASE_URL$|TEST_DATABASE_URL$|BASE_URL$|APP_URL$|VITEST|VITE_|MODE$|DEV$|PROD$|SSR$|NODE_ENV$)/;
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !foreign.test(k)) env[k] = v;
  Object.assign(
    env,
    { PORT: String(port), DATA_DIR: join(work, 'data'), DEVICELAB_AGENT_STATE_DIR: join(work, 'agent-state') },
    options.env,
  );

  // Its own process group, so every process the script leaves behind can be stopped.
  const child = spawn('bash', ['-e', '-o', 'pipefail', script], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
  clearTimeout(timer);
  const nothingLeft = await groupGone(child.pid!);
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
  if (!nothingLeft) await new Promise((resolve) => setTimeout(resolve, 2000));
  expect(
    await fetch(`http://127.0.0.1:${port}/healthz`).then(
      () => 'answering',
      () => 'stopped',
    ),
  ).toBe('stopped');
  return { code, stdout, context, nothingLeft, log };
}

// One process tree with its own embedded database; the real-PostgreSQL pass adds nothing.
describe.skipIf(backend === 'postgres')('README quickstart', () => {
  // One script, as a reader would go on in the same shell: the Android quickstart, the same on
  // iOS, then docs/tunnels.md's worked example (it continues the quickstart's shell). One script,
  // not one per guide: each start of the quickstart costs a control plane, an agent and about ten
  // `npx --yes pnpm@10` calls (about 20 s of CPU), and the suite must stay short.
  it('runs as written in a non-interactive shell, Android, iOS, then the tunnel example: each run as documented; it stops cleanly and a restart keeps the token', async () => {
    const android = shellBlocks(section(readme, 'Quickstart'));
    const ios = shellBlocks(section(readme, 'The same on iOS', '###'));
    const tunnels = readFileSync(join(repoRoot, 'docs/tunnels.md'), 'utf8');
    const tunnelExample = shellBlocks(tunnels.slice(tunnels.indexOf('## A worked example')));
    expect(android.length).toBeGreaterThanOrEqual(1);
    expect(ios.length).toBeGreaterThanOrEqual(1);
    expect(tunnelExample.length).toBeGreaterThanOrEqual(1);
    expect(android.join('\n')).toContain('--virtual-devices 2');
    expect(ios.join('\n')).toContain('--virtual-iphones 1');
    // Then what the README says to do next: stop the background jobs (the control plane, the two
    // agents, the tunnel example's internal host and tunnel client); later, start again (without
    // ADMIN_TOKEN: it is only on the quickstart's first start line) and use the same token.
    const epilogue = [
      'kill %5 %4 %3 %2 %1',
      'wait',
      'echo "stopped cleanly"',
      'npx --yes pnpm@10 start > $DATA_DIR/control-plane-restart.log 2>&1 &',
      'RESTARTED=$!',
      'until curl -sf $DL/healthz > /dev/null; do sleep 1; done',
      'npx --yes pnpm@10 --silent admin list-orgs > $DATA_DIR/orgs-after-restart.json',
      'kill $RESTARTED',
      'wait',
    ];
    const { code, stdout, context, nothingLeft, log } = await runScript([...android, ...ios, tunnelExample[0]!, epilogue.join('\n')], {
      env: { INTERNAL_PORT: String(await freePort()) },
      // About 2 min on a quiet machine; a CI machine twice as slow once killed it at 5 min while its
      // epilogue was stopping, so the limit is 10 min (the suite's other files run meanwhile).
      timeoutMs: 600_000,
    });
    expect(code, context).toBe(0);
    // Nothing the script started is left: `kill %5 … %1` and `kill $RESTARTED` stopped every process of its group.
    expect(nothingLeft, context).toBe(true);
    const runs = jsonObjects(stdout, '{"runId"');
    expect(
      runs.map((r) => r.platform),
      context,
    ).toEqual(['android', 'ios', 'ios', 'android']);
    for (const run of runs.slice(0, 3)) {
      expect(run).toMatchObject({ status: 'completed', totalTests: 2, blockedTests: [] });
      expect(run.succeededTests.map((t: { title: string }) => t.title)).toEqual(['Login works']);
      expect(run.failedTests.map((t: { title: string }) => t.title)).toEqual(['Checkout']);
    }
    expect(runs.slice(0, 3).map((r) => r.physical)).toEqual([false, false, true]);
    // docs/tunnels.md's example: its one test reached the internal host through the tunnel.
    const tunnelled = runs[3];
    // CI once saw this run not succeed (the one time in many): the tunnel client's log says whether its stream was the cause.
    expect(tunnelled, `${context}\n--- tunnel client\n${log('tunnel.log')}`).toMatchObject({
      status: 'completed',
      totalTests: 1,
      failedTests: [],
      blockedTests: [],
    });
    expect(tunnelled.succeededTests.map((t: { title: string }) => t.title)).toEqual(['Staging answers']);
    expect(log('agent.log')).toMatch(/device found: virtual-1/);
    expect(stdout).toContain('stopped cleanly');
    // The restart printed no new secret, and the quickstart's operator token still works.
    expect(log('control-plane-restart.log'), context).toContain('DeviceLab control plane on');
    expect(log('control-plane-restart.log')).not.toMatch(/First start|dl_admin_/);
    expect(JSON.parse(log('orgs-after-restart.json')).organisations.map((o: { name: string }) => o.name)).toEqual([
      'Default',
      'Quickstart',
    ]);
  }, 630_000);
});
