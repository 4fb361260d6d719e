/**
 * The Android driver: every operation is an adb shell command or a sync transfer sent
 * through adbkit to an adb server (the real one on port 5037, or the virtual one in
 * tests and demos). The commands are the ones a person would type, so the behaviour can
 * be reproduced by hand with `adb shell ...` when a run misbehaves on real hardware.
 *
 * The v1 shell service used here reports no exit status, so success is read from what
 * each tool prints (pm's "Success", am's "Error:" lines, uiautomator's "dumped to").
 */
import { basename } from 'node:path';
import type { Readable } from 'node:stream';
import { type Client, type DeviceClient, readAll, removeReverse } from './adbkit.js';
import {
  type DeviceDriver,
  type DeviceLogCapture,
  DriverError,
  type KeyName,
  type LaunchParam,
  type ProxyEndpoint,
  type ScreenSize,
  type SwipeSpec,
  swipeCoordinates,
} from './driver.js';
import { escapeInputText, shellQuote, splitLines } from './input-text.js';
import { Uiautomator2Source } from './uiautomator2-source.js';

const KEYCODES: Readonly<Record<KeyName, number>> = { home: 3, back: 4, enter: 66 };
const DUMP_PATH = '/sdcard/window_dump.xml';
/** screenrecord's longest recording; a longer test is recorded in consecutive parts. */
const SCREENRECORD_MAX_SECONDS = 180;
const recordingPart = (n: number) => `/sdcard/devicelab-recording-${n}.mp4`;
/** adb's own temp dir for pushed packages: world-readable for the package installer. */
const PUSH_DIR = '/data/local/tmp';
/** A test's device log beyond this is cut (its start, with the launch and any crash, is what matters). */
const DEVICE_LOG_MAX_BYTES = 8 * 1024 * 1024;
/** How long flush() waits for its marker line before giving up (a device that dropped logcat). */
const FLUSH_WAIT_MS = 2_000;
/** Pauses before retrying a dump that found the screen animating. */
const IDLE_RETRY_PAUSES_MS = [100, 300, 600];
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export class AndroidDriver implements DeviceDriver {
  private readonly device: DeviceClient;
  private size: ScreenSize | null = null;
  private recording: { parts: number; stopped: boolean; done: Promise<void> } | null = null;
  /** The device port useProxy reversed to the agent, until clearProxy removes it. */
  private reversedPort: number | null = null;
  /** Reads screens that never settle (Appium's UiAutomator2 server), and whether this device has needed it. */
  private readonly busyScreenSource: Uiautomator2Source;
  private busyScreens = false;

  constructor(
    private readonly client: Client,
    readonly serial: string,
    /** Seconds per recording part (tests shorten it). */
    private readonly recordingPartSeconds = SCREENRECORD_MAX_SECONDS,
  ) {
    this.device = client.getDevice(serial);
    this.busyScreenSource = new Uiautomator2Source(this.device, serial, (command) => this.shell(command));
  }

  async install(buildFile: string, packageName: string): Promise<void> {
    const remote = `${PUSH_DIR}/devicelab-${basename(buildFile).replace(/[^A-Za-z0-9._-]/g, '_')}`;
    await this.push(buildFile, remote).catch((err: unknown) => {
      if (err instanceof DriverError && /No space left on device/i.test(err.message)) {
        throw new DriverError(
          `Installing ${basename(buildFile)} failed: ${PUSH_DIR} on the device is full (No space left on device); free space on the device`,
        );
      }
      throw err;
    });
    try {
      // -r replaces an installed version keeping nothing stale; -t allows test-only
      // (debuggable) builds, which is what most CI pipelines upload.
      const out = await this.shell(`pm install -r -t ${shellQuote(remote)}`);
      const line = /^(Success|Failure \[(.*?)\]|Exception.*|Error:.*)$/m.exec(out);
      if (line?.[1] !== 'Success') {
        const detail = line?.[2] ?? out.trim().split('\n').slice(0, 2).join(' ');
        throw new DriverError(`Installing ${basename(buildFile)} failed: ${detail || 'no answer from pm'}`);
      }
    } finally {
      await this.shell(`rm -f ${shellQuote(remote)}`).catch(() => undefined);
    }
    if (!(await this.isInstalled(packageName))) {
      throw new DriverError(`The build installed, but ${packageName} is not on the device: does the build's package name differ?`);
    }
  }

  async useProxy({ port: agentPort }: ProxyEndpoint): Promise<void> {
    // adb reverse makes the device's 127.0.0.1:<port> the agent's, wherever the agent's
    // network is; the global proxy setting then sends every app's HTTP(S) there.
    // The setting goes on first and comes off last: whenever a reverse of ours exists, a
    // 127.0.0.1:<port> setting names it, so clearStaleProxy finds it after a crash.
    this.reversedPort = agentPort;
    await this.shell(`settings put global http_proxy 127.0.0.1:${agentPort}`);
    await this.guard(() => this.device.reverse(`tcp:${agentPort}`, `tcp:${agentPort}`));
  }

  /** Undoes useProxy: our reverse (only ours: the owner's other reverses stay), then the setting. */
  async clearProxy(): Promise<void> {
    const port = this.reversedPort;
    this.reversedPort = null;
    let failure: unknown = null;
    // Already gone (adb restarted since) is fine: removeReverse answers false.
    if (port !== null) await this.guard(() => removeReverse(this.device, `tcp:${port}`)).catch((err: unknown) => (failure = err));
    // ":0" is how Android spells "no proxy" (deleting the key is not seen by running apps).
    // Reset even when the reverse could not be removed: a device left proxied to nothing has no network.
    await this.shell('settings put global http_proxy :0');
    if (failure) throw failure;
  }

  async clearStaleProxy(): Promise<boolean> {
    // Ours look like 127.0.0.1:<port> (useProxy); anything else is the device owner's and
    // stays, and so do reverses other than that port's.
    const ours = /^127\.0\.0\.1:(\d+)$/.exec((await this.shell('settings get global http_proxy')).trim());
    if (!ours) return false;
    this.reversedPort = Number(ours[1]);
    await this.clearProxy();
    return true;
  }

  async isInstalled(packageName: string): Promise<boolean> {
    return (await this.shell(`pm path ${shellQuote(packageName)}`)).startsWith('package:');
  }

  async clearData(packageName: string): Promise<void> {
    const out = await this.shell(`pm clear ${shellQuote(packageName)}`);
    if (!/^Success/m.test(out)) throw new DriverError(`Clearing the data of ${packageName} failed: ${out.trim() || 'no answer from pm'}`);
  }

  async launch(packageName: string, params: readonly LaunchParam[] = []): Promise<void> {
    // Launch parameters are string extras (`--es key value`), which every app reads with getStringExtra.
    const extras = params.map((p) => `--es ${shellQuote(p.key)} ${shellQuote(p.value)}`).join(' ');
    const component = await this.launcherActivity(packageName);
    if (component) {
      return this.am(
        `am start -W -n ${shellQuote(component)} -a android.intent.action.MAIN -c android.intent.category.LAUNCHER ${extras}`,
        packageName,
      );
    }
    if (params.length === 0) {
      // No resolver (Android < 7, some OEM builds): monkey starts the launcher activity.
      const out = await this.shell(`monkey -p ${shellQuote(packageName)} -c android.intent.category.LAUNCHER 1`);
      if (/No activities found|aborted|Error/i.test(out)) throw new DriverError(`Could not launch ${packageName}: no launcher activity`);
      return;
    }
    // monkey cannot carry extras; an implicit MAIN/LAUNCHER intent limited to the package can.
    return this.am(
      `am start -W -a android.intent.action.MAIN -c android.intent.category.LAUNCHER -p ${shellQuote(packageName)} ${extras}`,
      packageName,
    );
  }

  async stop(packageName: string): Promise<void> {
    await this.shell(`am force-stop ${shellQuote(packageName)}`);
  }

  async openLink(url: string): Promise<void> {
    await this.am(`am start -W -a android.intent.action.VIEW -d ${shellQuote(url)}`, url);
  }

  async hierarchy(): Promise<string> {
    // Dump to a file and pull it: `uiautomator dump /dev/tty` mixes the XML with status
    // lines and is missing on some builds, the file form works everywhere. Any failure
    // is retried once. "could not get idle state" (something on the screen keeps
    // animating) is retried after growing pauses, as the animation usually ends; when it
    // does not, the hierarchy is read the way tools that handle such screens read it:
    // through Appium's UiAutomator2 server, without waiting for the UI to idle
    // (uiautomator2-source.ts). Once that was needed, a busy screen goes to it at once.
    for (let attempt = 1; ; attempt += 1) {
      const out = await this.shell(`uiautomator dump ${DUMP_PATH}`);
      if (/dumped to/i.test(out)) break;
      const idle = /could not get idle state/i.test(out);
      if (idle && (this.busyScreens || attempt > IDLE_RETRY_PAUSES_MS.length)) return this.hierarchyWithoutIdleWait(out, attempt);
      if (!idle && attempt > 1) throw new DriverError(`uiautomator dump failed: ${out.trim() || 'no output'}`);
      if (idle) await sleep(IDLE_RETRY_PAUSES_MS[attempt - 1]!);
    }
    const xml = (await this.pull(DUMP_PATH)).toString('utf8');
    if (!xml.includes('<hierarchy')) throw new DriverError('uiautomator dump produced no hierarchy');
    return xml;
  }

  /** The fallback for a screen that never settles; says what was tried when it is not there or fails too. */
  private async hierarchyWithoutIdleWait(dumpOutput: string, tries: number): Promise<string> {
    const failed = `uiautomator dump failed: ${dumpOutput.trim()} (the screen never settled in ${tries} tries: something keeps animating)`;
    if (!(await this.busyScreenSource.installed()))
      throw new DriverError(`${failed}; install Appium's UiAutomator2 server on the device to read such screens`);
    try {
      const xml = await this.guard(() => this.busyScreenSource.hierarchy());
      this.busyScreens = true;
      return xml;
    } catch (err) {
      if (err instanceof DriverError && err.deviceGone) throw err;
      throw new DriverError(
        `${failed}; Appium's UiAutomator2 server did not answer either: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }

  async screenshot(): Promise<Buffer> {
    // adbkit's screencap undoes the \n → \r\n translation of old devices' shells.
    const png = await this.guard(async () => readAll(await this.device.screencap()));
    if (png.length < 8 || png.readUInt32BE(0) !== 0x89504e47) throw new DriverError('screencap returned no PNG image');
    return png;
  }

  async screenSize(): Promise<ScreenSize> {
    if (this.size) return this.size;
    const out = await this.shell('wm size');
    // An override (set by a test or the user) is what apps lay out against.
    const m = /Override size: (\d+)x(\d+)/.exec(out) ?? /Physical size: (\d+)x(\d+)/.exec(out);
    if (!m) throw new DriverError(`Could not read the screen size: ${out.trim()}`);
    this.size = { width: Number(m[1]), height: Number(m[2]) };
    return this.size;
  }

  async tap(x: number, y: number): Promise<void> {
    // The soft keyboard covers the bottom of the screen while a field has the focus, and
    // uiautomator's dump (the app's window) does not show it: the next field or button may
    // be under it. Back hides it first (the focus and the text stay).
    if (/mInputShown=true/.test(await this.shell('dumpsys input_method'))) await this.input(`input keyevent ${KEYCODES.back}`);
    await this.input(`input tap ${Math.round(x)} ${Math.round(y)}`);
  }

  async type(text: string): Promise<void> {
    const lines = splitLines(text);
    for (const [i, line] of lines.entries()) {
      if (i > 0) await this.input(`input keyevent ${KEYCODES.enter}`);
      if (line !== '') await this.input(`input text ${escapeInputText(line)}`);
    }
  }

  async swipe(spec: SwipeSpec): Promise<void> {
    const { from, to } = 'direction' in spec ? swipeCoordinates(spec.direction, await this.screenSize()) : spec;
    const duration = 'durationMs' in spec && spec.durationMs !== undefined ? spec.durationMs : 300;
    await this.input(
      `input swipe ${Math.round(from.x)} ${Math.round(from.y)} ${Math.round(to.x)} ${Math.round(to.y)} ${Math.round(duration)}`,
    );
  }

  async key(key: KeyName): Promise<void> {
    await this.input(`input keyevent ${KEYCODES[key]}`);
  }

  async available(): Promise<boolean> {
    return (await this.adbState()) === 'device';
  }

  /** What adb says of the device now: "device" when usable, else offline, unauthorized, ..., or why it is not listed. */
  private async adbState(): Promise<string> {
    try {
      const devices: Array<{ id: string; type: string }> = await this.client.listDevices();
      const listed = devices.find((d) => d.id === this.serial);
      if (!listed) return 'gone from adb devices';
      return listed.type === 'emulator' ? 'device' : listed.type;
    } catch {
      return 'unreachable (the adb server does not answer)'; // the adb server itself is gone: so is the device, for us
    }
  }

  /**
   * `logcat -c`, then `logcat -v threadtime` followed over one shell connection until
   * stop(). flush() writes a marker line (`log -t DeviceLab`) and waits for it to come
   * back: logcat is written in order, so what came before has then arrived.
   */
  async startDeviceLog(): Promise<DeviceLogCapture> {
    await this.shell('logcat -c');
    const stream = await this.guard(async () => (await this.device.shell('logcat -v threadtime')) as Readable);
    const chunks: Buffer[] = [];
    let size = 0;
    let seen = '';
    const waiters = new Set<{ mark: string; resolve: () => void }>();
    stream.on('data', (chunk: Buffer) => {
      if (size < DEVICE_LOG_MAX_BYTES) {
        chunks.push(chunk);
        size += chunk.length;
      }
      seen = (seen + chunk.toString('utf8')).slice(-4096);
      for (const w of waiters) if (seen.includes(w.mark)) waiters.delete(w), w.resolve();
    });
    stream.on('error', () => undefined);
    const ended = new Promise<void>((resolve) => stream.once('close', resolve).once('end', resolve));
    let marks = 0;
    return {
      text: () => Buffer.concat(chunks).toString('utf8'),
      mark: async (text) => void (await this.shell(`log -t DeviceLab ${shellQuote(text)}`)),
      flush: async () => {
        const mark = `devicelab-mark-${(marks += 1)}-${Date.now()}`;
        const arrived = new Promise<void>((resolve) => waiters.add({ mark, resolve }));
        await this.shell(`log -t DeviceLab ${mark}`).catch(() => undefined);
        await Promise.race([arrived, ended, sleep(FLUSH_WAIT_MS)]);
      },
      stop: async () => {
        (stream as Readable & { end?: () => void }).end?.();
        stream.destroy();
        await Promise.race([ended, sleep(FLUSH_WAIT_MS)]);
      },
    };
  }

  /**
   * Starts screenrecord; it stops by itself at its limit (3 minutes), so until
   * stopRecording a new part is started each time one ends. The shell stays open while
   * a part records.
   */
  async startRecording(): Promise<void> {
    if (this.recording) return;
    const first = await this.recordPart(0);
    const rec = { parts: 1, stopped: false, done: Promise.resolve() };
    rec.done = (async () => {
      for (let stream = first; ; ) {
        await readAll(stream).catch(() => Buffer.alloc(0));
        if (rec.stopped) return;
        try {
          stream = await this.recordPart(rec.parts);
        } catch {
          return; // the device is gone: keep the parts recorded so far
        }
        rec.parts += 1;
        // Stopped while this part was starting: its pkill may have come too early for it.
        if (rec.stopped) await this.shell('pkill -INT screenrecord').catch(() => undefined);
      }
    })();
    this.recording = rec;
  }

  async stopRecording(): Promise<Buffer | Buffer[]> {
    const rec = this.recording;
    if (!rec) throw new DriverError('No recording is running');
    rec.stopped = true;
    // SIGINT lets screenrecord finish the MP4's index; a killed one leaves an unplayable file.
    await this.shell('pkill -INT screenrecord');
    await rec.done;
    this.recording = null;
    const parts: Buffer[] = [];
    for (let n = 0; n < rec.parts; n += 1) {
      parts.push(await this.pull(recordingPart(n)));
      await this.shell(`rm -f ${recordingPart(n)}`).catch(() => undefined);
    }
    return parts.length === 1 ? parts[0]! : parts;
  }

  private recordPart(n: number): Promise<Readable> {
    return this.guard(
      async () => (await this.device.shell(`screenrecord --time-limit ${this.recordingPartSeconds} ${recordingPart(n)}`)) as Readable,
    );
  }

  /** The MAIN/LAUNCHER activity via the package manager's resolver (Android 7+), or null. */
  private async launcherActivity(packageName: string): Promise<string | null> {
    const out = await this.shell(
      `cmd package resolve-activity --brief -a android.intent.action.MAIN -c android.intent.category.LAUNCHER ${shellQuote(packageName)}`,
    );
    const line = out
      .split('\n')
      .map((l) => l.trim())
      .reverse()
      .find((l) => /^[\w.]+\/[\w.$]+$/.test(l));
    return line?.startsWith(`${packageName}/`) ? line : null;
  }

  private async am(command: string, what: string): Promise<void> {
    const out = await this.shell(command);
    const error = /^Error: (.*)$/m.exec(out) ?? /^(Error.*|.*Exception.*)$/m.exec(out);
    if (error) throw new DriverError(`Could not start ${what}: ${error[1]}`);
  }

  private async input(command: string): Promise<void> {
    const out = await this.shell(command);
    const error = /^Error: (.*)$/m.exec(out);
    if (error) throw new DriverError(`${command.split(' ').slice(0, 2).join(' ')} failed: ${error[1]}`);
  }

  private shell(command: string): Promise<string> {
    return this.guard(async () => (await readAll(await this.device.shell(command))).toString('utf8'));
  }

  private pull(path: string): Promise<Buffer> {
    return this.guard(async () => readAll((await this.device.pull(path)) as Readable));
  }

  private push(localPath: string, remotePath: string): Promise<void> {
    return this.guard(async () => {
      const transfer = await this.device.push(localPath, remotePath);
      await new Promise<void>((resolve, reject) => {
        transfer.once('end', () => resolve());
        transfer.once('error', reject);
      });
    });
  }

  /** Turns adb failures into DriverErrors that say whether the device is still there. */
  private async guard<T>(operation: () => Promise<T>): Promise<T> {
    try {
      return await operation();
    } catch (err) {
      if (err instanceof DriverError) throw err;
      const message = err instanceof Error ? err.message : String(err);
      const state = await this.adbState();
      if (state === 'device') throw new DriverError(`adb: ${message}`);
      const why = state === 'unauthorized' ? 'unauthorized (USB debugging not allowed on the device)' : state;
      throw new DriverError(`Device ${this.serial} is ${why} (${message})`, true);
    }
  }
}
