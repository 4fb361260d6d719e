/**
 * Issue 14 point 1: no command prints a secret by accident. Every command's help and its
 * usage and runtime errors are run with every secret the tools read set in the environment
 * (and in URLs), and their whole output is searched for them.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backend, startServer, type TestServer } from './harness.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));

const SECRETS = {
  DEVICELAB_ADMIN_TOKEN: 'dl_admin_LeakCheckOperator0000000000000000000000',
  DEVICELAB_AGENT_TOKEN: 'dl_agent_LeakCheckAgent000000000000000000000000',
  ADMIN_TOKEN: 'LeakCheck-admin-token-from-env',
  AI_API_KEY: 'LeakCheck-ai-api-key',
};
const URL_PASSWORD = 'LeakCheckUrlPassword';
const leaks = [...Object.values(SECRETS), URL_PASSWORD];

interface Case {
  name: string;
  entry: 'admin' | 'agent' | 'start';
  args: string[];
  env?: Record<string, string>;
  /** The exit code the case must end with: proves it ran into the help or the error it is about. */
  exit: number;
  /** Text the output must contain, for the same reason. */
  says: string;
}

const entries = { admin: 'control-plane/src/cli/admin.ts', agent: 'lab-agent/src/cli.ts', start: 'control-plane/src/main.ts' };

function run(c: Case): Promise<{ code: number | null; output: string }> {
  const child = spawn(tsx, [entries[c.entry], ...c.args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', HOME: mkdtempSync(join(tmpdir(), 'leak-home-')), LOG_REQUESTS: '0', ...SECRETS, ...c.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
  return new Promise((resolve) => child.on('exit', (code) => (clearTimeout(timer), resolve({ code, output }))));
}

let server: TestServer;
let takenPort: ReturnType<typeof createServer>;
beforeAll(async () => {
  server = await startServer();
  takenPort = createServer();
  await new Promise<void>((resolve) => takenPort.listen(0, '0.0.0.0', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => takenPort.close(resolve));
  await server.close();
});

// Every case spawns processes; once is enough (the real-PostgreSQL pass adds nothing).
describe.skipIf(backend === 'postgres')('secrets in help and error output', () => {
  it('appear in no command output', async () => {
    const withUrl = (url: string) => url.replace('http://', `http://operator:${URL_PASSWORD}@`);
    const cases: Case[] = [
      { name: 'admin help', entry: 'admin', args: ['--help'], exit: 0, says: 'operator token (env: DEVICELAB_ADMIN_TOKEN)' },
      ...['list-orgs', 'create-org', 'create-key', 'create-agent-token', 'revoke-key'].map((cmd) => ({
        name: `admin ${cmd} help`,
        entry: 'admin' as const,
        args: [cmd, '--help'],
        exit: 0,
        says: `Usage: admin ${cmd}`,
      })),
      { name: 'admin unknown command', entry: 'admin', args: ['nope'], exit: 2, says: "unknown command 'nope'" },
      { name: 'admin missing option', entry: 'admin', args: ['create-key'], exit: 2, says: "required option '--org <organisationId>'" },
      {
        name: 'admin bad choice',
        entry: 'admin',
        args: ['create-key', '--org', 'org_x', '--kind', 'root'],
        exit: 2,
        says: 'Allowed choices',
      },
      { name: 'admin unknown option', entry: 'admin', args: ['list-orgs', '--verbose'], exit: 2, says: "unknown option '--verbose'" },
      { name: 'admin neither --org nor --shared', entry: 'admin', args: ['create-agent-token'], exit: 2, says: '--org ID or --shared' },
      { name: 'admin refused token', entry: 'admin', args: ['list-orgs'], env: { DEVICELAB_URL: server.url }, exit: 1, says: '401' },
      {
        name: 'admin refused token on the command line',
        entry: 'admin',
        args: ['--token', SECRETS.ADMIN_TOKEN, 'list-orgs'],
        env: { DEVICELAB_URL: server.url },
        exit: 1,
        says: '401',
      },
      {
        name: 'admin unreachable',
        entry: 'admin',
        args: ['list-orgs'],
        env: { DEVICELAB_URL: 'http://127.0.0.1:1' },
        exit: 1,
        says: 'cannot reach the control plane at http://127.0.0.1:1',
      },
      {
        name: 'admin URL with a password',
        entry: 'admin',
        args: ['list-orgs'],
        env: { DEVICELAB_URL: withUrl(server.url) },
        exit: 1,
        says: 'must not include a user or password',
      },
      {
        name: 'admin invalid URL',
        entry: 'admin',
        args: ['list-orgs'],
        env: { DEVICELAB_URL: `not a url ${URL_PASSWORD}` },
        exit: 1,
        says: 'must be an http(s) URL',
      },
      { name: 'agent help', entry: 'agent', args: ['--help'], exit: 0, says: 'Usage: ' },
      { name: 'agent start help', entry: 'agent', args: ['start', '--help'], exit: 0, says: 'agent token (env: DEVICELAB_AGENT_TOKEN)' },
      { name: 'agent unknown option', entry: 'agent', args: ['start', '--verbose'], exit: 2, says: "unknown option '--verbose'" },
      { name: 'agent bad number', entry: 'agent', args: ['start', '--adb-port', 'x'], exit: 2, says: 'expected a whole number' },
      { name: 'agent no URL', entry: 'agent', args: ['start'], exit: 2, says: 'the control plane URL is missing' },
      { name: 'agent bad URL', entry: 'agent', args: ['start', '--control-plane', 'ftp://x'], exit: 2, says: '--control-plane must be' },
      {
        name: 'agent bad URL in a list',
        entry: 'agent',
        args: ['start', '--control-plane', 'http://cp1:8080,ftp://x'],
        exit: 2,
        says: 'or a comma-separated list of them, got "ftp://x"',
      },
      {
        name: 'agent refused token',
        entry: 'agent',
        args: ['start', '--virtual-devices', '1'],
        env: { DEVICELAB_URL: withUrl(server.url), DEVICELAB_AGENT_STATE_DIR: mkdtempSync(join(tmpdir(), 'leak-agent-')) },
        exit: 1,
        says: 'the control plane refused this agent',
      },
      {
        name: 'start with a bad setting',
        entry: 'start',
        args: [],
        env: { PORT: 'eighty' },
        exit: 1,
        says: 'PORT must be a positive integer',
      },
      {
        name: 'start with an unreachable database',
        entry: 'start',
        args: [],
        env: { DATABASE_URL: `postgres://devicelab:${URL_PASSWORD}@127.0.0.1:1/devicelab` },
        exit: 1,
        says: 'cannot open the database (DATABASE_URL)',
      },
      {
        name: 'start on a port in use',
        entry: 'start',
        args: [],
        env: { PORT: String((takenPort.address() as AddressInfo).port), DATA_DIR: mkdtempSync(join(tmpdir(), 'leak-data-')) },
        exit: 1,
        says: 'is already in use',
      },
    ];
    // A few at a time: each is a Node process on a small shared machine.
    const results: Array<{ c: Case; code: number | null; output: string }> = [];
    for (let i = 0; i < cases.length; i += 3) {
      results.push(...(await Promise.all(cases.slice(i, i + 3).map(async (c) => ({ c, ...(await run(c)) })))));
    }
    for (const { c, code, output } of results) {
      expect({ case: c.name, code, says: output.includes(c.says) }, output).toEqual({ case: c.name, code: c.exit, says: true });
      for (const secret of leaks) expect(output, `${c.name} printed a secret`).not.toContain(secret);
    }
  }, 400_000);
});
