/**
 * `am start` / `am force-stop` / `am broadcast`, and `monkey -p <pkg> ... 1` (a common
 * "launch by package" trick). adbkit's startActivity sends
 *   am start [--es 'k' 'v' | --ez | --ei ...] [-a] [-d] [-t] [-c] -n 'pkg/.Act' [-f] [-D] [-W] [--user n]
 * and treats any line matching /^Error: (.*)$/ as a failure, so errors use that form.
 */
import type { CommandHandler, CommandIo } from './shell.js';
import { instrumentCommand } from './uiautomator2-server.js';
import type { ExtraValue, LaunchIntent } from './virtual-app.js';
import type { VirtualDevice } from './virtual-device.js';

interface ParsedStart {
  intent: Omit<LaunchIntent, 'packageName' | 'activity'> & { component: string | null; packageName: string | null };
  wait: boolean;
  forceStop: boolean;
}

const EXTRA_PARSERS: Readonly<Record<string, (v: string) => ExtraValue>> = {
  '-e': String,
  '--es': String,
  '--eu': String,
  '--ecn': String,
  '--ez': (v) => v.toLowerCase() === 'true' || v === '1',
  '--ei': (v) => Number.parseInt(v, 10),
  '--el': (v) => Number.parseInt(v, 10),
  '--ef': Number.parseFloat,
  '--ed': Number.parseFloat,
  // Arrays arrive comma-separated; the app sees them as that string.
  '--esa': String,
  '--eia': String,
  '--ela': String,
  '--efa': String,
  '--eda': String,
};
const WITH_VALUE = new Set([
  '-a',
  '-d',
  '-t',
  '-c',
  '-n',
  '-f',
  '-p',
  '--user',
  '-P',
  '-R',
  '--start-profiler',
  '--sampling',
  '--attach-agent',
  '--windowingMode',
  '--activityType',
  '--display',
  '--task',
]);

export function parseStartArgs(args: string[]): ParsedStart | string {
  const out: ParsedStart = {
    intent: { component: null, packageName: null, action: null, data: null, categories: [], extras: {} },
    wait: false,
    forceStop: false,
  };
  for (let i = 0; i < args.length; i += 1) {
    const a = args[i]!;
    const parse = EXTRA_PARSERS[a];
    if (parse) {
      const key = args[i + 1];
      const value = args[i + 2];
      if (key === undefined || value === undefined) return `Error: No value specified for ${a}`;
      out.intent.extras[key] = parse(value);
      i += 2;
    } else if (a === '--esn') out.intent.extras[args[(i += 1)] ?? ''] = null;
    else if (a === '-W') out.wait = true;
    else if (a === '-S') out.forceStop = true;
    else if (WITH_VALUE.has(a)) {
      const v = args[(i += 1)];
      if (v === undefined) return `Error: No value specified for ${a}`;
      if (a === '-a') out.intent.action = v;
      else if (a === '-d') out.intent.data = v;
      else if (a === '-c') out.intent.categories.push(v);
      else if (a === '-n') out.intent.component = v;
      else if (a === '-p') out.intent.packageName = v;
    } else if (!a.startsWith('-')) {
      // A bare argument is a component (pkg/cls) or a URI, as Intent.parseCommandArgs reads it.
      if (a.includes('/') && !a.includes(':')) out.intent.component = a;
      else out.intent.data = a;
    }
  }
  return out;
}

/** "pkg/.Main" → [pkg, pkg.Main] (ComponentName.unflattenFromString). */
function unflatten(component: string): [string, string] | null {
  const slash = component.indexOf('/');
  if (slash <= 0 || slash === component.length - 1) return null;
  const pkg = component.slice(0, slash);
  const cls = component.slice(slash + 1);
  return [pkg, cls.startsWith('.') ? pkg + cls : cls];
}

/** The default browser: what `am start -a VIEW -d https://…` resolves to. */
const BROWSER: [string, string] = ['com.android.chrome', 'com.google.android.apps.chrome.Main'];

export function shortComponent(pkg: string, cls: string): string {
  return `${pkg}/${cls.startsWith(`${pkg}.`) ? cls.slice(pkg.length) : cls}`;
}

function describe(p: ParsedStart, cmp: string | null): string {
  const parts: string[] = [];
  if (p.intent.action) parts.push(`act=${p.intent.action}`);
  if (p.intent.categories.length) parts.push(`cat=[${p.intent.categories.join(',')}]`);
  if (p.intent.data) parts.push(`dat=${p.intent.data}`);
  if (p.intent.packageName && !cmp) parts.push(`pkg=${p.intent.packageName}`);
  if (cmp) parts.push(`cmp=${cmp}`);
  if (Object.keys(p.intent.extras).length) parts.push('(has extras)');
  return `Intent { ${parts.join(' ')} }`;
}

function start(device: VirtualDevice, io: CommandIo, args: string[]): number {
  const parsed = parseStartArgs(args);
  if (typeof parsed === 'string') {
    io.err(`${parsed}\n`);
    return 1;
  }
  let target = parsed.intent.component ? unflatten(parsed.intent.component) : null;
  if (!target && parsed.intent.packageName) {
    const launcher = device.packages.get(parsed.intent.packageName)?.launcherActivity;
    if (launcher) target = [parsed.intent.packageName, launcher];
  }
  if (
    !target &&
    !parsed.intent.packageName &&
    /^https?:\/\//i.test(parsed.intent.data ?? '') &&
    (parsed.intent.action ?? 'android.intent.action.VIEW') === 'android.intent.action.VIEW'
  ) {
    target = BROWSER;
  }
  const cmp = target ? shortComponent(target[0], target[1]) : null;
  io.out(`Starting: ${describe(parsed, cmp)}\n`);
  if (!target) {
    io.err(`Error: Activity not started, unable to resolve ${describe(parsed, null)}\n`);
    return 1;
  }
  const { component: _c, ...intent } = parsed.intent;
  const outcome = device.launch({ ...intent, packageName: target[0], activity: target[1] }, { forceStop: parsed.forceStop });
  if (!outcome.ok) {
    io.err(`Error type 3\nError: ${outcome.error}\n`);
    return 1;
  }
  if (outcome.broughtToFront) io.err('Warning: Activity not started, its current task has been brought to the front\n');
  if (outcome.delivered) io.err('Warning: Activity not started, intent has been delivered to currently running top-most instance.\n');
  if (parsed.wait) {
    // Fixed timings keep output deterministic.
    const state = outcome.broughtToFront || outcome.delivered ? 'HOT' : 'COLD';
    io.out(
      `Status: ok\nLaunchState: ${state}\nActivity: ${cmp}\nTotalTime: ${state === 'COLD' ? 412 : 35}\nWaitTime: ${state === 'COLD' ? 418 : 40}\nComplete\n`,
    );
  }
  return 0;
}

export function amCommand(device: VirtualDevice): CommandHandler {
  return (io) => {
    const [sub, ...args] = io.args;
    switch (sub) {
      case 'start':
      case 'start-activity':
        return start(device, io, args);
      case 'force-stop':
      case 'kill': {
        const pkg = args.filter((a, i) => !a.startsWith('-') && args[i - 1] !== '--user').pop();
        if (pkg) device.forceStop(pkg);
        return 0;
      }
      case 'broadcast': {
        const parsed = parseStartArgs(args);
        if (typeof parsed === 'string') {
          io.err(`${parsed}\n`);
          return 1;
        }
        io.out(`Broadcasting: ${describe(parsed, parsed.intent.component)}\nBroadcast completed: result=0\n`);
        return 0;
      }
      case 'instrument':
        return instrumentCommand(device, io, args);
      case 'get-current-user':
        io.out('0\n');
        return 0;
      default:
        io.err(`Unknown command: ${sub ?? ''}\n`);
        return 1;
    }
  };
}

/** `monkey -p <pkg> [-c <category>] [-v] [--throttle ms] <count>`: launches the package, injects nothing else. */
export function monkeyCommand(device: VirtualDevice): CommandHandler {
  return (io) => {
    const args = io.args;
    const pkgIndex = args.indexOf('-p');
    const pkg = pkgIndex >= 0 ? args[pkgIndex + 1] : undefined;
    const echoed = args.map((a) => `  bash arg: ${a}\n`).join('');
    if (args.includes('--port')) {
      io.err(`${echoed}Error: the monkey server is not available on a virtual device\n`);
      return 1;
    }
    if (!pkg || !device.launchPackage(pkg).ok) {
      io.out(`${echoed}** No activities found to run, monkey aborted.\n`);
      return 1;
    }
    io.out(
      `${echoed}args: [${args.join(', ')}]\nEvents injected: 1\n## Network stats: elapsed time=18ms (0ms mobile, 0ms wifi, 18ms not connected)\n`,
    );
    return 0;
  };
}
