/**
 * The `devicelab` command as a CI job gets it: the lab-agent package packed with
 * `pnpm pack`, installed with `npm install` into an empty directory (only npm registry
 * packages may come with it), and run against a real control plane whose agent drives
 * virtual handsets. Packing and installing happen once for the file.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningAgent, startAgent } from '../../lab-agent/src/agent.js';
import { makeApk } from '../../scripts/fixtures/builds.js';
import { SAMPLE_EMAIL, SAMPLE_PASSWORD } from '../../virtual-devices/src/index.js';
import { addAgentToken } from '../src/admin/provision.js';
import { type Client, client, type Org, seedOrg, settledTest, startServer, type TestServer } from './harness.js';

const exec = promisify(execFile);
const labAgentDir = fileURLToPath(new URL('../../lab-agent/', import.meta.url));
let server: TestServer;
let org: Org;
let api: Client;
let agent: RunningAgent;
let work: string;
let devicelab: string;
let apk: string;
const ids = { login: '', checkout: '', slow: '' };

/** An element as saxes reported it: enough of a tree to read a JUnit report. */
interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
  text: string;
}

/** Parses with a strict XML parser: any malformed byte fails the test. */
function parseXml(xml: string): XmlNode {
  const parser = new SaxesParser();
  const stack: XmlNode[] = [];
  let root: XmlNode | undefined;
  parser.on('error', (err) => {
    throw err;
  });
  parser.on('opentag', (tag) => {
    const node: XmlNode = { name: tag.name, attributes: tag.attributes as Record<string, string>, children: [], text: '' };
    stack.at(-1)?.children.push(node);
    root ??= node;
    stack.push(node);
  });
  parser.on('text', (t) => {
    if (stack.length > 0) stack.at(-1)!.text += t;
  });
  parser.on('closetag', () => void stack.pop());
  parser.write(xml).close();
  return root!;
}
const child = (node: XmlNode, name: string) => node.children.find((c) => c.name === name);
const props = (node: XmlNode) =>
  Object.fromEntries((child(node, 'properties')?.children ?? []).map((p) => [p.attributes.name, p.attributes.value]));

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the installed command with only the environment a CI job would give it. */
function devicelabRun(args: string[], env: Record<string, string> = {}): Promise<Result> {
  return new Promise((resolve) => {
    const proc = spawn(devicelab, args, {
      cwd: work,
      env: { PATH: process.env.PATH ?? '', HOME: work, DEVICELAB_URL: server.url, DEVICELAB_API_KEY: org.apiKey, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    proc.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    proc.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    proc.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

async function createTest(title: string, commands: string[], extra: Record<string, unknown> = {}): Promise<string> {
  const res = await api('POST', '/tests', { title, commands, ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect((await settledTest(api, res.body.testId)).platforms.android.status).toBe('ready');
  return res.body.testId;
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** pnpm pack (its prepack builds dist/), then npm install of the tarball into an empty directory. */
async function installPackedTarball(): Promise<string> {
  const packs = join(work, 'packs');
  mkdirSync(packs);
  await exec('npx', ['--yes', 'pnpm@10', 'pack', '--pack-destination', packs], { cwd: labAgentDir });
  const [tarball] = readdirSync(packs).filter((f) => f.endsWith('.tgz'));
  const home = join(work, 'ci-machine');
  mkdirSync(home);
  writeFileSync(join(home, 'package.json'), '{"private":true}\n');
  await exec('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', join(packs, tarball!)], { cwd: home });
  return join(home, 'node_modules', '.bin', 'devicelab');
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'devicelab-cli-'));
  const installing = installPackedTarball();
  server = await startServer();
  org = await seedOrg(server.db, { name: 'CI org' });
  api = client(server.url, org.apiKey);
  const { agentToken } = await addAgentToken(server.db, null);
  agent = await startAgent({
    controlPlaneUrl: server.url,
    token: agentToken,
    virtualDevices: 2,
    stateDir: mkdtempSync(join(work, 'agent-')),
    log: () => {},
    backoff: { baseMs: 50, maxMs: 500 },
    drainSeconds: 1,
  });
  apk = join(work, 'sample.apk');
  await makeApk(apk, { packageName: 'com.devicelab.sample', versionName: '1.1', versionCode: 1, label: 'DeviceLab Sample' });
  // The build the tests pick by name; the first test uploads its own through the command.
  const form = new FormData();
  form.append('build', new Blob([readFileSync(apk)]), 'sample.apk');
  form.append('metadata', JSON.stringify({ name: 'ci-sample' }));
  const uploaded = await fetch(`${server.url}/uploadBuild`, {
    method: 'POST',
    headers: { authorization: `Bearer ${org.apiKey}` },
    body: form,
  });
  expect(uploaded.status).toBe(200);
  const login = ['Enter {{email}} in the Email field', 'Enter {{password}} in the Password field', 'Tap the Log in button'];
  const inputs = {
    testInputs: [
      { key: 'email', defaultValue: SAMPLE_EMAIL },
      { key: 'password', defaultValue: SAMPLE_PASSWORD },
    ],
  };
  ids.login = await createTest('Login works', [...login, 'assertVisible: "Products"'], { ...inputs, tags: ['smoke'] });
  ids.checkout = await createTest('Checkout button', ['Tap the Log in button', 'Tap the Checkout button'], { tags: ['broken'] });
  ids.slow = await createTest('Slow', ['launchApp', 'wait: 5', 'assertVisible: "Log in"'], { tags: ['slow'] });
  devicelab = await installing;
}, 240_000);

afterAll(async () => {
  await agent?.stop({ drainSeconds: 0 });
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

// Each test starts the installed command several times; on a busy CI machine a start takes seconds.
describe('devicelab installed from the packed tarball', { timeout: 120_000 }, () => {
  it('brought only npm registry packages and its own compiled JavaScript', () => {
    const installed = join(work, 'ci-machine', 'node_modules');
    type Locked = { resolved?: string; integrity?: string; link?: boolean };
    const lock = JSON.parse(readFileSync(join(work, 'ci-machine', 'package-lock.json'), 'utf8')) as { packages: Record<string, Locked> };
    const ours = 'node_modules/@devicelab/lab-agent';
    expect(lock.packages[ours]?.resolved).toMatch(/^file:.*\.tgz$/);
    // Registry packages carry the registry's integrity hash; a workspace link, a local
    // directory or a git dependency would not (npm may omit `resolved` for the registry).
    const foreign = Object.entries(lock.packages).filter(
      ([path, p]) => path !== '' && path !== ours && (!p.integrity || p.link || /^(file|git|link)[:+]/.test(p.resolved ?? '')),
    );
    expect(foreign).toEqual([]);
    expect(Object.keys(lock.packages).length).toBeGreaterThan(10);
    expect(existsSync(join(installed, '@devicelab', 'shared'))).toBe(false); // compiled in
    expect(readdirSync(join(installed, '@devicelab', 'lab-agent', 'dist'))).toContain('devicelab.js');
  });

  it('exits 0 on a passing run: uploads the build, writes the JUnit report and the summaries', async () => {
    const stepSummary = join(work, 'step-summary.md');
    writeFileSync(stepSummary, '# earlier step\n');
    const res = await devicelabRun(
      [
        'run',
        '--build',
        apk,
        '--build-name',
        'from-cli',
        '--tags',
        'smoke',
        '--junit',
        'reports/junit.xml',
        '--summary',
        'reports/summary.md',
      ],
      {
        GITHUB_STEP_SUMMARY: stepSummary,
        GITHUB_ACTIONS: 'true',
        GITHUB_REPOSITORY: 'acme/shop',
        GITHUB_SHA: 'abc123',
        GITHUB_RUN_ID: '77',
      },
    );
    expect(res.stderr).toBe('');
    expect(res.code, res.stdout).toBe(0);
    expect(res.stdout).toContain('organisation CI org');
    expect(res.stdout).not.toContain(org.apiKey);
    const runId = /run (run_\S+):/.exec(res.stdout)![1]!;
    // The run's page, not its API URL (which answers 401 in a browser).
    expect(res.stdout).toContain(`run ${runId}: ${server.config.appUrl}/runs/${runId}\n`);
    expect(res.stdout).toMatch(/passed +Login works \(\d+\.\d s\)/);

    const run = (await api('GET', `/runs/${runId}`)).body;
    expect(run).toMatchObject({
      status: 'completed',
      trigger: 'ci',
      ci: { provider: 'github', repository: 'acme/shop', sha: 'abc123', runId: '77' },
    });
    const build = (await api('GET', `/builds/${run.buildId}`)).body;
    expect(build.meta).toEqual({ name: 'from-cli' });

    const suite = child(parseXml(readFileSync(join(work, 'reports/junit.xml'), 'utf8')), 'testsuite')!;
    expect(suite.attributes).toMatchObject({ id: runId, tests: '1', failures: '0', errors: '0' });
    const [testcase] = suite.children.filter((c) => c.name === 'testcase');
    expect(testcase!.attributes.name).toBe('Login works');
    expect(Number(testcase!.attributes.time)).toBe(run.succeededTests[0].durationSeconds);
    // The Jenkins XSD allows properties on the suite only: a test's fields are named by its id there, and lines of its output.
    expect(child(testcase!, 'properties')).toBeUndefined();
    expect(props(suite)).toMatchObject({
      [`${ids.login}.title`]: 'Login works',
      [`${ids.login}.recording`]: run.succeededTests[0].recording,
      [`${ids.login}.interactionLogs`]: run.succeededTests[0].interactionLogs,
    });
    expect(child(testcase!, 'system-out')!.text).toContain(`test id: ${ids.login}\n`);
    expect(child(testcase!, 'failure')).toBeUndefined();

    const summary = readFileSync(join(work, 'reports/summary.md'), 'utf8');
    expect(summary).toContain(`### ✅ DeviceLab run \`${runId}\` passed`);
    expect(summary).toContain('| ✅ | Login works |');
    expect(readFileSync(stepSummary, 'utf8')).toBe(`# earlier step\n${summary}`);
  });

  it('exits 1 when a test fails, with the reason in a <failure>; the newest build by name is used', async () => {
    const res = await devicelabRun([
      'run',
      '--build-name',
      'ci-sample',
      '--platform',
      'android',
      '--test-ids',
      ids.checkout,
      '--tags',
      'smoke',
      '--junit',
      'failed.xml',
    ]);
    expect(res.code, res.stdout + res.stderr).toBe(1);
    expect(res.stdout).toMatch(/FAILED +Checkout button \(\d+\.\d s\): .*Checkout/);
    const suite = child(parseXml(readFileSync(join(work, 'failed.xml'), 'utf8')), 'testsuite')!;
    expect(suite.attributes).toMatchObject({ tests: '2', failures: '1', errors: '0' });
    const failed = suite.children.find((c) => c.attributes.name === 'Checkout button')!;
    expect(child(failed, 'failure')!.attributes.message).toMatch(/Checkout/);
    expect(child(failed, 'failure')!.text).toBe(child(failed, 'failure')!.attributes.message);
  });

  it('exits 1 when the run is cancelled while it waits: the unfinished test is an <error type="blocked">', async () => {
    const running = devicelabRun([
      'run',
      '--build-name',
      'ci-sample',
      '--tags',
      'slow',
      '--trigger',
      'cancel-me',
      '--junit',
      'cancelled.xml',
    ]);
    let runId: string | undefined;
    const deadline = Date.now() + 60_000;
    while (!runId && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      runId = (await api('GET', '/runs?trigger=cancel-me')).body.runs[0]?.runId;
    }
    expect((await api('POST', `/runs/${runId}/cancel`)).status).toBe(200);
    const res = await running;
    expect(res.code, res.stdout + res.stderr).toBe(1);
    expect(res.stdout).toContain(`run ${runId} cancelled`);
    const suite = child(parseXml(readFileSync(join(work, 'cancelled.xml'), 'utf8')), 'testsuite')!;
    expect(suite.attributes).toMatchObject({ tests: '1', failures: '0', errors: '1' });
    expect(props(suite)).toMatchObject({ runId, status: 'cancelled' });
    expect(child(suite.children.find((c) => c.name === 'testcase')!, 'error')!.attributes.type).toBe('blocked');
  });

  it('exits 2 on a bad flag, and on a request the service refuses, printing its detail', async () => {
    const badFlag = await devicelabRun(['run', '--build-id', 'bld_x', '--tags', 'smoke', '--bogus']);
    expect(badFlag.code).toBe(2);
    expect(badFlag.stderr).toContain("unknown option '--bogus'");
    // The help that follows names the key's variable, never its value.
    expect(badFlag.stderr).toContain('(env: DEVICELAB_API_KEY)');
    expect(badFlag.stderr).not.toContain(org.apiKey);
    const noTests = await devicelabRun(['run', '--build-id', 'bld_x']);
    expect(noTests.code).toBe(2);
    expect(noTests.stderr).toContain('which tests? pass --tags, --test-ids or both');

    const unknown = await devicelabRun(['run', '--build-name', 'ci-sample', '--test-ids', 'tst_nope']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/refused the request \(HTTP 404\): .*tst_nope/);
    const wrongKey = `${org.apiKey.slice(0, -6)}XXXXXX`; // well formed, wrong secret
    const badKey = await devicelabRun(['run', '--build-name', 'ci-sample', '--tags', 'smoke'], { DEVICELAB_API_KEY: wrongKey });
    expect(badKey.code).toBe(2);
    expect(badKey.stderr).toContain('(HTTP 401): invalid API key');
    expect(badKey.stderr).not.toContain('XXXXXX');
  });

  it('exits 3 when the run outlasts --timeout, reporting the unfinished tests; and when the service is unreachable', async () => {
    const res = await devicelabRun([
      'run',
      '--build-name',
      'ci-sample',
      '--tags',
      'slow',
      '--timeout',
      '2s',
      '--junit',
      'timeout.xml',
      '--summary',
      'timeout.md',
    ]);
    expect(res.code, res.stdout + res.stderr).toBe(3);
    expect(res.stderr).toMatch(/did not finish within 2s/);
    const suite = child(parseXml(readFileSync(join(work, 'timeout.xml'), 'utf8')), 'testsuite')!;
    const error = child(suite.children.find((c) => c.name === 'testcase')!, 'error')!;
    expect(error.attributes.type).toBe('timeout');
    expect(readFileSync(join(work, 'timeout.md'), 'utf8')).toContain('did not finish in time');

    const closed = await closedPort();
    const down = await devicelabRun(['run', '--build-name', 'ci-sample', '--tags', 'smoke', '--timeout', '3s'], {
      DEVICELAB_URL: `http://127.0.0.1:${closed}`,
    });
    expect(down.code).toBe(3);
    expect(down.stderr).toContain(`GET http://127.0.0.1:${closed}/me failed`);
    expect(down.stderr).toContain('ECONNREFUSED');
  });

  it('starts the lab agent as devicelab agent start: its handset joins the lab, SIGTERM stops it with 0', async () => {
    const { agentToken } = await addAgentToken(server.db, org.id);
    const proc = spawn(
      devicelab,
      ['agent', 'start', '--virtual-devices', '1', '--name', 'packed-agent', '--state-dir', join(work, 'packed-agent')],
      {
        env: { PATH: process.env.PATH ?? '', HOME: work, DEVICELAB_URL: server.url, DEVICELAB_AGENT_TOKEN: agentToken },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const exited = new Promise<number | null>((resolve) => proc.on('exit', resolve));
    try {
      const deadline = Date.now() + 60_000;
      let mine: Array<{ agentName: string; state: string; reserved: boolean }> = [];
      while (mine.length === 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 250));
        mine = (await api('GET', '/devices')).body.devices.filter((d: { agentName: string }) => d.agentName === 'packed-agent');
      }
      expect(mine).toEqual([expect.objectContaining({ state: 'online', reserved: true })]);
    } finally {
      proc.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });

  it('returns at once with --async, and uploads alone with devicelab upload', async () => {
    const started = await devicelabRun(['run', '--build-name', 'ci-sample', '--tags', 'smoke', '--async', '--trigger', 'nightly']);
    expect(started.code).toBe(0);
    const runId = /run (run_\S+):/.exec(started.stdout)![1]!;
    expect((await api('GET', `/runs/${runId}`)).body).toMatchObject({ trigger: 'nightly' });

    const uploaded = await devicelabRun(['upload', apk, '--name', 'uploaded-alone']);
    expect(uploaded.code, uploaded.stderr).toBe(0);
    const buildId = uploaded.stdout.trim();
    expect(buildId).toMatch(/^bld_\S+$/);
    expect((await api('GET', `/builds/${buildId}`)).body).toMatchObject({ meta: { name: 'uploaded-alone' }, platform: 'android' });
  });
});
