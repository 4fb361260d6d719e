#!/usr/bin/env node
/**
 * `devicelab agent start --control-plane URL --token TOKEN [...]` (from the repo: `pnpm agent start ...`);
 * `devicelab run` and `devicelab upload` are for CI pipelines (src/ci/, their own exit codes).
 * Every option can come from the environment instead, so a service manager can run the
 * agent without secrets on its command line.
 *
 * Exit codes: 0 after a graceful shutdown (SIGINT/SIGTERM), 1 when the control plane
 * refuses the agent for good (incompatible version, bad token: restarting cannot help, so
 * a supervisor should not loop), 2 for usage errors.
 */
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { describeAncestor, watchStartingWrappers } from '@devicelab/shared/starting-wrappers';
import { Command, InvalidArgumentError, Option } from 'commander';
import type { RunningAgent } from './agent.js';
import { addCiCommands } from './ci/commands.js';
import { type AdbServerAddress, parseAdbServerAddress } from './devices/adb-server-address.js';
import { rerunWithNodeFlags } from './node-flags.js';
import { addServiceCommands } from './service/command.js';
import { agentStateDir, defaultStateDir } from './state.js';
import { addTunnelCommands } from './tunnel/command.js';

function integer(min: number, max: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max) throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}`);
    return n;
  };
}

/** --tunnel-proxy-host: one address of this Mac that iPhones can reach (not 0.0.0.0: the phone is told it). */
function proxyHost(value: string): string {
  const bare = value.trim().replace(/^\[(.*)\]$/, '$1');
  if (isIP(bare) === 0 || bare === '0.0.0.0' || bare === '::')
    throw new InvalidArgumentError("expected this Mac's IP address on the iPhones' Wi-Fi, such as 192.168.1.20");
  return bare;
}

interface StartOptions {
  controlPlane?: string;
  token?: string;
  tokenFile?: string;
  virtualDevices: number;
  virtualIosSimulators: number;
  virtualIphones: number;
  xcrun?: string;
  /** A list from the command line, one string from DEVICELAB_WDA_URLS. */
  wda: string | string[];
  tunnelProxyHost?: string;
  wdaTeam?: string;
  wdaSigningId?: string;
  wdaBundleId?: string;
  wdaPrebuilt?: string;
  wdaDerivedData?: string;
  virtualManagedWda?: boolean;
  adbHost: string;
  adbPort: number;
  adbServer?: AdbServerAddress;
  stateDir: string;
  name?: string;
  drainSeconds: number;
}

/** `--wda UDID=URL` (repeatable, or comma-separated in DEVICELAB_WDA_URLS): each iOS device's WebDriverAgent. */
function wdaUrls(pairs: string | readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of [pairs]
    .flat()
    .flatMap((p) => p.split(','))
    .map((p) => p.trim())
    .filter((p) => p !== '')) {
    const eq = pair.indexOf('=');
    const url = pair.slice(eq + 1);
    if (eq <= 0 || !/^https?:\/\/[^\s]+$/.test(url)) usageError(`--wda must be UDID=http://host:port, got ${JSON.stringify(pair)}`);
    out[pair.slice(0, eq)] = url.replace(/\/+$/, '');
  }
  return out;
}

function adbServer(value: string): AdbServerAddress {
  try {
    return parseAdbServerAddress(value);
  } catch (err) {
    throw new InvalidArgumentError((err as Error).message);
  }
}

function usageError(message: string): never {
  process.stderr.write(`lab-agent: ${message}\n`);
  process.exit(2);
}

async function start(opts: StartOptions): Promise<void> {
  if (!opts.token && opts.tokenFile) {
    try {
      opts.token = readFileSync(opts.tokenFile, 'utf8').trim();
    } catch (e) {
      usageError(`cannot read --token-file ${opts.tokenFile}: ${(e as Error).message}`);
    }
  }
  if (!opts.controlPlane) usageError('the control plane URL is missing: pass --control-plane URL or set DEVICELAB_URL');
  if (!opts.token) usageError('the agent token is missing: pass --token TOKEN or set DEVICELAB_AGENT_TOKEN (or --token-file PATH)');
  // Several URLs (replicas over one database) are tried round robin; see connection.ts.
  const controlPlanes = opts.controlPlane
    .split(',')
    .map((u) => u.trim())
    .filter((u) => u !== '');
  if (controlPlanes.length === 0) usageError('the control plane URL is missing: pass --control-plane URL or set DEVICELAB_URL');
  for (const given of controlPlanes) {
    try {
      const url = new URL(given);
      if (!['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol)) throw new Error();
    } catch {
      usageError(`--control-plane must be an http(s) URL or a comma-separated list of them, got ${JSON.stringify(given)}`);
    }
  }

  // The options are good: from here on it relays tunnel bytes, under Node flags of its own (node-flags.ts).
  await rerunWithNodeFlags();
  // Loaded only here: `devicelab run` in a CI job should not pay for loading the device drivers.
  const { startAgent } = await import('./agent.js');
  let agent: RunningAgent;
  try {
    agent = await startAgent({
      controlPlaneUrl: controlPlanes,
      token: opts.token,
      virtualDevices: opts.virtualDevices,
      virtualIosSimulators: opts.virtualIosSimulators,
      virtualIphones: opts.virtualIphones,
      ...(opts.xcrun ? { xcrunPath: opts.xcrun } : {}),
      wdaUrls: wdaUrls(opts.wda),
      wda: {
        ...(opts.wdaTeam ? { team: opts.wdaTeam } : {}),
        ...(opts.wdaSigningId ? { signingId: opts.wdaSigningId } : {}),
        ...(opts.wdaBundleId ? { bundleId: opts.wdaBundleId } : {}),
        ...(opts.wdaPrebuilt ? { prebuiltDir: opts.wdaPrebuilt } : {}),
        ...(opts.wdaDerivedData ? { derivedDataDir: opts.wdaDerivedData } : {}),
      },
      ...(opts.virtualManagedWda ? { virtualIosOptions: { managedWda: true } } : {}),
      ...(opts.tunnelProxyHost ? { tunnelProxyHost: opts.tunnelProxyHost } : {}),
      // --adb-server (or ADB_SERVER_SOCKET) wins over the older --adb-host/--adb-port pair.
      adbHost: opts.adbServer?.host ?? opts.adbHost,
      adbPort: opts.adbServer?.port ?? opts.adbPort,
      stateDir: agentStateDir(opts.stateDir, controlPlanes, opts.token),
      drainSeconds: opts.drainSeconds,
      ...(opts.name ? { name: opts.name } : {}),
    });
  } catch (err) {
    process.stderr.write(`lab-agent: could not start: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  }
  console.log(`${new Date().toISOString()} lab agent ${agent.agentId} started`);

  let signals = 0;
  const stop = (why: string) => {
    signals += 1;
    // A second Ctrl-C means "now": skip the drain.
    if (signals > 1) process.exit(1);
    console.log(`${new Date().toISOString()} ${why}: stopping (again to force)`);
    void agent.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  // `npx --yes pnpm@10 agent start &` then `kill $!` signals npm only; npm and pnpm pass nothing on (shared/src/starting-wrappers.ts).
  watchStartingWrappers((gone) => stop(`${describeAncestor(gone)}, which started this process, has stopped`));

  const end = await agent.done;
  if (end.kind !== 'stopped') {
    process.stderr.write(`lab-agent: the control plane refused this agent (${end.kind}): ${end.reason}\n`);
    process.exit(1);
  }
}

/**
 * `devicelab virtual-devices --android N [--port-base P]`: virtual handsets as a process of
 * their own, each an adbd on 127.0.0.1 that a real adb server finds as it finds emulators.
 */
function addVirtualDevicesCommand(parent: Command): void {
  parent
    .command('virtual-devices')
    .description(
      'run virtual Android devices as emulators: each an adbd on 127.0.0.1 that adb finds (emulator-5554, ...) or `adb connect`s',
    )
    .addOption(new Option('--android <n>', 'how many virtual Android devices').argParser(integer(1, 16)).default(1))
    .addOption(
      new Option('--port-base <port>', 'adbd port of the first device; the next ones are 2 apart, as emulators (5555 = emulator-5554)')
        .argParser(integer(1024, 65000))
        .default(5555),
    )
    .addOption(new Option('--sample-installed', 'start with the sample app installed'))
    .action(async (opts: { android: number; portBase: number; sampleInstalled?: boolean }) => {
      const { startVirtualAndroidDevices } = await import('@devicelab/virtual-devices');
      try {
        const doors = await startVirtualAndroidDevices({
          count: opts.android,
          portBase: opts.portBase,
          deviceDefaults: { sampleInstalled: opts.sampleInstalled === true },
        });
        for (const d of doors.devices)
          console.log(
            `${d.serial}\tadbd on ${d.host}:${d.port}${d.serial.startsWith('emulator-') ? '' : `  (adb connect ${d.host}:${d.port})`}`,
          );
        const stop = () => void doors.close().then(() => process.exit(0));
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      } catch (err) {
        usageError(`could not start the virtual devices: ${(err as Error).message}`);
      }
    });
}

const program = new Command('devicelab')
  .description('DeviceLab: the lab agent (agent start) and CI runs (run, upload)')
  .showHelpAfterError()
  // Commander exits 1 on a bad option; usage errors are 2 here, like a missing URL or token.
  .exitOverride((err) => process.exit(err.exitCode === 0 ? 0 : 2));

const addStartCommand = (parent: Command) =>
  parent
    .command('start')
    .description('connect to the control plane and take jobs for the attached devices')
    .addOption(
      new Option('--control-plane <urls>', 'control plane URL, or several replicas as URL1,URL2 (tried in turn)').env('DEVICELAB_URL'),
    )
    .addOption(new Option('--token <token>', 'agent token').env('DEVICELAB_AGENT_TOKEN'))
    .addOption(
      new Option('--token-file <path>', 'read the agent token from this file (what agent service install writes); --token wins').env(
        'DEVICELAB_AGENT_TOKEN_FILE',
      ),
    )
    .addOption(
      new Option('--virtual-devices <n>', 'run N virtual handsets in-process instead of using adb')
        .env('DEVICELAB_VIRTUAL_DEVICES')
        .argParser(integer(0, 64))
        .default(0),
    )
    .addOption(
      new Option('--virtual-ios-simulators <n>', 'run N virtual iOS simulators in-process (a fake xcrun and WebDriverAgent)')
        .env('DEVICELAB_VIRTUAL_IOS_SIMULATORS')
        .argParser(integer(0, 64))
        .default(0),
    )
    .addOption(
      new Option('--virtual-iphones <n>', 'run N virtual iPhones in-process (a fake xcrun devicectl and WebDriverAgent)')
        .env('DEVICELAB_VIRTUAL_IPHONES')
        .argParser(integer(0, 64))
        .default(0),
    )
    .addOption(new Option('--xcrun <path>', 'xcrun to run for simctl and devicectl (macOS; default: xcrun on PATH)').env('XCRUN_BINARY'))
    .addOption(
      new Option('--wda <udid=url...>', 'WebDriverAgent URL of an iOS device (repeat per device)').env('DEVICELAB_WDA_URLS').default([]),
    )
    .addOption(
      new Option('--wda-team <team id>', 'Apple Developer Team ID to build WebDriverAgent with, for iPhones without --wda').env(
        'DEVICELAB_WDA_TEAM',
      ),
    )
    .addOption(
      new Option('--wda-signing-id <identity>', 'code signing identity for WebDriverAgent (default "Apple Development")').env(
        'DEVICELAB_WDA_SIGNING_ID',
      ),
    )
    .addOption(
      new Option('--wda-bundle-id <id>', 'a bundle id of your own for WebDriverAgent (needed with a free team)').env(
        'DEVICELAB_WDA_BUNDLE_ID',
      ),
    )
    .addOption(
      new Option(
        '--wda-prebuilt <dir>',
        'derived data folder of a WebDriverAgent you built (xcodebuild build-for-testing); no team needed',
      ).env('DEVICELAB_WDA_PREBUILT'),
    )
    .addOption(
      new Option(
        '--wda-derived-data <dir>',
        'where the agent builds WebDriverAgent once for this host (default ~/.devicelab-agent/wda/DerivedData)',
      ).env('DEVICELAB_WDA_DERIVED_DATA'),
    )
    .addOption(
      new Option(
        '--virtual-managed-wda',
        'virtual iPhones start without WebDriverAgent: the agent brings it up as on a Mac (fake xcodebuild and usbmuxd)',
      ).env('DEVICELAB_VIRTUAL_MANAGED_WDA'),
    )
    .addOption(
      new Option(
        '--tunnel-proxy-host <ip>',
        "this Mac's LAN address where iPhones reach a tunnelled test's proxy (without it tunnelled tests on iPhones are blocked)",
      )
        .env('DEVICELAB_TUNNEL_PROXY_HOST')
        .argParser(proxyHost),
    )
    .addOption(
      new Option(
        '--adb-server <host:port>',
        "the adb server to use (adb's ADB_SERVER_SOCKET=tcp:HOST:PORT works too); default 127.0.0.1:5037",
      )
        .env('ADB_SERVER_SOCKET')
        .argParser(adbServer),
    )
    .addOption(new Option('--adb-host <host>', 'adb server host').env('ADB_HOST').default('127.0.0.1'))
    .addOption(new Option('--adb-port <port>', 'adb server port').env('ADB_PORT').argParser(integer(1, 65535)).default(5037))
    .addOption(
      new Option(
        '--state-dir <dir>',
        'where agents keep their id, pending results and cached builds: one directory per control plane and token under it',
      )
        .env('DEVICELAB_AGENT_STATE_DIR')
        .default(defaultStateDir()),
    )
    .addOption(new Option('--name <name>', 'name reported to the control plane (default: the hostname)').env('DEVICELAB_AGENT_NAME'))
    .addOption(
      new Option('--drain-seconds <s>', 'on shutdown, how long running jobs may finish')
        .env('DEVICELAB_DRAIN_SECONDS')
        .argParser(integer(0, 3600))
        .default(30),
    )
    .action((opts: StartOptions) => start(opts));

// `start` stays at the top for `pnpm agent start`; the installed command says `devicelab agent start`.
addStartCommand(program);
const agentCommand = program.command('agent').description('the lab agent: runs tests on the devices attached to this machine');
addStartCommand(agentCommand);
addServiceCommands(agentCommand);
addVirtualDevicesCommand(program);
addVirtualDevicesCommand(agentCommand);
addCiCommands(program);
addTunnelCommands(program, { beforeStart: rerunWithNodeFlags });

await program.parseAsync(process.argv);
