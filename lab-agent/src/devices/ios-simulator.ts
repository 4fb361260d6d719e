/**
 * An iOS simulator on a macOS lab host: apps through `xcrun simctl` (node-simctl), the UI
 * through the WebDriverAgent running on that simulator (ios-wda-driver.ts). The commands
 * are the ones a person would type (`xcrun simctl install <udid> App.app`, `launch`,
 * `terminate`, `io screenshot`), so a run can be reproduced by hand.
 *
 * App state is reset the way a fresh install would have it without reinstalling: the
 * app is stopped and its data container (Documents, Library, tmp) emptied.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Simctl } from 'node-simctl';
import { unpackAppBundle } from './app-archive.js';
import { DriverError, type LaunchParam, type ProxyPlacement } from './driver.js';
import { IosWdaDriver, toolMessage } from './ios-wda-driver.js';

export interface SimulatorDriverOptions {
  udid: string;
  wdaUrl: string;
  /** Path of xcrun (default: found on PATH, or XCRUN_BINARY). */
  xcrunPath?: string;
}

/** The folders of a data container that hold app state (SystemData belongs to the system). */
const DATA_FOLDERS = ['Documents', 'Library', 'tmp'];
const RECORDING_START_MS = 15_000;

export class SimulatorDriver extends IosWdaDriver {
  private readonly simctl: Simctl;
  private recording: { child: ChildProcess; file: string; exited: Promise<void> } | null = null;

  constructor(options: SimulatorDriverOptions) {
    super(options.udid, options.wdaUrl);
    this.simctl = new Simctl({
      ...(options.xcrunPath ? { xcrun: { path: options.xcrunPath } } : {}),
      execTimeout: 120_000,
      logErrors: false,
    });
    this.simctl.udid = options.udid;
  }

  async install(buildFile: string, bundleId: string): Promise<void> {
    const app = await unpackAppBundle(buildFile);
    await this.guard(() => this.simctl.installApp(app));
    if (!(await this.isInstalled(bundleId))) {
      throw new DriverError(`The build installed, but ${bundleId} is not on the simulator: does the build's bundle id differ?`);
    }
  }

  async isInstalled(bundleId: string): Promise<boolean> {
    // What Appium asks too: only an installed app has a container.
    try {
      return (await this.simctl.getAppContainer(bundleId)) !== '';
    } catch {
      if (!(await this.available())) throw new DriverError(`Device ${this.serial} is no longer available`, true);
      return false;
    }
  }

  async clearData(bundleId: string): Promise<void> {
    await this.stop(bundleId);
    const container = (await this.guard(() => this.simctl.getAppContainer(bundleId, 'data'))).trim();
    if (!container.startsWith('/')) throw new DriverError(`simctl gave no data container for ${bundleId}`);
    for (const folder of DATA_FOLDERS) {
      await rm(join(container, folder), { recursive: true, force: true });
      await mkdir(join(container, folder), { recursive: true });
    }
  }

  async launch(bundleId: string, params: readonly LaunchParam[] = []): Promise<void> {
    const { arguments: args, environment } = this.launchWith(params);
    // simctl hands SIMCTL_CHILD_<name> variables to the app as <name> (node-simctl adds the prefix).
    await this.guard(() =>
      this.simctl.exec('launch', { args: ['--terminate-running-process', this.serial, bundleId, ...args], env: environment }),
    );
  }

  /**
   * A simulator shares the Mac's network, loopback included, so its app reaches a proxy on
   * 127.0.0.1; so does every other simulator and process on the Mac, hence the credential.
   */
  async proxyPlacement(): Promise<ProxyPlacement> {
    return { host: '127.0.0.1', credential: true };
  }

  async stop(bundleId: string): Promise<void> {
    try {
      await this.simctl.terminateApp(bundleId);
    } catch (err) {
      // Not running is what stop wants.
      if (/found nothing to terminate|not running/i.test(toolMessage(err))) return;
      await this.guard(() => Promise.reject(err));
    }
  }

  async openLink(url: string): Promise<void> {
    await this.guard(() => this.simctl.openUrl(url));
  }

  async screenshot(): Promise<Buffer> {
    const png = Buffer.from(await this.guard(() => this.simctl.getScreenshot()), 'base64');
    if (png.length < 8 || png.readUInt32BE(0) !== 0x89504e47) throw new DriverError('simctl io screenshot returned no PNG image');
    return png;
  }

  async available(): Promise<boolean> {
    try {
      const devices = (await this.simctl.getDevices(undefined, 'iOS')) as Record<string, Array<{ udid: string; state: string }>>;
      const booted = Object.values(devices)
        .flat()
        .some((d) => d.udid === this.serial && d.state === 'Booted');
      return booted && (await this.wda.ready());
    } catch {
      return false;
    }
  }

  /** `simctl io recordVideo` until stopRecording (SIGINT lets it finish the file). */
  async startRecording(): Promise<void> {
    if (this.recording) return;
    const xcrun = await this.simctl.requireXcrun();
    const file = join(tmpdir(), `devicelab-${this.serial}-${randomBytes(4).toString('hex')}.mp4`);
    const child = spawn(xcrun, ['simctl', 'io', this.serial, 'recordVideo', '--codec=h264', '--force', file], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    await new Promise<void>((resolve, reject) => {
      let err = '';
      const timer = setTimeout(() => reject(new DriverError('simctl io recordVideo did not start')), RECORDING_START_MS);
      child.stderr!.on('data', (chunk: Buffer) => {
        err += chunk.toString();
        if (/Recording started/i.test(err)) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new DriverError(`simctl io recordVideo stopped (${code}): ${err.trim()}`));
      });
    });
    this.recording = { child, file, exited };
  }

  async stopRecording(): Promise<Buffer> {
    const rec = this.recording;
    if (!rec) throw new DriverError('No recording is running');
    this.recording = null;
    rec.child.kill('SIGINT');
    await rec.exited;
    try {
      return await readFile(rec.file);
    } finally {
      await rm(rec.file, { force: true });
    }
  }
}
