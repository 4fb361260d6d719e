/**
 * The device-backend interface (docs/architecture.md): everything the job runner needs from a
 * handset, emulator or simulator. Android implements it on adbkit (android.ts); iOS
 * drivers will implement the same surface, so the runner never knows which it drives.
 *
 * Errors are thrown as DriverError; `deviceGone` tells the runner that the failure was
 * the device disappearing (verdict blocked, the job may run again elsewhere) rather than
 * the app or the test misbehaving.
 */
import type { Point, SwipeDirection } from '@devicelab/shared';

/** The wire's (shared/src/actions.ts): a swipe and a point mean the same on both ends. */
export type Direction = SwipeDirection;
export type { Point };
export type KeyName = 'back' | 'home' | 'enter';

export interface ScreenSize {
  width: number;
  height: number;
}

export interface LaunchParam {
  key: string;
  value: string;
}

/** A swipe by direction (across the middle of the screen) or between two points. */
export type SwipeSpec = { direction: Direction } | { from: Point; to: Point; durationMs?: number };

/** See DeviceDriver.proxyPlacement. */
export interface ProxyPlacement {
  /** The address the proxy listens on (and the device connects to). */
  host: string;
  /** Whether others than this device can reach that address, so the proxy wants a per-test credential. */
  credential: boolean;
  /** The device's own address, when known: connections from anywhere else are closed. */
  onlyFrom?: string;
}

/** The proxy a device is sent to: where it listens and, when it asks for one, the test's credential. */
export interface ProxyEndpoint {
  host: string;
  port: number;
  credential?: { user: string; password: string };
}

/** The device's log being followed (DeviceDriver.startDeviceLog). */
export interface DeviceLogCapture {
  /** Everything captured so far (bounded: the start is kept when a log runs away). */
  text(): string;
  /** Resolves once lines the device wrote before the call have arrived (as far as the transport lets us know). */
  flush(): Promise<void>;
  /** Writes a line into the device's own log (Android: `log -t DeviceLab TEXT`), so the log carries the step boundaries. */
  mark(text: string): Promise<void>;
  stop(): Promise<void>;
}

export interface DeviceDriver {
  readonly serial: string;
  /** Installs (or replaces) the app from a build file on the agent's disk. */
  install(buildFile: string, packageName: string): Promise<void>;
  /** Whether the package is installed now (to trust an install cache). */
  isInstalled(packageName: string): Promise<boolean>;
  /** Wipes the app's data, as a fresh install would have it. */
  clearData(packageName: string): Promise<void>;
  /** Starts the app's launcher activity with launch parameters as intent extras. */
  launch(packageName: string, params?: readonly LaunchParam[]): Promise<void>;
  stop(packageName: string): Promise<void>;
  /** Opens a URL with the system's VIEW intent (deep links, web pages). */
  openLink(url: string): Promise<void>;
  /** The UI hierarchy as XML (uiautomator dump format on Android). */
  hierarchy(): Promise<string>;
  /** A PNG of the screen. */
  screenshot(): Promise<Buffer>;
  screenSize(): Promise<ScreenSize>;
  tap(x: number, y: number): Promise<void>;
  /** Types into the focused field. */
  type(text: string): Promise<void>;
  swipe(spec: SwipeSpec): Promise<void>;
  key(key: KeyName): Promise<void>;
  /** Whether the device is still attached and usable (asked after an error). */
  available(): Promise<boolean>;
  /** Clears the device's log and follows it from now on (Android: logcat -c, logcat -v threadtime). */
  startDeviceLog?(): Promise<DeviceLogCapture>;
  startRecording?(): Promise<void>;
  /**
   * Stops the recording and returns the video file's bytes: one file, or consecutive
   * parts when the device's recorder had to be restarted (Android's 3-minute limit).
   */
  stopRecording?(): Promise<Buffer | Buffer[]>;
  /**
   * Where the agent's proxy for this device must listen and who may use it (tunnelled
   * tests); absent: the agent's loopback without a credential (Android, through adb
   * reverse). Throws, saying what is missing, when this device cannot use a tunnel as
   * the agent is configured.
   */
  proxyPlacement?(): Promise<ProxyPlacement>;
  /**
   * Sends the device's HTTP and HTTPS through the agent's proxy at `endpoint` (tests of runs
   * that name a tunnel); absent where the platform offers no way. Android uses its port
   * (through adb reverse); iOS apps are told the whole address and credential at launch.
   */
  useProxy?(endpoint: ProxyEndpoint): Promise<void>;
  /** Undoes useProxy. */
  clearProxy?(): Promise<void>;
  /** Undoes a useProxy left behind by an agent that died mid-test; true when there was one. */
  clearStaleProxy?(): Promise<boolean>;
}

export class DriverError extends Error {
  constructor(
    message: string,
    readonly deviceGone = false,
  ) {
    super(message);
    this.name = 'DriverError';
  }
}

/** Coordinates of a directional swipe: 60% of the screen through its middle, like a thumb. */
export function swipeCoordinates(direction: Direction, size: ScreenSize): { from: Point; to: Point } {
  const cx = Math.round(size.width / 2);
  const cy = Math.round(size.height / 2);
  const dx = Math.round(size.width * 0.3);
  const dy = Math.round(size.height * 0.3);
  switch (direction) {
    case 'up':
      return { from: { x: cx, y: cy + dy }, to: { x: cx, y: cy - dy } };
    case 'down':
      return { from: { x: cx, y: cy - dy }, to: { x: cx, y: cy + dy } };
    case 'left':
      return { from: { x: cx + dx, y: cy }, to: { x: cx - dx, y: cy } };
    case 'right':
      return { from: { x: cx - dx, y: cy }, to: { x: cx + dx, y: cy } };
  }
}
