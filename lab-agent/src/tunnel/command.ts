/**
 * `devicelab tunnel start --control-plane URL --tunnel-name NAME [--only-hosts LIST]
 * [--exclude-hosts LIST]` (`pnpm agent tunnel start ...` in the repository). The API key
 * comes from DEVICELAB_API_KEY only: a flag would show it in process lists and shell history.
 *
 * Exit codes: 0 after SIGINT/SIGTERM, 1 when the control plane refuses the tunnel for good
 * (bad or audit key, the name already connected in the organisation), 2 for usage errors.
 */
import { TunnelName } from '@devicelab/shared';
import { Option, type Command } from 'commander';
import { createHostFilter, HostFilterError, type HostFilter } from './host-filter.js';
import { startTunnelClient, TunnelRefused } from './tunnel-client.js';

interface TunnelStartOptions {
  controlPlane?: string;
  tunnelName?: string;
  onlyHosts?: string;
  excludeHosts?: string;
}

function usageError(message: string): never {
  process.stderr.write(`devicelab tunnel: ${message}\n`);
  process.exit(2);
}

async function tunnelStart(opts: TunnelStartOptions): Promise<void> {
  if (!opts.controlPlane) usageError('the control plane URL is missing: pass --control-plane URL or set DEVICELAB_URL');
  try {
    if (!['http:', 'https:'].includes(new URL(opts.controlPlane).protocol)) throw new Error();
  } catch {
    usageError(`--control-plane must be an http(s) URL, got ${JSON.stringify(opts.controlPlane)}`);
  }
  if (!opts.tunnelName) usageError('the tunnel name is missing: pass --tunnel-name NAME (runs name it in tunnelName)');
  const name = TunnelName.safeParse(opts.tunnelName);
  if (!name.success) usageError(`--tunnel-name ${JSON.stringify(opts.tunnelName)}: ${name.error.issues[0]!.message}`);
  const apiKey = process.env.DEVICELAB_API_KEY?.trim();
  if (!apiKey) usageError('the API key is missing: set DEVICELAB_API_KEY (an API key of the organisation; audit keys cannot open tunnels)');
  let filter: HostFilter;
  try {
    filter = createHostFilter({ onlyHosts: opts.onlyHosts, excludeHosts: opts.excludeHosts });
  } catch (error) {
    if (error instanceof HostFilterError) usageError(error.message);
    throw error;
  }

  const client = startTunnelClient({
    controlPlaneUrl: opts.controlPlane,
    apiKey,
    tunnelName: name.data,
    filter,
    log: (line) => console.log(`${new Date().toISOString()} ${line}`),
  });
  const onSignal = (signal: NodeJS.Signals) => {
    console.log(`${new Date().toISOString()} ${signal}: closing the tunnel`);
    void client.close().then(() => process.exit(0));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    await client.done;
  } catch (error) {
    process.stderr.write(`devicelab tunnel: ${error instanceof TunnelRefused ? error.message : `stopped: ${(error as Error).message}`}\n`);
    process.exit(1);
  }
}

export function addTunnelCommands(program: Command): void {
  program
    .command('tunnel')
    .description('a named local tunnel: lets runs reach hosts inside this network')
    .command('start')
    .description('connect this network to the control plane as a named tunnel (API key from DEVICELAB_API_KEY)')
    .addOption(new Option('--control-plane <url>', 'control plane URL').env('DEVICELAB_URL'))
    .addOption(new Option('--tunnel-name <name>', 'the name runs give as tunnelName; unique in the organisation while connected'))
    .addOption(new Option('--only-hosts <list>', 'comma-separated hosts the devices may reach: names, *.wildcards, IPs, CIDRs'))
    .addOption(new Option('--exclude-hosts <list>', 'comma-separated hosts never reached, even if --only-hosts names them'))
    .action((opts: TunnelStartOptions) => tunnelStart(opts));
}
