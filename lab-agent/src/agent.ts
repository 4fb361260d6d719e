/**
 * The lab agent, assembled: (optionally) the virtual adb server, the adb client and the
 * device tracker, the build cache, the job manager and the control-plane connection.
 * `startAgent` is what the CLI runs and what end-to-end tests start in-process:
 *
 *   const agent = await startAgent({ controlPlaneUrl, token, virtualDevices: 2, stateDir });
 *   const ios = await startAgent({ controlPlaneUrl, token, virtualIosSimulators: 1, virtualIphones: 1, stateDir });
 *   ...
 *   await agent.stop();             // graceful: drain, release, close 1000
 */
import { readFileSync } from 'node:fs';
import { homedir, hostname } from 'node:os';
import { delimiter, join } from 'node:path';
import type { DeviceInfo } from '@devicelab/shared';
import { startVirtualAdbServer, type VirtualAdbServer, type VirtualDeviceOptions } from '@devicelab/virtual-devices';
import { startVirtualIosHost, type VirtualIosHost, type VirtualIosHostOptions } from '@devicelab/virtual-devices/ios';
import type { BackoffOptions } from './backoff.js';
import { BuildCache } from './builds.js';
import { AgentConnection, type ConnectionEnd, type ConnectionState } from './connection.js';
import { createAdbClient } from './devices/adbkit.js';
import { AndroidDriver } from './devices/android.js';
import type { DeviceDriver } from './devices/driver.js';
import { SimulatorDriver } from './devices/ios-simulator.js';
import { IosDeviceTracker } from './devices/ios-tracker.js';
import { defaultXcrun, IphoneDriver } from './devices/iphone.js';
import { DeviceTracker } from './devices/tracker.js';
import { WdaSupervisor } from './devices/wda-supervisor.js';
import { JobManager } from './jobs.js';
import type { JobTrace } from './runner.js';
import { defaultStateDir, loadAgentId, ResultOutbox } from './state.js';
import { openTunnelRelay } from './tunnel/relay-client.js';

/** How long a stopping agent waits for finished tests' recordings and device logs to upload. */
const UPLOAD_DRAIN_SECONDS = 30;

export interface AgentOptions {
  controlPlaneUrl: string | readonly string[];
  token: string;
  /** Start this many virtual handsets (an in-process virtual adb server) and drive those. */
  virtualDevices?: number;
  /** Per-device options of the virtual handsets (fault injection in tests); index i → virtual-(i+1). */
  virtualDeviceOptions?: VirtualDeviceOptions[];
  /** Start this many virtual iOS simulators / iPhones (a fake xcrun and fake WebDriverAgents) and drive those. */
  virtualIosSimulators?: number;
  virtualIphones?: number;
  /** Per-device options of the virtual iOS devices (fault injection in tests); managedWda: the iPhones' WDA is the agent's to start. */
  virtualIosOptions?: Pick<VirtualIosHostOptions, 'simulatorOptions' | 'iphoneOptions' | 'managedWda'>;
  /** Drive this Mac's simulators and iPhones (simctl, devicectl); default: on macOS when no virtual device is asked for. */
  ios?: boolean;
  /** xcrun to run instead of the one on PATH. */
  xcrunPath?: string;
  /** WebDriverAgent URL per iOS device UDID (real devices; virtual ones know their own). */
  wdaUrls?: Record<string, string>;
  /** How the agent starts WebDriverAgent on iPhones without a --wda URL (wda-supervisor.ts). */
  wda?: {
    team?: string;
    signingId?: string;
    bundleId?: string;
    prebuiltDir?: string;
    /** Where WDA is built once for this host; default ~/.devicelab-agent/wda/DerivedData. */
    derivedDataDir?: string;
    launchTimeoutMs?: number;
    retryMs?: number;
    retryMaxMs?: number;
  };
  /** The Mac's LAN address iPhones reach: a tunnelled test's proxy listens there for an iPhone (without it, iPhones cannot use tunnels). */
  tunnelProxyHost?: string;
  /** Between iOS device listings; default 3000. */
  iosPollMs?: number;
  /** The adb server to use when not virtual; default 127.0.0.1:5037. */
  adbHost?: string;
  adbPort?: number;
  /** Default ~/.devicelab-agent. */
  stateDir?: string;
  /** Reported as the hostname; default os.hostname(). */
  name?: string;
  /** Seconds running jobs get to finish on stop(); default 30. */
  drainSeconds?: number;
  /** One line per event; default console.log with a timestamp. */
  log?: (line: string) => void;
  backoff?: BackoffOptions;
  maxRoundsPerStep?: number;
  /** Called as each job passes each phase (runner.ts JobPhase): where a device's time goes. */
  trace?: JobTrace;
  /** When recordings and device logs are uploaded: after each verdict (default) or before it (jobs.ts). */
  artifactUploads?: 'after-verdict' | 'before-verdict';
  /** How long a step waits for its target when its command sets no `(timeout: …)`; default 5 s (docs/steps-and-waits.md). */
  stepWaitSeconds?: number;
}

export interface RunningAgent {
  readonly agentId: string;
  /** The in-process virtual adb server, when virtualDevices was given. */
  readonly virtual: VirtualAdbServer | null;
  /** The in-process virtual iOS host, when virtual simulators or iPhones were asked for. */
  readonly virtualIos: VirtualIosHost | null;
  readonly connectionState: ConnectionState;
  devices(): DeviceInfo[];
  /** Jobs running now. */
  runningJobs(): string[];
  /** Graceful shutdown: no new offers, drain, release the rest, close 1000. Idempotent. */
  stop(options?: { drainSeconds?: number }): Promise<void>;
  /** Resolves when the agent has stopped: by stop(), or because the server refused it (4400/4401). */
  readonly done: Promise<ConnectionEnd>;
}

export const AGENT_VERSION = readAgentVersion();

function readAgentVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

function defaultLog(line: string): void {
  console.log(`${new Date().toISOString()} ${line}`);
}

export async function startAgent(options: AgentOptions): Promise<RunningAgent> {
  const log = options.log ?? defaultLog;
  const stateDir = options.stateDir ?? defaultStateDir();
  const agentId = loadAgentId(stateDir);
  const outbox = new ResultOutbox(stateDir);

  let virtual: VirtualAdbServer | null = null;
  if (options.virtualDevices && options.virtualDevices > 0) {
    const devices = Array.from({ length: options.virtualDevices }, (_, i) => ({ ...options.virtualDeviceOptions?.[i] }));
    virtual = await startVirtualAdbServer({ devices });
    log(`virtual adb server on ${virtual.host}:${virtual.port} with ${options.virtualDevices} device(s)`);
  }
  const adbHost = virtual?.host ?? options.adbHost ?? '127.0.0.1';
  const adbPort = virtual?.port ?? options.adbPort ?? 5037;
  const adb = createAdbClient(adbHost, adbPort);
  const ios = await startIos(options, log);
  // Only virtual iOS devices asked for: this agent's lab is those, no adb server to look for.
  const tracker = ios.virtual && !virtual ? null : new DeviceTracker(adb, log, `${adbHost}:${adbPort}`);
  const trackers = [tracker, ios.tracker].filter((t) => t !== null);
  const listDevices = () => trackers.flatMap((t) => t.list());
  const findDevice = (serial: string) => tracker?.get(serial) ?? ios.tracker?.get(serial);
  const drivers = new Map<string, DeviceDriver>();
  const driverFor = (serial: string) => {
    let driver = drivers.get(serial);
    if (!driver) drivers.set(serial, (driver = ios.driverFor(serial) ?? new AndroidDriver(adb, serial)));
    return driver;
  };

  // `jobs` is created after the connection, which needs it for the hello; the hello is only asked for on connect.
  let jobs: JobManager | null = null;
  const connection = new AgentConnection({
    controlPlaneUrl: options.controlPlaneUrl,
    token: options.token,
    outbox,
    log,
    ...(options.backoff ? { backoff: options.backoff } : {}),
    hello: () => ({
      agentVersion: AGENT_VERSION,
      agentId,
      hostname: (options.name ?? hostname()).slice(0, 200),
      capabilities: {
        platforms: [...(tracker ? ['android' as const] : []), ...(ios.tracker ? ['ios' as const] : [])],
        virtual: virtual !== null || ios.virtual !== null,
        screenRecording: false,
      },
      devices: listDevices(),
      jobs: jobs?.running() ?? [],
    }),
  });
  const builds = new BuildCache({ stateDir, token: options.token, log });
  jobs = new JobManager({
    connection,
    builds,
    recording: { token: options.token, agentId, log },
    // The relay goes to the control plane this agent is connected to now.
    openTunnel: (jobId, tunnelName) => openTunnelRelay({ relayUrl: connection.relayUrl, token: options.token, jobId, tunnelName }),
    driverFor,
    device: findDevice,
    log,
    ...(options.maxRoundsPerStep !== undefined ? { maxRoundsPerStep: options.maxRoundsPerStep } : {}),
    ...(options.trace ? { trace: options.trace } : {}),
    ...(options.stepWaitSeconds !== undefined ? { stepWaitSeconds: options.stepWaitSeconds } : {}),
    ...(options.artifactUploads ? { artifactUploads: options.artifactUploads } : {}),
  });
  const manager = jobs;

  connection.on('state', (state, detail) => log(`connection ${state}: ${detail}`));
  connection.on('message', (message) => {
    if (message.type === 'job.offer') manager.offer(message);
    else if (message.type === 'job.cancel') manager.cancel(message.jobId, message.reason);
  });
  for (const t of trackers) {
    t.on('added', (device) => {
      const os = device.platform === 'ios' ? 'iOS' : 'Android';
      log(
        `device found: ${device.serial} (${device.model || 'unknown model'}, ${os} ${device.osVersion || '?'}, ${device.kind}${device.ready ? '' : ', not ready'})`,
      );
      connection.sendIfConnected({ type: 'device.added', device });
    });
    t.on('changed', (device) => {
      log(`device changed: ${device.serial} ${device.ready ? 'ready' : 'not ready'}`);
      connection.sendIfConnected({ type: 'device.changed', device });
    });
    t.on('removed', (serial) => {
      log(`device lost: ${serial}`);
      drivers.delete(serial);
      connection.sendIfConnected({ type: 'device.removed', serial });
    });
  }

  // The first hello should list the devices that are already attached.
  await Promise.all(trackers.map((t) => t.start()));
  // A tunnelled test cut short by a crash leaves the device's proxy setting behind: undone before taking work.
  await Promise.all(
    listDevices().map(async (d) => {
      if (
        await driverFor(d.serial)
          .clearStaleProxy?.()
          .catch(() => false)
      )
        log(`device ${d.serial}: removed the proxy setting a stopped agent left behind`);
    }),
  );
  connection.start();
  // Half-written downloads and unpacks of a killed agent: at start, then hourly (only those older than any live download).
  const sweepBuilds = () =>
    void builds.removeLeftovers().catch((e: unknown) => log(`build cache: clean-up failed: ${(e as Error).message}`));
  sweepBuilds();
  const buildSweep = setInterval(sweepBuilds, 3_600_000);
  buildSweep.unref();

  let stopping: Promise<void> | null = null;
  const teardown = async () => {
    clearInterval(buildSweep);
    await Promise.all(trackers.map((t) => t.stop()));
    await virtual?.close();
    await ios.wda?.stop();
    await ios.virtual?.close();
  };
  // A refused agent (4400/4401) stops for good: release what it holds.
  void connection.done.then(async (end) => {
    if (end.kind !== 'stopped') {
      log(`stopping: ${end.reason}`);
      await teardown();
    }
  });

  return {
    agentId,
    virtual,
    virtualIos: ios.virtual,
    get connectionState() {
      return connection.state;
    },
    devices: listDevices,
    runningJobs: () => manager.running().map((j) => j.jobId),
    done: connection.done,
    stop(stopOptions = {}) {
      stopping ??= (async () => {
        log('shutting down');
        await manager.drain(stopOptions.drainSeconds ?? options.drainSeconds ?? 30);
        // Finished tests' recordings and device logs still on their way up get a while too.
        await manager.drainUploads(UPLOAD_DRAIN_SECONDS);
        await connection.close('agent shutting down');
        await teardown();
        log('stopped');
      })();
      return stopping;
    },
  };
}

/**
 * The iOS side of the lab: the virtual iOS host when virtual simulators or iPhones are
 * asked for, else this Mac's own devices (when `ios` is on); and the driver of each.
 */
async function startIos(options: AgentOptions, log: (line: string) => void) {
  const sims = options.virtualIosSimulators ?? 0;
  const phones = options.virtualIphones ?? 0;
  let virtual: VirtualIosHost | null = null;
  if (sims + phones > 0) {
    virtual = await startVirtualIosHost({ simulators: sims, iphones: phones, ...options.virtualIosOptions });
    log(`virtual iOS host with ${sims} simulator(s) and ${phones} iPhone(s); xcrun at ${virtual.xcrunPath}`);
  }
  const real = options.ios ?? (!virtual && !options.virtualDevices && process.platform === 'darwin');
  const xcrunPath = virtual?.xcrunPath ?? options.xcrunPath;
  // The virtual iPhones' xcodebuild must be the one Appium's tooling finds on PATH.
  if (virtual?.xcodebuildDir && !(process.env['PATH'] ?? '').split(delimiter).includes(virtual.xcodebuildDir)) {
    process.env['PATH'] = `${virtual.xcodebuildDir}${delimiter}${process.env['PATH'] ?? ''}`;
  }
  const wda = (virtual ? phones > 0 : real)
    ? new WdaSupervisor({
        xcrunPath: xcrunPath ?? defaultXcrun(),
        ...options.wda,
        derivedDataDir: options.wda?.derivedDataDir ?? join(homedir(), '.devicelab-agent', 'wda', 'DerivedData'),
        ...(virtual?.usbmuxdSocket ? { usbmuxdSocket: virtual.usbmuxdSocket } : {}),
        log,
      })
    : null;
  const wdaUrl = (udid: string) => virtual?.wdaUrl(udid) ?? options.wdaUrls?.[udid] ?? wda?.url(udid);
  const tracker =
    virtual || real
      ? new IosDeviceTracker({
          ...(xcrunPath ? { xcrunPath } : {}),
          simulators: virtual ? sims > 0 : true,
          iphones: virtual ? phones > 0 : true,
          // An operator's --wda URL wins; the supervisor manages only phones without one.
          wdaUrl: (udid) => virtual?.wdaUrl(udid) ?? options.wdaUrls?.[udid],
          ...(wda ? { managedWda: wda } : {}),
          log,
          ...(options.iosPollMs !== undefined ? { intervalMs: options.iosPollMs } : {}),
        })
      : null;
  /** The driver of an iOS device of this agent; null for any other serial. */
  const driverFor = (serial: string): DeviceDriver | null => {
    const device = tracker?.get(serial);
    if (!device) return null;
    const config = { udid: serial, wdaUrl: wdaUrl(serial) ?? '', ...(xcrunPath ? { xcrunPath } : {}) };
    if (device.kind === 'simulator') return new SimulatorDriver(config);
    // Read at each request: a managed WDA's URL exists only once the supervisor has it up.
    return new IphoneDriver({
      ...config,
      wdaUrl: () => wdaUrl(serial) ?? '',
      ...(options.tunnelProxyHost ? { tunnelProxyHost: options.tunnelProxyHost } : {}),
    });
  };
  return { virtual, tracker, driverFor, wda };
}
