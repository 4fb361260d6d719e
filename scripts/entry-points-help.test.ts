/**
 * Issue 20 part 2: every entry point and every one of its commands answers --help (and -h)
 * with its usage, exit 0, starting nothing; an unknown flag is exit 2 naming it. The command
 * trees are walked from their own help, so a command added later is covered too. (`start`,
 * which needs a database backend, is in control-plane/test/service-lifecycle.test.ts.)
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const entries = { devicelab: 'lab-agent/src/cli.ts', admin: 'control-plane/src/cli/admin.ts' };

function run(entry: keyof typeof entries, args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', entries[entry], ...args], {
    cwd: root,
    encoding: 'utf8',
    // Nothing to connect to: a command that started anything would fail or hang (timeout).
    env: { PATH: process.env.PATH ?? '', HOME: mkdtempSync(join(tmpdir(), 'help-home-')), DEVICELAB_URL: 'http://127.0.0.1:9' },
    timeout: 30_000,
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}`, stdout: r.stdout };
}

/** The command names in a commander help text's "Commands:" section (help itself aside). */
function commandsIn(help: string): string[] {
  const section = help.split(/\nCommands:\n/)[1];
  if (!section) return [];
  return section
    .split('\n')
    .map((l) => /^ {2}([a-z][\w-]*)/.exec(l)?.[1])
    .filter((c): c is string => c !== undefined && c !== 'help');
}

type Help = ReturnType<typeof run>;

/** Every command path under `path`, with what its `--help` printed (each entry spawned once per flag). */
function walk(entry: keyof typeof entries, path: string[] = []): Array<{ path: string[]; help: Help }> {
  const help = run(entry, [...path, '--help']);
  if (help.code !== 0) throw new Error(`${entry} ${path.join(' ')} --help exited ${help.code}: ${help.out}`);
  return [{ path, help }, ...commandsIn(help.stdout).flatMap((c) => walk(entry, [...path, c]))];
}

describe.each(Object.keys(entries) as Array<keyof typeof entries>)('%s', (entry) => {
  const commands = walk(entry);

  it('has the commands we know of', () => {
    const names = commands.map((c) => c.path.join(' '));
    if (entry === 'devicelab') expect(names).toEqual(expect.arrayContaining(['agent start', 'start', 'run', 'upload']));
    else expect(names).toEqual(expect.arrayContaining(['create-org', 'rotate-operator-token', 'list-orgs']));
  });

  it.each(commands.map((c) => [c.path.join(' ') || '(top)', c] as const))(
    '%s: --help and -h print usage and exit 0; an unknown flag exits 2 naming it',
    (_name, { path, help: longHelp }) => {
      for (const help of [longHelp, run(entry, [...path, '-h'])]) {
        expect(help.code, help.out).toBe(0);
        expect(help.stdout).toMatch(
          new RegExp(`^Usage: ${entry === 'devicelab' ? 'devicelab' : 'admin'}${path.map((p) => ` ${p}`).join('')} `),
        );
        expect(help.out).not.toMatch(/ECONNREFUSED|cannot reach|connection connecting|lab agent \S+ started/);
      }
      const bad = run(entry, [...path, '--no-such-flag']);
      expect(bad.code, bad.out).toBe(2);
      expect(bad.out).toContain("unknown option '--no-such-flag'");
    },
  );
});

describe('settings and defaults in help', () => {
  it('agent start lists each of its settings with its environment variable, and its defaults', () => {
    const { stdout } = run('devicelab', ['agent', 'start', '--help']);
    for (const env of [
      'DEVICELAB_URL',
      'DEVICELAB_AGENT_TOKEN',
      'DEVICELAB_VIRTUAL_DEVICES',
      'DEVICELAB_AGENT_STATE_DIR',
      'DEVICELAB_DRAIN_SECONDS',
      'ADB_PORT',
    ]) {
      expect(stdout.replace(/\s+/g, ' ')).toContain(`env: ${env}`);
    }
    expect(stdout.replace(/\s+/g, ' ')).toMatch(/default: 30/);
  });

  it('admin lists --url with its default and the token variable, never a token', () => {
    const { stdout } = run('admin', ['--help']);
    expect(stdout.replace(/\s+/g, ' ')).toMatch(/--url <url>.*default: "http:\/\/localhost:8080".*env: DEVICELAB_URL/);
    expect(stdout).toContain('DEVICELAB_ADMIN_TOKEN');
  });
});

describe('start --help', () => {
  it('lists every environment variable loadConfig reads, each with its default', async () => {
    const { readFileSync } = await import('node:fs');
    const { startUsage } = await import('../control-plane/src/cli/start-args.js');
    const source = readFileSync(join(root, 'control-plane/src/config.ts'), 'utf8').split('export function loadConfig')[1]!;
    const read = new Set(
      [...source.matchAll(/env\.([A-Z][A-Z0-9_]+)|(?:intFrom|httpUrl)\(env, '([A-Z][A-Z0-9_]+)'/g)].map((m) => m[1] ?? m[2]!),
    );
    expect(read.size).toBeGreaterThan(25);
    const usage = startUsage();
    for (const name of read) expect(usage, name).toMatch(new RegExp(`^  ${name} +\\S`, 'm'));
  });
});
