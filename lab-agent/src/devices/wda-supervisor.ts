/**
 * Keeps WebDriverAgent running on each paired iPhone the operator did not give a
 * `--wda` URL for, as Appium's XCUITest driver does for its users: through Appium's own
 * WebDriverAgent tooling (appium-webdriveragent, which runs `xcodebuild` to build WDA
 * with the operator's signing team and run it on the phone), with the phone's port 8100
 * forwarded to this Mac over usbmux (usbmux-forward.ts).
 *
 * - Built once per host: the build goes to one derived data folder; once it holds a
 *   `.xctestrun` (what `build-for-testing` writes), later starts run
 *   `test-without-building` only. A prebuilt WDA (the operator's derived data folder)
 *   is used as it is and needs no signing team here.
 * - Checked every poll: a WDA that stops answering is restarted; a phone that goes away
 *   has its WDA stopped and its forward closed.
 * - What keeps a phone from being ready is its `reason` (shown in GET /devices) and one
 *   log line per cause: Xcode missing, no signing team, not trusted, Developer Mode off,
 *   locked, or what xcodebuild said.
 *
 * Starting takes tens of seconds on a real phone, so a poll never waits for it: `check`
 * starts it in the background and answers with the current state.
 */
import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { WebDriverAgent } from 'appium-webdriveragent';
import { devicectl } from './iphone.js';
import { forwardUsbmuxPort, type UsbmuxForward } from './usbmux-forward.js';
import { WdaClient } from './wda-client.js';

const run = promisify(execFile);

export interface WdaSupervisorOptions {
  /** xcrun, for devicectl's view of the phone (trust, Developer Mode, lock). */
  xcrunPath: string;
  /** The Apple Developer Team ID WDA is signed with (needed to build it). */
  team?: string;
  /** The signing identity; default "Apple Development". */
  signingId?: string;
  /** A bundle id of the operator's own for WDA (a free team cannot sign Facebook's). */
  bundleId?: string;
  /** The derived data folder of a WDA the operator built; used as is. */
  prebuiltDir?: string;
  /** Where this host builds WDA once (its derived data folder). */
  derivedDataDir: string;
  /** usbmuxd's socket; default USBMUXD_SOCKET_ADDRESS, else /var/run/usbmuxd. */
  usbmuxdSocket?: string;
  /** How long one start may take; default 120 s (a first build is slow). */
  launchTimeoutMs?: number;
  /** First wait before retrying a failed start; doubles up to retryMaxMs. Default 5 s. */
  retryMs?: number;
  /** Longest wait between retries; default 5 minutes. */
  retryMaxMs?: number;
  log: (line: string) => void;
}

export interface PhoneCheck {
  ready: boolean;
  reason?: string;
}

interface Phone {
  udid: string;
  osVersion: string;
  state: 'starting' | 'up' | 'failed';
  reason?: string;
  wda?: WebDriverAgent;
  forward?: UsbmuxForward;
  url?: string;
  failures: number;
  retryAt: number;
  starting?: Promise<void>;
}

const MAX_RETRY_MS = 5 * 60_000;

export const NOT_TRUSTED = 'the iPhone does not trust this Mac: unlock it and answer "Trust This Computer?" with Trust';

/** appium-webdriveragent logs through this; its own chatter is not the operator's business. */
const quietLog = (log: (line: string) => void) => {
  const ignore = () => {};
  return {
    debug: ignore,
    info: ignore,
    verbose: ignore,
    silly: ignore,
    warn: ignore,
    error: (m: unknown) => log(`WebDriverAgent tooling: ${String(m)}`),
    errorWithException: ignore,
    errorAndThrow: (m: unknown) => {
      throw m instanceof Error ? m : new Error(String(m));
    },
  };
};

export class WdaSupervisor {
  private readonly phones = new Map<string, Phone>();
  /** Causes already logged, so a poll every few seconds says each once. */
  private readonly said = new Map<string, string>();
  private stopped = false;

  constructor(private readonly options: WdaSupervisorOptions) {}

  /** The forwarded WebDriverAgent URL of a phone whose WDA is up. */
  url(udid: string): string | undefined {
    const phone = this.phones.get(udid);
    return phone?.state === 'up' ? phone.url : undefined;
  }

  /** Called each poll for a connected iPhone: starts, checks or restarts its WDA. */
  async check(udid: string, osVersion: string): Promise<PhoneCheck> {
    if (this.stopped) return { ready: false, reason: 'the agent is stopping' };
    let phone = this.phones.get(udid);
    if (!phone) {
      phone = { udid, osVersion, state: 'failed', failures: 0, retryAt: 0 };
      this.phones.set(udid, phone);
    }
    if (phone.state === 'up') {
      if (phone.url && (await new WdaClient(phone.url).ready())) return { ready: true };
      this.say(udid, `WebDriverAgent on iPhone ${udid} stopped answering: restarting it`);
      await this.teardown(phone);
      phone.state = 'failed';
      phone.retryAt = 0;
      phone.failures = 0;
    }
    if (phone.state === 'failed' && Date.now() >= phone.retryAt) this.begin(phone);
    return { ready: false, reason: phone.reason ?? 'starting WebDriverAgent' };
  }

  /** The phone went away: its WDA and forward go too. */
  async forget(udid: string): Promise<void> {
    const phone = this.phones.get(udid);
    if (!phone) return;
    this.phones.delete(udid);
    await phone.starting;
    await this.teardown(phone);
    await phone.forward?.close();
    phone.forward = undefined;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all([...this.phones.keys()].map((udid) => this.forget(udid)));
  }

  private begin(phone: Phone): void {
    phone.state = 'starting';
    // A retry keeps the last failure's reason until it ends: an operator reading GET /devices sees why the phone is
    // not ready ("the iPhone is locked"), not a "starting" that hides it for as long as each attempt runs.
    phone.reason ??= 'starting WebDriverAgent';
    phone.starting = this.start(phone)
      .then((url) => {
        phone.state = 'up';
        phone.url = url;
        phone.reason = undefined;
        phone.failures = 0;
        this.say(phone.udid, `WebDriverAgent is up on iPhone ${phone.udid} (forwarded to ${url})`);
      })
      .catch(async (err: unknown) => {
        await this.teardown(phone);
        phone.state = 'failed';
        phone.reason = err instanceof Error ? err.message : String(err);
        phone.failures += 1;
        phone.retryAt =
          Date.now() + Math.min(this.options.retryMaxMs ?? MAX_RETRY_MS, (this.options.retryMs ?? 5000) * 2 ** (phone.failures - 1));
        this.say(phone.udid, `iPhone ${phone.udid} is not ready: ${phone.reason}`);
      })
      .finally(() => {
        phone.starting = undefined;
      });
  }

  /** Everything a start needs, checked in the order an operator would fix it; then WDA itself. */
  private async start(phone: Phone): Promise<string> {
    await this.requireXcode();
    await this.requireUsablePhone(phone.udid);
    const prebuilt = this.options.prebuiltDir ?? (hasXctestrun(this.options.derivedDataDir) ? this.options.derivedDataDir : undefined);
    if (!prebuilt && !this.options.team) {
      throw new Error(
        'no signing team to build WebDriverAgent with: start the agent with --wda-team <your Apple Developer Team ID> (DEVICELAB_WDA_TEAM), or give a prebuilt one with --wda-prebuilt <derived data folder>',
      );
    }
    // One forward per phone for as long as it is here: a restarted WDA keeps its URL, so
    // drivers holding it keep working.
    phone.forward ??= await forwardUsbmuxPort(
      phone.udid,
      8100,
      this.options.usbmuxdSocket ? { usbmuxdSocket: this.options.usbmuxdSocket } : {},
    );
    // Loaded on first use: only a Mac with iPhones to manage pays for Appium's tooling.
    const { WebDriverAgent } = await import('appium-webdriveragent');
    quietAppiumLogs();
    phone.wda = new WebDriverAgent(
      {
        device: { udid: phone.udid },
        realDevice: true,
        platformName: 'iOS',
        platformVersion: phone.osVersion,
        wdaLocalPort: phone.forward.port,
        wdaRemotePort: 8100,
        derivedDataPath: prebuilt ?? this.options.derivedDataDir,
        usePrebuiltWDA: prebuilt !== undefined,
        wdaLaunchTimeout: this.options.launchTimeoutMs ?? 120_000,
        showXcodeLog: false,
        ...(this.options.team ? { xcodeOrgId: this.options.team, xcodeSigningId: this.options.signingId ?? 'Apple Development' } : {}),
        ...(this.options.bundleId ? { updatedWDABundleId: this.options.bundleId } : {}),
      },
      quietLog(this.options.log) as ConstructorParameters<typeof WebDriverAgent>[1],
    );
    try {
      await phone.wda.launch(`devicelab-${phone.udid}`);
    } catch (err) {
      throw new Error(`WebDriverAgent did not start: ${xcodebuildCause(err)}`);
    }
    const url = `http://127.0.0.1:${phone.forward.port}`;
    if (!(await new WdaClient(url).ready())) throw new Error(`WebDriverAgent started but does not answer at ${url}/status`);
    return url;
  }

  private async requireXcode(): Promise<void> {
    try {
      await run('xcodebuild', ['-version'], { timeout: 60_000 });
    } catch {
      throw new Error(
        'Xcode is missing: xcodebuild does not run (install Xcode, then sudo xcode-select -s /Applications/Xcode.app and sudo xcodebuild -license accept)',
      );
    }
  }

  /** Trust, Developer Mode and the lock, as devicectl sees the phone. */
  private async requireUsablePhone(udid: string): Promise<void> {
    const details = await devicectl(this.options.xcrunPath, ['device', 'info', 'details', '--device', udid]);
    const connection = (details['connectionProperties'] ?? {}) as { pairingState?: string };
    const device = (details['deviceProperties'] ?? {}) as { developerModeStatus?: string };
    if (connection.pairingState && connection.pairingState !== 'paired') {
      throw new Error(NOT_TRUSTED);
    }
    if (device.developerModeStatus === 'disabled') {
      throw new Error(
        'Developer Mode is off on the iPhone: turn it on in Settings > Privacy & Security > Developer Mode, then restart the phone',
      );
    }
    const lock = await devicectl(this.options.xcrunPath, ['device', 'info', 'lockState', '--device', udid]).catch(() => ({}));
    if ((lock as { passcodeRequired?: boolean }).passcodeRequired === true) {
      throw new Error('the iPhone is locked: unlock it (and set Auto-Lock to Never on lab phones)');
    }
  }

  /** Stops the phone's WDA (its xcodebuild); the forward stays for the next start. */
  private async teardown(phone: Phone): Promise<void> {
    const { wda } = phone;
    phone.wda = undefined;
    phone.url = undefined;
    await wda?.quit().catch(() => {});
  }

  private say(udid: string, line: string): void {
    if (this.said.get(udid) === line) return;
    this.said.set(udid, line);
    this.options.log(line);
  }
}

/**
 * Appium's tooling logs through one process-wide npmlog (globalThis._global_npmlog, set up
 * by @appium/support on import), chatty at its default level; the agent says what matters
 * itself (the phone's reason). DEVICELAB_WDA_VERBOSE=1 keeps Appium's lines, for debugging.
 */
function quietAppiumLogs(): void {
  if (process.env['DEVICELAB_WDA_VERBOSE'] === '1') return;
  const npmlog = (globalThis as { _global_npmlog?: { level: string } })._global_npmlog;
  if (npmlog) npmlog.level = 'silent';
}

function hasXctestrun(derivedDataDir: string): boolean {
  try {
    return readdirSync(join(derivedDataDir, 'Build', 'Products')).some((f) => f.endsWith('.xctestrun'));
  } catch {
    return false;
  }
}

/** The tooling's error says "xcodebuild failed with code 65"; the cause is in xcodebuild's own lines when it gave them. */
function xcodebuildCause(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.split('\n')[0]!.slice(0, 500);
}
