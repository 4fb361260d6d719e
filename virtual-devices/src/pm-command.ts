/**
 * `pm` (and `cmd package`), with the output real devices give, because adbkit parses it:
 *   install   → /^(Success|Failure \[(.*?)\]|Exception)(.*)$/ line (then the next line for Exception)
 *   clear     → /^(Success|Failed)$/
 *   uninstall → /^(Success|Failure.*|.*Unknown package:.*)$/
 *   path      → starts with "package:" when installed, nothing otherwise
 *   list      → "package:<name>" lines; "feature:<name>" lines
 */
import { shortComponent } from './am-command.js';
import type { CommandHandler, CommandIo } from './shell.js';
import type { VirtualDevice } from './virtual-device.js';

const FEATURES = [
  'android.hardware.touchscreen',
  'android.hardware.touchscreen.multitouch',
  'android.hardware.screen.portrait',
  'android.hardware.wifi',
  'android.hardware.camera',
  'android.hardware.location',
  'android.software.webview',
  'android.hardware.faketouch',
  'reqGlEsVersion=0x30002',
];

/** Options of `pm install` that take a value. */
const INSTALL_OPTIONS_WITH_VALUE = new Set([
  '-i',
  '-p',
  '-S',
  '--user',
  '--install-location',
  '--originating-uri',
  '--referrer',
  '--abi',
  '--pkg',
  '--install-reason',
]);

export function pmCommand(device: VirtualDevice): CommandHandler {
  return (io) => {
    const [sub, ...args] = io.args;
    switch (sub) {
      case 'install':
        return install(device, io, args);
      case 'uninstall': {
        const pkg = args.filter((a) => !a.startsWith('-')).pop() ?? '';
        if (device.packages.uninstall(pkg)) {
          device.forceStop(pkg);
          io.out('Success\n');
        } else io.out('Failure [DELETE_FAILED_INTERNAL_ERROR]\n');
        return 0;
      }
      case 'list':
        return list(device, io, args);
      case 'clear': {
        const pkg = lastPositional(args, ['--user']);
        if (!pkg || !device.packages.clear(pkg)) {
          io.out('Failed\n');
          return 1;
        }
        device.forceStop(pkg); // clearing data kills the app, as ActivityManager does
        io.out('Success\n');
        return 0;
      }
      case 'path': {
        const pkg = device.packages.get(lastPositional(args, ['--user']) ?? '');
        if (!pkg) return 1;
        io.out(`package:${pkg.codePath}\n`);
        return 0;
      }
      case 'dump': {
        const pkg = device.packages.get(args[0] ?? '');
        if (pkg)
          io.out(
            `Packages:\n  Package [${pkg.packageName}]:\n    versionCode=${pkg.versionCode ?? 0} targetSdk=${device.sdk}\n    versionName=${pkg.versionName ?? ''}\n    codePath=${pkg.codePath}\n`,
          );
        return 0;
      }
      case 'resolve-activity': {
        // Used to find a launcher activity: `cmd package resolve-activity --brief -c android.intent.category.LAUNCHER <pkg>`.
        const pkg = device.packages.get(lastPositional(args, ['-a', '-c', '-d', '-t', '-n', '--user']) ?? '');
        if (!pkg?.launcherActivity) {
          io.out('No activity found\n');
          return 1;
        }
        io.out(
          `priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=true\n${shortComponent(pkg.packageName, pkg.launcherActivity)}\n`,
        );
        return 0;
      }
      case 'grant':
      case 'revoke':
      case 'disable-user':
      case 'enable':
      case 'set-install-location':
        return 0;
      default:
        io.err(`Unknown command: ${sub ?? ''}\n`);
        return 1;
    }
  };
}

function lastPositional(args: string[], withValue: string[]): string | undefined {
  const positional = args.filter((a, i) => !a.startsWith('-') && !withValue.includes(args[i - 1] ?? ''));
  return positional[positional.length - 1];
}

/** `-S <size>` without a path (or with "-"): the APK arrives on stdin, as `adb install` streams it. */
async function readStreamedApk(io: CommandIo, size: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let received = 0;
  while (received < size) {
    const chunk = await io.input();
    if (!chunk) return null;
    chunks.push(chunk);
    received += chunk.length;
  }
  return Buffer.concat(chunks).subarray(0, size);
}

async function install(device: VirtualDevice, io: CommandIo, args: string[]): Promise<number> {
  const positional = lastPositional(args, [...INSTALL_OPTIONS_WITH_VALUE]);
  const sizeIndex = args.indexOf('-S');
  const streamedSize = sizeIndex >= 0 ? Number(args[sizeIndex + 1]) : NaN;
  const streamed = (positional === undefined || positional === '-') && Number.isInteger(streamedSize) && streamedSize >= 0;
  const path = streamed ? '-' : positional;
  if (!path) {
    io.err('Error: must either specify a package size or an APK file\n');
    return 1;
  }
  const streamedData = streamed ? await readStreamedApk(io, streamedSize) : null;
  if (streamed && !streamedData) {
    io.out('Failure [INSTALL_PARSE_FAILED_NOT_APK: Failed to parse /data/app/vmdl.tmp/base.apk: truncated stream]\n');
    return 1;
  }
  const fails = device.faults.installFails || (device.faults.storageFull && 'INSTALL_FAILED_INSUFFICIENT_STORAGE');
  if (fails) {
    io.out(`Failure [${typeof fails === 'string' ? fails : 'INSTALL_FAILED_INSUFFICIENT_STORAGE'}]\n`);
    return 1;
  }
  const data = streamedData ?? device.fs.readFile(path);
  if (!data) {
    // What Android 10+ prints for a path it cannot open.
    io.out(`Exception occurred while executing 'install':\njava.lang.IllegalArgumentException: Error: Can't open file: ${path}\n`);
    return 1;
  }
  const result = device.packages.install(data, path);
  if (!result.ok) {
    io.out(`Failure [${result.code}: ${result.message}]\n`);
    return 1;
  }
  device.forceStop(result.pkg.packageName); // an update kills the running app
  io.out('Success\n');
  return 0;
}

function list(device: VirtualDevice, io: CommandIo, args: string[]): number {
  const [what, ...rest] = args;
  if (what === 'features') {
    io.out(FEATURES.map((f) => `feature:${f}\n`).join(''));
    return 0;
  }
  if (what === 'packages') {
    const flags = new Set(rest.filter((a) => a.startsWith('-')));
    const filter = lastPositional(rest, ['--user', '--uid']) ?? '';
    const lines = device.packages
      .list()
      .filter((p) => (flags.has('-3') ? !p.system : flags.has('-s') ? p.system : true))
      .filter((p) => p.packageName.includes(filter))
      .map(
        (p) =>
          `package:${flags.has('-f') ? `${p.codePath}=` : ''}${p.packageName}${flags.has('--show-versioncode') ? ` versionCode:${p.versionCode ?? 0}` : ''}\n`,
      );
    io.out(lines.join(''));
    return 0;
  }
  if (what === 'users') {
    io.out('Users:\n\tUserInfo{0:Owner:c13} running\n');
    return 0;
  }
  io.err(`Error: unknown list type '${what ?? ''}'\n`);
  return 1;
}
