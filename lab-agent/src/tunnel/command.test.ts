import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const agentRoot = resolve(import.meta.dirname, '../..');
// The tunnel commands on a program of their own, parsed as cli.ts does: this test does not
// depend on the rest of the CLI loading.
const entry = `import { Command } from 'commander';
import { addTunnelCommands } from './src/tunnel/command.ts';
const program = new Command('devicelab').exitOverride((e) => process.exit(e.exitCode === 0 ? 0 : 2));
addTunnelCommands(program);
await program.parseAsync(process.argv.slice(1), { from: 'user' });`;

function runTunnelCli(args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', entry, ...args], {
    cwd: agentRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise<{ code: number | null; stderr: string }>((done) => child.on('exit', (code) => done({ code, stderr })));
}

describe('tunnel start command', () => {
  it('takes the API key from DEVICELAB_API_KEY only, and says so when it is missing', async () => {
    const missing = await runTunnelCli(['tunnel', 'start', '--control-plane', 'http://127.0.0.1:9', '--tunnel-name', 'office']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('the API key is missing: set DEVICELAB_API_KEY');
    const flag = await runTunnelCli([
      'tunnel',
      'start',
      '--control-plane',
      'http://127.0.0.1:9',
      '--tunnel-name',
      'office',
      '--api-key',
      'dl_live_x_y',
    ]);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain("unknown option '--api-key'");
  });

  it('refuses a bad name or filter entry with exit code 2 before connecting', async () => {
    const env = { DEVICELAB_API_KEY: 'dl_live_x_y' };
    const badName = await runTunnelCli(['tunnel', 'start', '--control-plane', 'http://127.0.0.1:9', '--tunnel-name', 'my office'], env);
    expect(badName.code).toBe(2);
    expect(badName.stderr).toContain('--tunnel-name "my office"');
    const badFilter = await runTunnelCli(
      ['tunnel', 'start', '--control-plane', 'http://127.0.0.1:9', '--tunnel-name', 'office', '--exclude-hosts', '10.0.0.0/40'],
      env,
    );
    expect(badFilter.code).toBe(2);
    expect(badFilter.stderr).toContain('--exclude-hosts: "10.0.0.0/40" is not a CIDR range');
  });
});
