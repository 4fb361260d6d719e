/**
 * The lab agent, assembled: (optionally) the virtual adb server, the adb client and the
 * device tracker, the build cache, the job manager and the control-plane connection.
 * `startAgent` is what the CLI runs and what end-to-end tests start in-process:
 *
 *   const agent = await startAgent({ controlPlaneUrl, token, virtualDevices: 2, stateDir });
 *   ...
 *   await agent.stop();             // graceful: drain, release, close 1000
 */
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import type { DeviceInfo } from '@devicelab/shared';
import type { BackoffOptions } from './backoff.js';
import { BuildCache } from './builds.js';
import { AgentConnection, type ConnectionEnd, type ConnectionState } from './connection.js';
import { createAdbClient } from './devices/adbkit.js';
import { AndroidDriver } from './devices/android.js';
import type { DeviceDriver } from './devices/driver.js';
import { DeviceTracker } from './devices/tracker.js';
import { JobManager } from './jobs.js';
import { defaultStateDir, loadAgentId, ResultOutbox } from './state.js';
import { startVirtualAdbServer, type VirtualAdbServer, type VirtualDeviceOptions } from './virtual/index.js';

export interface AgentOptions {
  controlPlaneUrl: string;
  token: string;
  /** Start this many virtual handsets (an in-process virtual adb server) and drive those. */
  virtualDevices?: number;
  /** Per-device options of the virtual handsets (fault injection in tests); index i → virtual-(i+1). */
  virtualDeviceOptions?: VirtualDeviceOptions[];
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
}

export interface RunningAgent {
  readonly agentId: string;
  /** The in-process virtual adb server, when virtualDevices was given. */
  readonly virtual: VirtualAdbServer | null;
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
  const tracker = new DeviceTracker(adb, log, `${adbHost}:${adbPort}`);
  const drivers = new Map<string, DeviceDriver>();
  const driverFor = (serial: string) => {
    let driver = drivers.get(serial);
    if (!driver) drivers.set(serial, (driver = new AndroidDriver(adb, serial)));
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
      capabilities: { platforms: ['android'], virtual: virtual !== null, screenRecording: false },
      devices: tracker.list(),
      jobs: jobs?.running() ?? [],
    }),
  });
  jobs = new JobManager({
    connection,
    builds: new BuildCache({ stateDir, token: options.token, log }),
    driverFor,
    device: (serial) => tracker.get(serial),
    log,
    ...(options.maxRoundsPerStep !== undefined ? { maxRoundsPerStep: options.maxRoundsPerStep } : {}),
  });
  const manager = jobs;

  connection.on('state', (state, detail) => log(`connection ${state}: ${detail}`));
  connection.on('message', (message) => {
    if (message.type === 'job.offer') manager.offer(message);
    else if (message.type === 'job.cancel') manager.cancel(message.jobId, message.reason);
  });
  tracker.on('added', (device) => {
    log(`device found: ${device.serial} (${device.model || 'unknown model'}, Android ${device.osVersion || '?'}, ${device.kind}${device.ready ? '' : ', not ready'})`);
    connection.sendIfConnected({ type: 'device.added', device });
  });
  tracker.on('changed', (device) => {
    log(`device changed: ${device.serial} ${device.ready ? 'ready' : 'not ready'}`);
    connection.sendIfConnected({ type: 'device.changed', device });
  });
  tracker.on('removed', (serial) => {
    log(`device lost: ${serial}`);
    drivers.delete(serial);
    connection.sendIfConnected({ type: 'device.removed', serial });
  });

  // The first hello should list the devices that are already attached.
  await tracker.start();
  connection.start();

  let stopping: Promise<void> | null = null;
  const teardown = async () => {
    await tracker.stop();
    await virtual?.close();
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
    get connectionState() {
      return connection.state;
    },
    devices: () => tracker.list(),
    runningJobs: () => manager.running().map((j) => j.jobId),
    done: connection.done,
    stop(stopOptions = {}) {
      stopping ??= (async () => {
        log('shutting down');
        await manager.drain(stopOptions.drainSeconds ?? options.drainSeconds ?? 30);
        await connection.close('agent shutting down');
        await teardown();
        log('stopped');
      })();
      return stopping;
    },
  };
}
