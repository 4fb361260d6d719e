/**
 * Device-level commands: getprop, settings, wm, dumpsys (the lines drivers grep for),
 * uiautomator dump, screencap, screenrecord, logcat (logcat-command.ts), sleep, reboot, pkill.
 */
import type { Duplex } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { LogLevel } from './device-log.js';
import { logcatCommand } from './logcat-command.js';
import { FrameRecorder } from './screen-recorder.js';
import type { CommandHandler, CommandIo } from './shell.js';
import { SCREEN_HEIGHT, SCREEN_WIDTH } from './ui-tree.js';
import { DUMP_DONE_MESSAGE } from './uiautomator-xml.js';
import type { VirtualDevice } from './virtual-device.js';

const SCREENRECORD_PID = 4711;

/** Resolves after `ms`, or early (false) when aborted. */
async function wait(ms: number, signal: AbortSignal): Promise<boolean> {
  if (ms <= 0) return !signal.aborted;
  try {
    await sleep(ms, undefined, { signal });
    return true;
  } catch {
    return false;
  }
}

function getprop(device: VirtualDevice): CommandHandler {
  return ({ args, out }) => {
    if (args[0] === undefined) {
      const keys = [...device.properties.keys()].sort();
      out(keys.map((k) => `[${k}]: [${device.properties.get(k)}]\n`).join(''));
    } else out(`${device.properties.get(args[0]) ?? args[1] ?? ''}\n`);
    return 0;
  };
}

function settings(device: VirtualDevice): CommandHandler {
  return ({ args, out, err }) => {
    const positional = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--user');
    const [verb, namespace, key, value] = positional;
    if (!namespace || !['system', 'secure', 'global'].includes(namespace)) {
      err(`Invalid namespace '${namespace ?? ''}'\n`);
      return 1;
    }
    const id = `${namespace}/${key ?? ''}`;
    switch (verb) {
      case 'get':
        out(`${device.settings.get(id) ?? 'null'}\n`);
        return 0;
      case 'put':
        if (value === undefined) break;
        device.settings.set(id, value);
        return 0;
      case 'delete':
        out(`Deleted ${device.settings.delete(id) ? 1 : 0} rows\n`);
        return 0;
      case 'list':
        for (const [k, v] of device.settings) {
          if (k.startsWith(`${namespace}/`)) out(`${k.slice(namespace.length + 1)}=${v}\n`);
        }
        return 0;
    }
    err('Invalid command\n');
    return 1;
  };
}

function wm(): CommandHandler {
  return ({ args, out }) => {
    if (args[0] === 'size') out(`Physical size: ${SCREEN_WIDTH}x${SCREEN_HEIGHT}\n`);
    else if (args[0] === 'density') out('Physical density: 420\n');
    return 0;
  };
}

function dumpsys(device: VirtualDevice): CommandHandler {
  return ({ args, out }) => {
    const app = device.foregroundApp;
    const component = `${app.packageName}/${app.activity.startsWith(`${app.packageName}.`) ? app.activity.slice(app.packageName.length) : app.activity}`;
    switch (args[0]) {
      case 'input_method':
        out(`Input method service state:\n  mInputShown=${device.keyboardShown}\n  mShowRequested=${device.keyboardShown}\n`);
        break;
      case 'window':
        out(
          `WINDOW MANAGER WINDOWS (dumpsys window windows)\n  mCurrentFocus=Window{7d3a1c0 u0 ${app.packageName}/${app.activity}}\n  mFocusedApp=ActivityRecord{5b2e9f1 u0 ${component} t12}\n`,
        );
        break;
      case 'activity':
        out(
          `ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)\n    mResumedActivity: ActivityRecord{5b2e9f1 u0 ${component} t12}\n  topResumedActivity=ActivityRecord{5b2e9f1 u0 ${component} t12}\n`,
        );
        break;
      case 'battery':
        out(
          'Current Battery Service state:\n  AC powered: true\n  USB powered: false\n  status: 5\n  health: 2\n  present: true\n  level: 100\n  scale: 100\n',
        );
        break;
      case 'package': {
        const pkg = device.packages.get(args[1] ?? '');
        if (pkg)
          out(
            `Packages:\n  Package [${pkg.packageName}]:\n    versionCode=${pkg.versionCode ?? 0} targetSdk=${device.sdk}\n    versionName=${pkg.versionName ?? ''}\n`,
          );
        break;
      }
    }
    return 0;
  };
}

function uiautomator(device: VirtualDevice): CommandHandler {
  return async ({ args, out, err, signal }) => {
    if (args[0] !== 'dump') {
      err(`Error: unsupported uiautomator command: ${args[0] ?? ''}\n`);
      return 1;
    }
    if (!(await wait(device.faults.dumpDelayMs, signal))) return 130;
    if (device.animating) {
      // What uiautomator dump says when UiAutomation's idle wait times out (an endless animation):
      // on stderr, and it still exits 0 (DumpCommand returns normally).
      if (device.faults.dumpIdleFailures > 0) device.faults.dumpIdleFailures -= 1;
      err('ERROR: could not get idle state.\n');
      return 0;
    }
    const path = args.slice(1).find((a) => !a.startsWith('--')) ?? '/sdcard/window_dump.xml';
    const xml = device.dumpXml();
    if (path === '/dev/tty' || path === '/dev/stdout') out(xml);
    else {
      const written = device.fs.writeFile(path, Buffer.from(xml, 'utf8'));
      if (!written.ok) {
        err(`ERROR: could not write ${path}: ${written.error}\n`);
        return 1;
      }
    }
    out(`${DUMP_DONE_MESSAGE} ${path}\n`);
    return 0;
  };
}

function screencap(device: VirtualDevice): CommandHandler {
  return ({ args, out, err }) => {
    const path = args.filter((a, i) => !a.startsWith('-') && args[i - 1] !== '-d').pop();
    const png = device.screenshotPng();
    if (!path) {
      // Without -p real screencap writes raw RGBA; PNG is what every client asks for.
      out(png);
      return 0;
    }
    const written = device.fs.writeFile(path, Buffer.from(png)); // a file of its own: the screen's last picture stays as drawn
    if (!written.ok) err(`Error opening file: ${path} (${written.error})\n`);
    return written.ok ? 0 : 1;
  };
}

/**
 * Records until --time-limit (default 180 s), the connection closes, or pkill; then
 * writes what it saw as an animated GIF under the path asked for (screen-recorder.ts).
 */
function screenrecord(device: VirtualDevice): CommandHandler {
  return async ({ args, err, signal }) => {
    const limitIndex = args.indexOf('--time-limit');
    const limit = limitIndex >= 0 ? Number(args[limitIndex + 1]) : 180;
    const path = args
      .filter(
        (a, i) =>
          !a.startsWith('--') && !['--time-limit', '--size', '--bit-rate', '--bugreport', '--display-id'].includes(args[i - 1] ?? ''),
      )
      .pop();
    if (!path) {
      err('Must specify output file (see --help).\n');
      return 2;
    }
    const controller = new AbortController();
    device.recordings.add(controller);
    const finish = FrameRecorder.sampling(() => device.screenRaster());
    await wait(Math.max(0, Math.min(limit, 180)) * 1000, AbortSignal.any([signal, controller.signal]));
    device.recordings.delete(controller);
    device.fs.writeFile(path, finish());
    return 0;
  };
}

/**
 * toybox nc. `nc -l -p PORT` waits for one connection to the device port (`adb forward`
 * makes them); `nc HOST PORT` connects to the device's own loopback port (a listener
 * there, or an `adb reverse`d port, which adb carries to the adb server's machine).
 * Either way it then copies stdin to the connection and what comes back to stdout, until
 * the connection closes.
 */
function nc(device: VirtualDevice): CommandHandler {
  return async ({ args, out, err, input, signal }) => {
    const listen = args.includes('-l') || args.includes('-L');
    const positional = args.filter((a, i) => !a.startsWith('-') && !['-p', '-q', '-w'].includes(args[i - 1] ?? ''));
    let connection: Duplex | null;
    if (listen) {
      const portIndex = args.indexOf('-p');
      const port = Number(portIndex >= 0 ? args[portIndex + 1] : positional.pop());
      if (!Number.isInteger(port) || port <= 0 || port > 65535) return (err('nc: bad port\n'), 1);
      if (device.portListeners.has(port)) return (err('nc: bind: Address already in use\n'), 1);
      connection = await new Promise<Duplex | null>((resolve) => {
        device.portListeners.set(port, resolve);
        signal.addEventListener('abort', () => resolve(null), { once: true });
      });
      device.portListeners.delete(port);
      if (!connection) return 130;
    } else {
      const [host, portText] = positional;
      const port = Number(portText);
      if (!host || !Number.isInteger(port) || port <= 0 || port > 65535) return (err('nc: need HOST and PORT\n'), 1);
      if (!['127.0.0.1', 'localhost'].includes(host)) return (err(`nc: connecting to ${host} is not available on the virtual device\n`), 1);
      try {
        // A reversed port always accepts (adbd listens on it); if the adb server then cannot
        // connect on its machine, the connection just closes, as on a device.
        connection = device.connectPort(port);
      } catch {
        return (err('nc: connect: Connection refused\n'), 1);
      }
    }
    return pipeThrough(connection, { out, input, signal });
  };
}

async function pipeThrough(
  connection: Duplex,
  io: { out: (data: Buffer) => void; input: () => Promise<Buffer | null>; signal: AbortSignal },
): Promise<number> {
  const closed = new Promise<void>((resolve) => connection.once('close', resolve).once('end', resolve));
  connection.on('data', (chunk: Buffer) => io.out(chunk));
  connection.on('error', () => {});
  void (async () => {
    for (let chunk = await io.input(); chunk && !connection.destroyed; chunk = await io.input()) connection.write(chunk);
    if (!connection.destroyed) connection.end();
  })();
  await Promise.race([closed, new Promise((resolve) => io.signal.addEventListener('abort', resolve, { once: true }))]);
  connection.destroy();
  return 0;
}

function stopRecordings(device: VirtualDevice, io: CommandIo): number {
  const targets = io.args.filter((a) => !a.startsWith('-'));
  const hit = targets.some((t) => t === 'screenrecord' || t === String(SCREENRECORD_PID));
  if (!hit || device.recordings.size === 0) return 1;
  for (const rec of device.recordings) rec.abort();
  return 0;
}

export function systemCommands(device: VirtualDevice): Record<string, CommandHandler> {
  return {
    getprop: getprop(device),
    setprop: ({ args }) => (args[0] && args[1] !== undefined ? (device.properties.set(args[0], args[1]), 0) : 1),
    settings: settings(device),
    wm: wm(),
    dumpsys: dumpsys(device),
    uiautomator: uiautomator(device),
    screencap: screencap(device),
    screenrecord: screenrecord(device),
    logcat: logcatCommand(device.log, device.now),
    reboot: () => (device.reboot(), 0),
    sleep: async ({ args, signal }) => ((await wait(Number(args[0] ?? 0) * 1000, signal)) ? 0 : 130),
    pkill: (io) => stopRecordings(device, io),
    killall: (io) => stopRecordings(device, io),
    kill: (io) => stopRecordings(device, io),
    pidof: ({ args, out }) => (args[0] === 'screenrecord' && device.recordings.size > 0 ? (out(`${SCREENRECORD_PID}\n`), 0) : 1),
    id: ({ out }) => (
      out(
        'uid=2000(shell) gid=2000(shell) groups=2000(shell),1004(input),1007(log),1011(adb),1015(sdcard_rw),3003(inet) context=u:r:shell:s0\n',
      ),
      0
    ),
    whoami: ({ out }) => (out('shell\n'), 0),
    date: ({ args, out }) => (
      out(args[0] === '+%s' ? `${Math.floor(device.now() / 1000)}\n` : `${new Date(device.now()).toUTCString()}\n`), 0
    ),
    svc: () => 0,
    nc: nc(device),
    // `log [-p PRIORITY] [-t TAG] MESSAGE...`: one line into the device log, as Android's log tool.
    log: ({ args }) => {
      let level = 'I';
      let tag = 'log';
      const words: string[] = [];
      for (let i = 0; i < args.length; i += 1) {
        if (args[i] === '-p') level = (args[(i += 1)] ?? 'i').toUpperCase();
        else if (args[i] === '-t') tag = args[(i += 1)] ?? tag;
        else words.push(args[i]!);
      }
      device.log.write(4242, 4242, (['V', 'D', 'I', 'W', 'E', 'F'].includes(level) ? level : 'I') as LogLevel, tag, words.join(' '));
      return 0;
    },
  };
}
