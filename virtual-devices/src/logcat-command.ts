/**
 * `logcat`: prints the device log (device-log.ts) in logcat's formats and options:
 *   -d (dump and exit), -c (clear), -t N|TIME (last lines, then exit), -T N|TIME (from there, then follow),
 *   -v threadtime|time|brief|tag|process|raw (threadtime is the default, as since Android 7),
 *   --pid=N, -s, filter specs TAG:LEVEL and *:LEVEL, -b BUFFER (one buffer here), -g.
 * threadtime is "MM-DD HH:MM:SS.mmm  PID  TID L TAG     : message" (AOSP logprint.cpp).
 */
import type { DeviceLog, LogEntry, LogLevel } from './device-log.js';
import type { CommandHandler } from './shell.js';

const LEVELS: readonly LogLevel[] = ['V', 'D', 'I', 'W', 'E', 'F'];
const FORMATS = new Set([
  'threadtime',
  'time',
  'brief',
  'tag',
  'process',
  'raw',
  'long',
  'epoch',
  'monotonic',
  'printable',
  'uid',
  'usec',
  'UTC',
  'year',
  'zone',
  'color',
]);

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

function timestamp(ms: number): string {
  const d = new Date(ms);
  return `${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}.${String(d.getUTCMilliseconds()).padStart(3, '0')}`;
}

export function formatEntry(e: LogEntry, format = 'threadtime'): string {
  switch (format) {
    case 'brief':
      return `${e.level}/${e.tag.padEnd(8)}(${String(e.pid).padStart(5)}): ${e.message}\n`;
    case 'tag':
      return `${e.level}/${e.tag.padEnd(8)}: ${e.message}\n`;
    case 'process':
      return `${e.level}(${String(e.pid).padStart(5)}) ${e.message}  (${e.tag})\n`;
    case 'raw':
      return `${e.message}\n`;
    case 'time':
      return `${timestamp(e.time)} ${e.level}/${e.tag.padEnd(8)}(${String(e.pid).padStart(5)}): ${e.message}\n`;
    default:
      return `${timestamp(e.time)} ${String(e.pid).padStart(5)} ${String(e.tid).padStart(5)} ${e.level} ${e.tag.padEnd(8)}: ${e.message}\n`;
  }
}

/** A -t/-T argument: a line count, epoch seconds ("1700000000.123"), or "MM-DD hh:mm:ss.mmm" (this year, UTC). */
function parseStart(value: string, now: number): { count: number } | { time: number } | null {
  if (/^\d+$/.test(value) && value.length < 9) return { count: Number(value) };
  if (/^\d+(\.\d+)?$/.test(value)) return { time: Math.round(Number(value) * 1000) };
  const m = /^(?:(\d{4})-)?(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?:\.(\d{1,3}))?/.exec(value);
  if (!m) return null;
  const year = m[1] ? Number(m[1]) : new Date(now).getUTCFullYear();
  return {
    time: Date.UTC(year, Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]), Number((m[7] ?? '0').padEnd(3, '0'))),
  };
}

interface Filter {
  pid: number | null;
  specs: Array<{ tag: string; level: number }>;
}

function passes(e: LogEntry, f: Filter): boolean {
  if (f.pid !== null && e.pid !== f.pid) return false;
  if (f.specs.length === 0) return true;
  const spec = f.specs.find((s) => s.tag === e.tag) ?? f.specs.find((s) => s.tag === '*');
  const min = spec ? spec.level : 0;
  return LEVELS.indexOf(e.level) >= min;
}

function levelIndex(letter: string): number {
  if (letter === 'S') return LEVELS.length; // silent
  const i = LEVELS.indexOf(letter as LogLevel);
  return Math.max(i, 0);
}

export function logcatCommand(log: DeviceLog, now: () => number): CommandHandler {
  return ({ args, out, err, signal }) => {
    let dump = false;
    let format = 'threadtime';
    let start: ReturnType<typeof parseStart> = null;
    const filter: Filter = { pid: null, specs: [] };
    for (let i = 0; i < args.length; i += 1) {
      const a = args[i]!;
      const value = () => args[(i += 1)] ?? '';
      if (a === '-c' || a === '--clear') return (log.clear(), 0);
      if (a === '-g' || a === '--buffer-size') {
        out('main: ring buffer is 256 KiB (12 KiB consumed), max entry is 5120 B, max payload is 4068 B\n');
        return 0;
      }
      if (a === '-d') dump = true;
      else if (a === '-s') filter.specs.push({ tag: '*', level: LEVELS.length });
      else if (a === '-v' || a.startsWith('-v')) {
        const f = a === '-v' ? value() : a.slice(2);
        if (!FORMATS.has(f)) return (err(`Unknown output format: ${f}\n`), 1);
        if (['threadtime', 'time', 'brief', 'tag', 'process', 'raw'].includes(f)) format = f;
      } else if (a === '-b' || a === '-f' || a === '-r' || a === '-n' || a === '-m' || a === '-e') value();
      else if (a === '-t' || a === '-T' || a.startsWith('-t') || a.startsWith('-T')) {
        const v = a.length > 2 ? a.slice(2) : value();
        start = parseStart(v, now());
        if (!start) return (err(`logcat: unknown time format '${v}'\n`), 1);
        if (a.startsWith('-t')) dump = true;
      } else if (a.startsWith('--pid=')) filter.pid = Number(a.slice(6));
      else if (a === '--pid') filter.pid = Number(value());
      else if (/^[^-].*:[VDIWEFS*]$/.test(a)) filter.specs.push({ tag: a.slice(0, a.lastIndexOf(':')), level: levelIndex(a.slice(-1)) });
      else if (!a.startsWith('-'))
        filter.specs.push({ tag: a, level: 0 }); // a bare tag is TAG:V
      else if (a.startsWith('-')) return (err(`logcat: invalid option -- '${a.replace(/^-+/, '')}'\nUnrecognized Option\n`), 1);
    }
    let entries = log.list().filter((e) => passes(e, filter));
    if (start && 'count' in start) entries = entries.slice(-start.count);
    else if (start) entries = entries.filter((e) => e.time >= start.time);
    out(entries.map((e) => formatEntry(e, format)).join(''));
    if (dump) return 0;
    // Follow until the client hangs up (Ctrl-C, the connection closing).
    return new Promise<number>((resolve) => {
      const stop = log.follow((e) => {
        if (passes(e, filter)) out(formatEntry(e, format));
      });
      if (signal.aborted) return (stop(), resolve(130));
      signal.addEventListener('abort', () => (stop(), resolve(130)), { once: true });
    });
  };
}
