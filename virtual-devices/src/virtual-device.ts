/**
 * One virtual Android phone: properties, a file system, installed packages, running apps
 * (the scripted sample app, a launcher, placeholders), input dispatch and the screen.
 * The adb server hosts devices; the shell commands (device-commands.ts) drive them. It can
 * also be driven in-process (tap, typeText, shell) by tests that do not need TCP.
 */
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { shortComponent } from './am-command.js';
import { createDeviceCommands } from './device-commands.js';
import { DeviceLog, type LogLevel } from './device-log.js';
import { deviceNetwork } from './device-network.js';
import { DevicePorts } from './device-ports.js';
import { type InstalledPackage, PackageManager } from './package-manager.js';
import type { Raster } from './png.js';
import { createSampleApp, SAMPLE_ACTIVITY, SAMPLE_PACKAGE } from './sample-app.js';
import { LastDrawn, renderRaster, renderScreen } from './screen-render.js';
import { runShell, type ShellEnvironment, type ShellStreams } from './shell.js';
import {
  KEYBOARD_TOP,
  keyboardWindow,
  LauncherApp,
  PlaceholderApp,
  SYSTEM_DIALOG_ACTION,
  type SystemDialogKind,
  statusBarWindow,
  systemDialogWindow,
} from './system-ui.js';
import { hitTest, type UiNode, type UiWindow } from './ui-tree.js';
import { hierarchyXml } from './uiautomator-xml.js';
import { preinstallUiautomator2Server } from './uiautomator2-server.js';
import { AppCrash, type AppFactory, type LaunchIntent, type VirtualApp } from './virtual-app.js';
import { VirtualFileSystem } from './virtual-fs.js';

export interface VirtualDeviceOptions {
  /** Default: assigned by the server (`virtual-1`, `virtual-2`, ...). */
  serial?: string;
  model?: string;
  /** ro.build.version.release, default '14'. */
  androidVersion?: string;
  /** ro.build.version.sdk, default 34. */
  sdk?: number;
  /** ro.product.cpu.abi, default 'x86_64'. */
  abi?: string;
  /** Every `pm install` fails; a string picks the failure code (default INSTALL_FAILED_INSUFFICIENT_STORAGE). */
  installFails?: boolean | string;
  /** `uiautomator dump` waits this long before answering (a slow device). */
  dumpDelayMs?: number;
  /** Every `input` command (tap, swipe, text, keyevent) fails with this error, as a device refusing injected events does. */
  inputFails?: string | false;
  /** Size of `screencap` images relative to the 1080x2400 screen; default 1, what `wm size` reports (and uiautomator's bounds use). */
  screencapScale?: number;
  /** Clock for the status bar and file times; default Date.now. */
  now?: () => number;
  /** Extra or overriding getprop values. */
  properties?: Record<string, string>;
  /** Start with com.devicelab.sample installed, as if the apk had been installed (default false). */
  sampleInstalled?: boolean;
  /** Start with Appium's UiAutomator2 server (both packages) installed, as lab devices that run Appium have it. */
  uiautomator2Server?: boolean;
  /** Scripted apps by package; com.devicelab.sample is built in. */
  apps?: Record<string, AppFactory>;
}

/** What adb reports: 'device' when usable; a disconnected device is not listed at all. */
export type DeviceState = 'device' | 'offline' | 'unauthorized' | 'disconnected';

export interface LaunchOutcome {
  ok: boolean;
  /** The app was already running: its task came to the front, the intent was not redelivered. */
  broughtToFront?: boolean;
  /** The app was already running and took the new intent (onNewIntent). */
  delivered?: boolean;
  error?: string;
}

let nextAnonymous = 1;
const RECORDING_SCALE = 0.25;

export class VirtualDevice {
  readonly serial: string;
  readonly model: string;
  readonly sdk: number;
  readonly properties = new Map<string, string>();
  readonly fs: VirtualFileSystem;
  readonly packages = new PackageManager();
  readonly settings = new Map<string, string>();
  /** The device's loopback TCP ports: listeners (`nc -l`, what `adb forward` connects to) and `adb reverse`s. */
  readonly ports = new DevicePorts();
  /** What apps use for HTTP: direct to public hosts, or the proxy the settings name (device-network.ts). */
  readonly network = deviceNetwork(this);
  /** Fault injection; may be changed while the device runs. */
  readonly faults: {
    installFails: boolean | string;
    dumpDelayMs: number;
    inputFails: string | false;
    /** /data is full: pushes there fail with "No space left on device", installs with INSTALL_FAILED_INSUFFICIENT_STORAGE. */
    storageFull: boolean;
    /** The next this many `uiautomator dump`s fail with "could not get idle state" (an animation that then ends). */
    dumpIdleFailures: number;
    /** Something keeps animating: every `uiautomator dump` fails with "could not get idle state" until this is false. */
    animating: boolean;
    /** Every launch of an app ends under this system dialog (a permission prompt, "isn't responding"). */
    systemDialogOnLaunch: SystemDialogKind | null;
    /** A focused text field brings up the soft keyboard over the bottom of the screen (Back hides it). Off: no keyboard is drawn. */
    softKeyboard: boolean;
  };
  readonly screencapScale: number;
  readonly now: () => number;
  /** Extras of the last launch of each package (what the app received). */
  readonly launchExtras = new Map<string, LaunchIntent['extras']>();
  /** What `logcat` shows: the system's and the apps' lines. */
  readonly log: DeviceLog;
  /** Aborts running `screenrecord`s (pkill, reboot, disconnect). */
  readonly recordings = new Set<AbortController>();

  private stateValue: DeviceState = 'device';
  private readonly running = new Map<string, VirtualApp>();
  private readonly pids = new Map<string, number>();
  private systemDialog: SystemDialogKind | null = null;
  private keyboardHidden = false;
  private nextPid = 5120;
  private foreground: VirtualApp | null = null;
  private readonly launcher: LauncherApp;
  private readonly connections = new Set<Socket>();
  private readonly listeners = new Set<(device: VirtualDevice) => void>();
  private readonly forceStopListeners = new Set<(packageName: string) => void>();
  private readonly appFactories: Record<string, AppFactory>;
  private readonly shellEnv: ShellEnvironment;
  /** The last screenshot and recording frame, drawn again only when the screen changed (screen-render.ts). */
  private readonly lastScreenshot = new LastDrawn<Buffer>();
  private readonly lastFrame = new LastDrawn<Raster>();

  constructor(options: VirtualDeviceOptions = {}) {
    this.serial = options.serial ?? `virtual-anon-${nextAnonymous++}`;
    this.model = options.model ?? 'DeviceLab Virtual Phone';
    this.sdk = options.sdk ?? 34;
    this.now = options.now ?? Date.now;
    this.fs = new VirtualFileSystem(() => Math.floor(this.now() / 1000));
    this.log = new DeviceLog(this.now);
    this.faults = {
      installFails: options.installFails ?? false,
      dumpDelayMs: options.dumpDelayMs ?? 0,
      inputFails: options.inputFails ?? false,
      storageFull: false,
      dumpIdleFailures: 0,
      animating: false,
      systemDialogOnLaunch: null,
      softKeyboard: false,
    };
    this.screencapScale = options.screencapScale ?? 1;
    this.appFactories = { [SAMPLE_PACKAGE]: createSampleApp, ...options.apps };
    this.setDefaultProperties(options);
    if (options.sampleInstalled)
      this.packages.preinstall({ packageName: SAMPLE_PACKAGE, label: 'DeviceLab Sample', activities: [SAMPLE_ACTIVITY] });
    if (options.uiautomator2Server) preinstallUiautomator2Server(this);
    this.launcher = new LauncherApp(
      () =>
        this.packages
          .list()
          .filter((p) => p.launcherActivity && !p.system)
          .map((p) => ({ packageName: p.packageName, label: p.label })),
      (pkg) => void this.launchPackage(pkg),
    );
    this.shellEnv = {
      fs: this.fs,
      commands: createDeviceCommands(this),
      env: {
        PATH: '/product/bin:/apex/com.android.runtime/bin:/system/bin:/system/xbin:/vendor/bin',
        HOME: '/',
        EXTERNAL_STORAGE: '/sdcard',
        ANDROID_DATA: '/data',
        TMPDIR: '/data/local/tmp',
        USER: 'shell',
      },
      sdk: this.sdk,
    };
  }

  private setDefaultProperties(o: VirtualDeviceOptions): void {
    const release = o.androidVersion ?? '14';
    const abi = o.abi ?? 'x86_64';
    const defaults: Record<string, string> = {
      'ro.product.model': this.model,
      'ro.product.manufacturer': 'Google',
      'ro.product.brand': 'google',
      'ro.product.name': 'devicelab_virtual',
      'ro.product.device': 'virtual',
      'ro.build.version.release': release,
      'ro.build.version.sdk': String(this.sdk),
      'ro.build.id': 'UQ1A.240205.004',
      'ro.build.type': 'user',
      'ro.build.fingerprint': `google/devicelab_virtual/virtual:${release}/UQ1A.240205.004/11302123:user/release-keys`,
      'ro.product.cpu.abi': abi,
      'ro.product.cpu.abilist': abi.startsWith('x86') ? 'x86_64,x86' : 'arm64-v8a,armeabi-v7a,armeabi',
      'ro.serialno': this.serial,
      'ro.sf.lcd_density': '420',
      'ro.debuggable': '0',
      'sys.boot_completed': '1',
      'dev.bootcomplete': '1',
      'persist.sys.locale': 'en-US',
      'persist.sys.timezone': 'UTC',
      'ro.devicelab.virtual': '1',
    };
    for (const [k, v] of Object.entries({ ...defaults, ...o.properties })) this.properties.set(k, v);
  }

  /** Device TCP ports something on the device listens on (`nc -l`): what `adb forward` connects to. */
  get portListeners(): Map<number, (connection: Duplex) => void> {
    return this.ports.listeners;
  }

  /** `adb reverse`: device TCP port → port on the adb server's machine. */
  get reverses(): Map<number, number> {
    return this.ports.reverses;
  }

  /** A program on the device connects to 127.0.0.1:port (a listener there, or a reversed port). */
  connectPort(port: number): Duplex {
    return this.ports.connect(port);
  }

  get state(): DeviceState {
    return this.stateValue;
  }

  get online(): boolean {
    return this.stateValue === 'device';
  }

  /** Called with the device whenever its state changes (the server re-announces device lists). */
  onStateChange(listener: (device: VirtualDevice) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private setState(state: DeviceState): void {
    if (state === this.stateValue) return;
    this.stateValue = state;
    if (state !== 'device') {
      for (const socket of this.connections) socket.destroy();
      this.connections.clear();
      this.ports.clearReverses(); // the transport they were made over is gone
      for (const rec of this.recordings) rec.abort();
    }
    for (const listener of [...this.listeners]) listener(this);
  }

  /** A lost device: it leaves `adb devices` and every open connection to it drops. */
  disconnect(): void {
    this.setState('disconnected');
  }

  /** adb goes offline for this device (adbd stopped answering, a flaky cable) until reconnect(). */
  goOffline(): void {
    this.setState('offline');
  }

  /** USB debugging is no longer allowed (the user revoked it): listed as unauthorized until reconnect(). */
  unauthorize(): void {
    this.setState('unauthorized');
  }

  /** The cable is back: the device is listed again, with its apps and files as they were. */
  reconnect(): void {
    this.setState('device');
  }

  /** Registers a connection bound to this device (after host:transport) so disconnect() can drop it. */
  trackConnection(socket: Socket): void {
    this.connections.add(socket);
    socket.once('close', () => this.connections.delete(socket));
  }

  /** `reboot`: apps stop, the device drops off the bus for `downMs`, then comes back. */
  reboot(downMs = 200): void {
    this.running.clear();
    this.foreground = null;
    this.setState('offline');
    setTimeout(() => this.setState('device'), downMs).unref();
  }

  // ---- shell ----

  /** Runs a command line as `adb shell` would; output is stdout and stderr interleaved. */
  async shell(command: string, signal: AbortSignal = new AbortController().signal): Promise<string> {
    const chunks: Buffer[] = [];
    const output = (c: Buffer) => void chunks.push(c);
    await this.runShell(command, { stdout: output, stderr: output }, signal);
    return Buffer.concat(chunks).toString('utf8');
  }

  /** Runs a command line with its own stdout, stderr and stdin; resolves with its exit status. */
  runShell(command: string, streams: ShellStreams, signal: AbortSignal): Promise<number> {
    return runShell(command, this.shellEnv, streams, signal);
  }

  // ---- apps ----

  get foregroundApp(): VirtualApp {
    return this.foreground ?? this.launcher;
  }

  isRunning(packageName: string): boolean {
    return this.running.has(packageName);
  }

  launch(intent: LaunchIntent, options: { forceStop?: boolean } = {}): LaunchOutcome {
    const pkg = this.packages.get(intent.packageName);
    const missing = `Activity class {${intent.packageName}/${intent.activity}} does not exist.`;
    if (!pkg || (pkg.activities.length > 0 && !pkg.activities.includes(intent.activity))) return { ok: false, error: missing };
    if (pkg.packageName === this.launcher.packageName) {
      this.foreground = null;
      return { ok: true };
    }
    if (options.forceStop) this.forceStop(pkg.packageName);
    const existing = this.running.get(pkg.packageName);
    if (existing) {
      this.foreground = existing;
      if (!existing.newIntent) return { ok: true, broughtToFront: true };
      existing.newIntent(intent);
      return { ok: true, delivered: true };
    }
    const factory = this.appFactories[pkg.packageName] ?? ((ctx) => new PlaceholderApp(ctx));
    const pid = this.nextPid++;
    const component = shortComponent(pkg.packageName, intent.activity);
    this.log.system(
      'I',
      'ActivityTaskManager',
      `START u0 {${intent.action ? `act=${intent.action} ` : ''}${intent.categories.length ? `cat=[${intent.categories.join(',')}] ` : ''}flg=0x10000000 cmp=${component}} with LAUNCH_MULTIPLE from uid 2000 (BAL_ALLOW_PERMISSION) result code=0`,
    );
    this.log.system(
      'I',
      'ActivityManager',
      `Start proc ${pid}:${pkg.packageName}/u0a${pid % 1000} for next-top-activity {${pkg.packageName}/${intent.activity}}`,
    );
    this.launchExtras.set(pkg.packageName, { ...intent.extras });
    const log = (level: LogLevel, tag: string, message: string) => this.log.write(pid, pid, level, tag, message);
    let app: VirtualApp;
    try {
      app = factory({
        packageName: pkg.packageName,
        label: pkg.label,
        data: this.packages.dataOf(pkg.packageName),
        intent,
        network: this.network,
        log,
      });
    } catch (err) {
      if (!(err instanceof AppCrash)) throw err;
      this.crashed(pkg.packageName, pid, component, err);
      return { ok: true }; // am start has already answered by the time onCreate throws
    }
    this.pids.set(pkg.packageName, pid);
    this.running.set(pkg.packageName, app);
    this.foreground = app;
    this.log.system('I', 'ActivityTaskManager', `Displayed ${component} for user 0: +${280 + (pid % 97)}ms`);
    if (this.faults.systemDialogOnLaunch) this.systemDialog = this.faults.systemDialogOnLaunch;
    return { ok: true };
  }

  /** Launches a package's MAIN/LAUNCHER activity (the launcher icon, `monkey -p`). */
  launchPackage(packageName: string): LaunchOutcome {
    const pkg: InstalledPackage | undefined = this.packages.get(packageName);
    if (!pkg?.launcherActivity) return { ok: false, error: `No launcher activity for ${packageName}` };
    return this.launch({
      packageName,
      activity: pkg.launcherActivity,
      action: 'android.intent.action.MAIN',
      data: null,
      categories: ['android.intent.category.LAUNCHER'],
      extras: {},
    });
  }

  /** The process died of an uncaught exception: AndroidRuntime's FATAL EXCEPTION block, then ActivityManager's lines. */
  private crashed(packageName: string, pid: number, component: string, crash: AppCrash): void {
    const trace = [`${crash.exceptionClass}: ${crash.message}`, ...crash.frames.map((f) => `\tat ${f}`)].join('\n');
    this.log.write(pid, pid, 'E', 'AndroidRuntime', `FATAL EXCEPTION: main\nProcess: ${packageName}, PID: ${pid}\n${trace}`);
    this.log.system('W', 'ActivityTaskManager', `  Force finishing activity ${component}`);
    this.log.system('I', 'ActivityManager', `Process ${packageName} (pid ${pid}) has died: fg  TOP `);
  }

  /** The pid of a running app's process (`pidof`), or undefined. */
  pidOf(packageName: string): number | undefined {
    return this.running.has(packageName) ? this.pids.get(packageName) : undefined;
  }

  /** Whether the UI never settles now (an accessibility event stream that does not pause): what UiAutomation's idle wait sees. */
  get animating(): boolean {
    return this.faults.animating || this.faults.dumpIdleFailures > 0;
  }

  /** Called with the package of every `am force-stop` (an instrumentation stops with its package). */
  onForceStop(listener: (packageName: string) => void): () => void {
    this.forceStopListeners.add(listener);
    return () => this.forceStopListeners.delete(listener);
  }

  forceStop(packageName: string): void {
    for (const listener of [...this.forceStopListeners]) listener(packageName);
    const app = this.running.get(packageName);
    if (app)
      this.log.system(
        'I',
        'ActivityManager',
        `Force stopping ${packageName} appid=${10000 + ((this.pids.get(packageName) ?? 0) % 1000)} user=0: from pid 4242`,
      );
    this.running.delete(packageName);
    if (app && this.foreground === app) this.foreground = null;
  }

  // ---- input and screen ----

  /** All windows bottom to top: the foreground app's, then the status bar. */
  windows(): UiWindow[] {
    return [
      ...this.foregroundApp.windows(),
      ...(this.keyboardShown ? [keyboardWindow()] : []),
      ...this.dialogWindows(),
      statusBarWindow(this.now()),
    ];
  }

  /** Whether the soft keyboard is up: a field has the focus, and Back has not hidden it since (`dumpsys input_method`). */
  get keyboardShown(): boolean {
    if (!this.faults.softKeyboard || this.keyboardHidden || !this.foreground) return false;
    const focused = (n: UiNode): boolean => (n.focused === true && /EditText$/.test(n.className)) || (n.children ?? []).some(focused);
    return this.foreground.windows().some((w) => focused(w.root));
  }

  /**
   * A system dialog over whatever app is in front (a permission prompt, "isn't responding"):
   * it takes the focus, so uiautomator dumps it, and its buttons dismiss it. Null: none.
   */
  showSystemDialog(kind: SystemDialogKind | null): void {
    this.systemDialog = kind;
  }

  get systemDialogShown(): SystemDialogKind | null {
    return this.systemDialog;
  }

  private dialogWindows(): UiWindow[] {
    if (!this.systemDialog) return [];
    const label = this.packages.get(this.foregroundApp.packageName)?.label ?? this.foregroundApp.packageName;
    return [systemDialogWindow(this.systemDialog, label)];
  }

  /** What `uiautomator dump` reports: the focused (topmost) app window and the status bar. */
  dumpXml(): string {
    const focused = this.systemDialog ? this.dialogWindows() : this.foregroundApp.windows().slice(-1);
    return hierarchyXml([...focused, statusBarWindow(this.now())]);
  }

  /** The screen as a PNG; the caller may not change the bytes (an unchanged screen answers the same ones). */
  screenshotPng(): Buffer {
    return this.lastScreenshot.of(this.windows(), (windows) => renderScreen(windows, this.screencapScale));
  }

  /** The screen's pixels now, for screenrecord's frames: a quarter of the screen's size keeps CI's videos small. */
  screenRaster(): Raster {
    return this.lastFrame.of(this.windows(), (windows) => renderRaster(windows, RECORDING_SCALE));
  }

  tap(x: number, y: number): void {
    const action = hitTest(this.windows(), x, y);
    if (action?.startsWith('system:')) return this.systemDialogButton(action);
    if (this.systemDialog) return; // a modal system dialog: the app behind gets nothing
    if (this.keyboardShown && y >= KEYBOARD_TOP) return; // a key was pressed, not what lies under the keyboard
    if (action) this.foregroundApp.perform(action);
    this.keyboardHidden = false; // a tapped field brings the keyboard back
  }

  private systemDialogButton(action: string): void {
    this.systemDialog = null;
    if (action === SYSTEM_DIALOG_ACTION.close && this.foreground) this.forceStop(this.foreground.packageName);
  }

  typeText(text: string): void {
    if (this.systemDialog) return;
    this.foregroundApp.typeText(text);
  }

  swipe(x1: number, y1: number, x2: number, y2: number): void {
    if (this.systemDialog) return;
    this.foregroundApp.swipe(x1, y1, x2, y2);
  }

  /** A key by name without KEYCODE_ (BACK, HOME, ENTER, DEL, A, 1, SPACE, ...). */
  pressKey(name: string): void {
    if (this.systemDialog && name === 'BACK') return void (this.systemDialog = null); // back cancels a system dialog
    if (this.keyboardShown && (name === 'BACK' || name === 'ESCAPE')) return void (this.keyboardHidden = true); // back hides the keyboard first
    if (this.systemDialog && name !== 'HOME') return;
    if (name === 'HOME') return void (this.foreground = null);
    if (!this.foreground) return;
    if (this.foreground.key(name) === 'exit') this.foreground = null; // root activity: the task moves to the back
  }
}

export function createVirtualDevice(options: VirtualDeviceOptions = {}): VirtualDevice {
  return new VirtualDevice(options);
}
