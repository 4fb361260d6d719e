/**
 * `devicelab tunnel start --control-plane URL --tunnel-name NAME [--only-hosts LIST]
 * [--exclude-hosts LIST]` (`pnpm agent tunnel start ...` in the repository). The API key
 * comes from DEVICELAB_API_KEY only: a flag would show it in process lists and shell history.
 *
 * Exit codes: 0 after SIGINT/SIGTERM, 1 when the control plane refuses the tunnel for good
 * (bad or audit key, the name already connected in the organisation), 2 for usage errors.
 * `tunnel --daemon start|stop` runs it in the background (daemon.ts).
 */
import { TunnelName } from '@devicelab/shared';
import { type Command, Option } from 'commander';
import { type DaemonOutcome, readyTimeoutMs, startDaemon, stopDaemon } from './daemon.js';
import { createHostFilter, type HostFilter, HostFilterError } from './host-filter.js';
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

async function tunnelStart(opts: TunnelStartOptions, beforeStart?: () => Promise<void>): Promise<void> {
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

  await beforeStart?.();
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

interface TunnelDaemonOptions extends TunnelStartOptions {
  daemon?: string;
  waitForReady: string;
}

/** `tunnel --daemon start|stop --tunnel-name NAME [--wait-for-ready 60s]` (mb-local's form, daemon.ts). */
async function tunnelDaemon(opts: TunnelDaemonOptions): Promise<void> {
  if (opts.daemon !== 'start' && opts.daemon !== 'stop') {
    usageError(
      opts.daemon === undefined
        ? 'say what to do: tunnel start …, or tunnel --daemon start|stop …'
        : `--daemon takes start or stop, got ${JSON.stringify(opts.daemon)}`,
    );
  }
  if (!opts.tunnelName) usageError('the tunnel name is missing: pass --tunnel-name NAME');
  const name = TunnelName.safeParse(opts.tunnelName);
  if (!name.success) usageError(`--tunnel-name ${JSON.stringify(opts.tunnelName)}: ${name.error.issues[0]!.message}`);
  let outcome: DaemonOutcome;
  if (opts.daemon === 'stop') outcome = await stopDaemon(name.data);
  else {
    const waitMs = readyTimeoutMs(opts.waitForReady);
    if (waitMs === null) usageError(`--wait-for-ready must be a duration such as 60s or 2m, got ${JSON.stringify(opts.waitForReady)}`);
    // The background tunnel checks the rest (URL, key, filters) and says why it would not start.
    const args = ['--tunnel-name', name.data];
    if (opts.controlPlane) args.push('--control-plane', opts.controlPlane);
    if (opts.onlyHosts) args.push('--only-hosts', opts.onlyHosts);
    if (opts.excludeHosts) args.push('--exclude-hosts', opts.excludeHosts);
    outcome = await startDaemon(name.data, args, waitMs);
  }
  (outcome.code === 0 ? process.stdout : process.stderr).write(`devicelab tunnel: ${outcome.message}\n`);
  process.exit(outcome.code);
}

const controlPlaneOption = () => new Option('--control-plane <url>', 'control plane URL').env('DEVICELAB_URL');
const tunnelNameOption = () =>
  new Option('--tunnel-name <name>', 'the name runs give as tunnelName; unique in the organisation while connected');
const onlyHostsOption = () =>
  new Option('--only-hosts <list>', 'comma-separated hosts the devices may reach: names, *.wildcards, IPs, CIDRs');
const excludeHostsOption = () =>
  new Option('--exclude-hosts <list>', 'comma-separated hosts never reached, even if --only-hosts names them');

/**
 * `beforeStart` runs once `tunnel start`'s options are checked, before it connects: the
 * `devicelab` command runs itself again there under its Node flags (node-flags.ts).
 */
export function addTunnelCommands(program: Command, hooks: { beforeStart?: () => Promise<void> } = {}): void {
  // `tunnel --daemon start --tunnel-name N` and `tunnel start --tunnel-name N` both name the
  // tunnel: with positional options, an option after `start` belongs to `start`, not to `tunnel`.
  program.enablePositionalOptions();
  const tunnel = program
    .command('tunnel')
    .description('a named local tunnel: lets runs reach hosts inside this network')
    .addOption(
      new Option('--daemon <action>', "start or stop the tunnel in the background (mb-local's form, for CI steps)").choices([
        'start',
        'stop',
      ]),
    )
    .addOption(tunnelNameOption())
    .addOption(
      new Option('--wait-for-ready <duration>', 'with --daemon start: how long to wait for the connection (then exit 1)').default('60s'),
    )
    .addOption(controlPlaneOption())
    .addOption(onlyHostsOption())
    .addOption(excludeHostsOption())
    .action((opts: TunnelDaemonOptions) => tunnelDaemon(opts));
  tunnel
    .command('start')
    .description('connect this network to the control plane as a named tunnel (API key from DEVICELAB_API_KEY)')
    .addOption(controlPlaneOption())
    .addOption(tunnelNameOption())
    .addOption(onlyHostsOption())
    .addOption(excludeHostsOption())
    .action((opts: TunnelStartOptions) => tunnelStart(opts, hooks.beforeStart));
}
