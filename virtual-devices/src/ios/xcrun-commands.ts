/**
 * The `xcrun simctl` and `xcrun devicectl` subcommands the lab agent uses, answered for
 * virtual iPhones with the real tools' output formats (JSON listings, error lines, exit
 * codes). The fake xcrun script (fake-xcrun.mjs) forwards its argv and SIMCTL_CHILD_
 * environment here; paths in arguments are on this machine, so screenshots, recordings
 * and `--json-output` files are written directly.
 */
import { writeFile } from 'node:fs/promises';
import { FrameRecorder } from '../screen-recorder.js';
import type { VirtualIosDevice } from './ios-device.js';

export interface XcrunResult {
  code: number;
  stdout: string;
  stderr: string;
  /** The command runs until the caller interrupts it (recordVideo); then it is sent again with `finish`. */
  wait?: boolean;
}

export interface XcrunRequest {
  argv: string[];
  /** SIMCTL_CHILD_* variables of the caller's environment. */
  env: Record<string, string>;
  /** A waiting command was interrupted (SIGINT): finish it. */
  finish?: boolean;
}

const ok = (stdout = '', stderr = ''): XcrunResult => ({ code: 0, stdout, stderr });
const fail = (stderr: string, code = 1): XcrunResult => ({ code, stdout: '', stderr: `${stderr}\n` });
const simctlError = (message: string, code = 1) =>
  fail(`An error was encountered processing the command (domain=com.apple.CoreSimulator.SimError, code=${code}):\n${message}`, code);

export async function runXcrun(devices: readonly VirtualIosDevice[], req: XcrunRequest): Promise<XcrunResult> {
  const [tool, ...rest] = req.argv;
  try {
    if (tool === 'simctl')
      return await simctl(
        devices.filter((d) => d.kind === 'simulator'),
        withoutSet(rest),
        req,
      );
    if (tool === 'devicectl')
      return await devicectl(
        devices.filter((d) => d.kind === 'physical'),
        rest,
      );
    return fail(`xcrun: error: unable to find utility "${tool ?? ''}", not a developer tool or in PATH`, 72);
  } catch (err) {
    return fail(err instanceof Error ? err.message : String(err));
  }
}

/** `simctl --set <path> ...` picks a device set; the virtual host has one. */
function withoutSet(args: string[]): string[] {
  return args[0] === '--set' ? args.slice(2) : args;
}

async function simctl(sims: readonly VirtualIosDevice[], args: string[], req: XcrunRequest): Promise<XcrunResult> {
  const [sub, ...a] = args;
  const find = (udid: string | undefined) => sims.find((d) => d.udid === udid || (udid === 'booted' && d.booted));
  const booted = (udid: string | undefined): VirtualIosDevice => {
    const d = find(udid);
    if (!d) throw new Error(`Invalid device: ${udid ?? ''}`);
    if (!d.booted) throw new Error('Unable to lookup in current state: Shutdown');
    return d;
  };
  switch (sub) {
    case 'list':
      if (!a.includes('-j') && !a.includes('--json')) return ok(listText(sims));
      return ok(JSON.stringify({ devices: simctlDevices(sims) }, null, 2));
    case 'install': {
      const d = booted(a[0]);
      if (!a[1]) return fail('Usage: simctl install <device> <path>');
      await d.install(a[1]);
      return ok();
    }
    case 'uninstall':
      booted(a[0]).uninstall(a[1] ?? '');
      return ok();
    case 'launch': {
      const flags = a.filter((x, i) => x.startsWith('--') && a.slice(0, i).every((y) => y.startsWith('--')));
      const [udid, bundleId, ...appArgs] = a.slice(flags.length);
      const d = booted(udid);
      if (!bundleId) return fail('Usage: simctl launch <device> <bundle identifier> [<arguments>]');
      try {
        d.launch(bundleId, appArgs, req.env, { terminateRunning: flags.includes('--terminate-running-process') });
      } catch (err) {
        return simctlError(`The request to open "${bundleId}" failed. ${(err as Error).message}`, 4);
      }
      return ok(`${bundleId}: ${10_000 + Math.floor(Math.random() * 50_000)}\n`);
    }
    case 'terminate': {
      const d = booted(a[0]);
      if (!d.terminate(a[1] ?? ''))
        return simctlError(`Simulator device failed to terminate ${a[1] ?? ''}.\nfound nothing to terminate`, 3);
      return ok();
    }
    case 'get_app_container': {
      const d = booted(a[0]);
      const bundleId = a[1] ?? '';
      if (!d.isInstalled(bundleId)) return simctlError(`No such file or directory: no container for ${bundleId}`, 2);
      const kind = a[2] ?? 'app';
      if (kind === 'data') return ok(`${d.dataContainer(bundleId)}\n`);
      return ok(`${d.installedApps().find((x) => x.bundleId === bundleId)!.path}\n`);
    }
    case 'openurl':
      booted(a[0]).openUrl(a[1] ?? '');
      return ok();
    case 'shutdown':
      booted(a[0]).booted = false;
      return ok();
    case 'boot': {
      const d = find(a[0]);
      if (!d) return fail(`Invalid device: ${a[0] ?? ''}`);
      d.booted = true;
      return ok();
    }
    case 'io':
      return io(booted(a[0]), a.slice(1), req);
  }
  return fail(`Unrecognized subcommand: ${sub ?? ''}\nusage: simctl [--set <path>] [--profiles <path>] <subcommand> ...`, 64);
}

async function io(d: VirtualIosDevice, args: string[], req: XcrunRequest): Promise<XcrunResult> {
  const [op, ...rest] = args;
  const path = rest.filter((x) => !x.startsWith('-')).pop();
  if (!path) return fail(`Usage: simctl io <device> ${op ?? '<operation>'} [options] <file>`);
  if (op === 'screenshot') {
    await writeFile(path, d.screenshotPng());
    return ok('', `Detected file type 'PNG' from extension\nWrote screenshot to: ${path}\n`);
  }
  if (op === 'recordVideo') {
    // Like the virtual Android screenrecord, an animated GIF of what the screen showed.
    if (!req.finish) {
      d.recordings.set(
        path,
        FrameRecorder.sampling(() => d.screenRaster()),
      );
      return { ...ok('', 'Recording started\n'), wait: true };
    }
    const finish = d.recordings.get(path);
    d.recordings.delete(path);
    await writeFile(path, finish ? finish() : FrameRecorder.sampling(() => d.screenRaster())());
    return ok('', `Wrote video to: ${path}\n`);
  }
  return fail(`Unknown io operation: ${op ?? ''}`);
}

function simctlDevices(sims: readonly VirtualIosDevice[]): Record<string, unknown[]> {
  const byRuntime: Record<string, unknown[]> = {};
  for (const d of sims) {
    const runtime = `com.apple.CoreSimulator.SimRuntime.iOS-${d.osVersion.replace(/\./g, '-')}`;
    (byRuntime[runtime] ??= []).push({
      udid: d.udid,
      name: d.name,
      state: d.booted ? 'Booted' : 'Shutdown',
      isAvailable: true,
      deviceTypeIdentifier: `com.apple.CoreSimulator.SimDeviceType.${d.name.replace(/\W+/g, '-')}`,
    });
  }
  return byRuntime;
}

function listText(sims: readonly VirtualIosDevice[]): string {
  const lines = ['== Devices =='];
  for (const d of sims) lines.push(`-- iOS ${d.osVersion} --`, `    ${d.name} (${d.udid}) (${d.booted ? 'Booted' : 'Shutdown'})`);
  return `${lines.join('\n')}\n`;
}

async function devicectl(phones: readonly VirtualIosDevice[], args: string[]): Promise<XcrunResult> {
  const option = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const positional = args.filter((x, i) => !x.startsWith('-') && !(args[i - 1] ?? '').startsWith('--'));
  const output = async (commandType: string, result: unknown): Promise<XcrunResult> => {
    const path = option('--json-output');
    if (path)
      await writeFile(
        path,
        JSON.stringify({ info: { arguments: ['devicectl', ...args], commandType, outcome: 'success' }, result }, null, 2),
      );
    return ok();
  };
  const device = (): VirtualIosDevice => {
    const id = option('--device') ?? option('-d');
    const d = phones.find((p) => p.udid === id);
    if (!d?.booted)
      throw new Error(
        `ERROR: The specified device was not found. (com.apple.dt.CoreDeviceError error 1000.)\n       DeviceIdentifier = ${id ?? ''}`,
      );
    return d;
  };
  const verb = positional.slice(0, 3).join(' ');
  if (verb.startsWith('list devices')) {
    return output('devicectl.list.devices', {
      devices: phones.map((d) => ({
        identifier: d.udid,
        connectionProperties: {
          pairingState: d.handset.paired ? 'paired' : 'unpaired',
          tunnelState: d.booted && d.handset.paired ? 'connected' : 'disconnected',
          transportType: 'wired',
        },
        deviceProperties: {
          name: `${d.name} (virtual)`,
          osVersionNumber: d.osVersion,
          bootState: d.booted ? 'booted' : 'unknown',
          developerModeStatus: d.handset.developerMode ? 'enabled' : 'disabled',
        },
        hardwareProperties: {
          udid: d.udid,
          marketingName: d.name,
          deviceType: 'iPhone',
          platform: 'iOS',
          reality: 'physical',
          productType: 'iPhone15,4',
        },
      })),
    });
  }
  if (verb === 'device info details') {
    const d = device();
    return output('devicectl.device.info.details', {
      connectionProperties: {
        pairingState: d.handset.paired ? 'paired' : 'unpaired',
        tunnelState: d.handset.paired ? 'connected' : 'disconnected',
      },
      deviceProperties: {
        name: `${d.name} (virtual)`,
        osVersionNumber: d.osVersion,
        developerModeStatus: d.handset.developerMode ? 'enabled' : 'disabled',
        bootState: 'booted',
      },
      hardwareProperties: { udid: d.udid, marketingName: d.name, platform: 'iOS', reality: 'physical' },
    });
  }
  if (verb === 'device info lockState') {
    const d = device();
    return output('devicectl.device.info.lockState', { passcodeRequired: d.handset.locked, unlockedSinceBoot: !d.handset.locked });
  }
  if (verb === 'device install app') {
    const path = positional[3];
    if (!path) return fail("ERROR: Missing expected argument '<path>'");
    const info = await device().install(path);
    return output('devicectl.device.install.app', {
      installedApplications: [{ bundleID: info.bundleId, installationURL: `file://${path}` }],
    });
  }
  if (verb === 'device uninstall app') {
    device().uninstall(positional[3] ?? '');
    return output('devicectl.device.uninstall.app', {});
  }
  if (verb === 'device info apps') {
    const only = option('--bundle-id');
    const apps = device()
      .installedApps()
      .filter((a) => !only || a.bundleId === only);
    return output('devicectl.device.info.apps', {
      apps: apps.map((a) => ({ bundleIdentifier: a.bundleId, name: a.displayName, url: `file://${a.path}/` })),
    });
  }
  return fail(`ERROR: Unknown devicectl command: ${positional.join(' ')}`, 64);
}
