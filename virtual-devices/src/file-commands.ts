/**
 * Toybox basics over the virtual file system: echo, cat, ls, rm, mkdir, touch, grep,
 * head, tail, md5sum, plus shell builtins (true, false, cd, pwd, export, exit, which).
 * Messages follow toybox ("rm: /x: No such file or directory").
 */
import { createHash } from 'node:crypto';
import type { CommandHandler, CommandIo } from './shell.js';
import type { VirtualFileSystem } from './virtual-fs.js';

type Commands = Record<string, CommandHandler>;

function flagsAndPaths(args: string[]): { flags: Set<string>; paths: string[] } {
  const flags = new Set<string>();
  const paths: string[] = [];
  for (const a of args) {
    if (/^-[A-Za-z]+$/.test(a)) for (const f of a.slice(1)) flags.add(f);
    else paths.push(a);
  }
  return { flags, paths };
}

function lsLine(name: string, mode: number, size: number, mtime: number): string {
  const isDir = (mode & 0o170000) === 0o040000;
  const perms = ['r', 'w', 'x'];
  const bits = Array.from({ length: 9 }, (_, i) => ((mode >> (8 - i)) & 1 ? perms[i % 3] : '-')).join('');
  const stamp = new Date(mtime * 1000).toISOString().slice(0, 16).replace('T', ' ');
  return `${isDir ? 'd' : '-'}${bits} 1 shell shell ${String(size).padStart(6)} ${stamp} ${name}\n`;
}

function ls(fs: VirtualFileSystem): CommandHandler {
  return ({ args, out, err }) => {
    const { flags, paths } = flagsAndPaths(args);
    let status = 0;
    for (const path of paths.length ? paths : ['/']) {
      const stat = fs.stat(path);
      if (!stat) {
        err(`ls: ${path}: No such file or directory\n`);
        status = 1;
        continue;
      }
      const entries = stat.isDirectory ? (fs.list(path) ?? []) : [{ name: path, stat }];
      for (const e of entries) out(flags.has('l') ? lsLine(e.name, e.stat.mode, e.stat.size, e.stat.mtime) : `${e.name}\n`);
    }
    return status;
  };
}

function rm(fs: VirtualFileSystem): CommandHandler {
  return ({ args, err }) => {
    const { flags, paths } = flagsAndPaths(args);
    let status = 0;
    for (const path of paths) {
      const result = fs.remove(path, flags.has('r') || flags.has('R'));
      if (!result.ok && !(flags.has('f') && result.error === 'No such file or directory')) {
        err(`rm: ${path}: ${result.error}\n`);
        status = 1;
      }
    }
    return status;
  };
}

function cat(fs: VirtualFileSystem): CommandHandler {
  return ({ args, stdin, out, err }) => {
    if (args.length === 0) return (out(stdin), 0);
    let status = 0;
    for (const path of args) {
      const data = fs.readFile(path);
      if (data) out(data);
      else {
        err(`cat: ${path}: ${fs.stat(path)?.isDirectory ? 'Is a directory' : 'No such file or directory'}\n`);
        status = 1;
      }
    }
    return status;
  };
}

/** Lines of the named files, or of stdin. */
function inputLines(fs: VirtualFileSystem, io: CommandIo, paths: string[]): string[] {
  const text = paths.length ? paths.map((p) => fs.readFile(p)?.toString('utf8') ?? '').join('') : io.stdin.toString('utf8');
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

function grep(fs: VirtualFileSystem): CommandHandler {
  return (io) => {
    const flags = new Set<string>();
    const rest: string[] = [];
    let pattern: string | undefined;
    for (let i = 0; i < io.args.length; i += 1) {
      const a = io.args[i]!;
      if (a === '-e') pattern = io.args[(i += 1)];
      else if (/^-[A-Za-z]+$/.test(a)) for (const f of a.slice(1)) flags.add(f);
      else rest.push(a);
    }
    if (pattern === undefined) pattern = rest.shift();
    if (pattern === undefined) return (io.err('usage: grep [-civFqE] PATTERN [FILE...]\n'), 2);
    const source = flags.has('F') ? pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : pattern;
    let re: RegExp;
    try {
      re = new RegExp(source, flags.has('i') ? 'i' : '');
    } catch {
      return (io.err(`grep: bad regex '${pattern}'\n`), 2);
    }
    const matched = inputLines(fs, io, rest).filter((line) => re.test(line) !== flags.has('v'));
    if (flags.has('c')) io.out(`${matched.length}\n`);
    else if (!flags.has('q')) io.out(matched.map((l) => `${l}\n`).join(''));
    return matched.length > 0 ? 0 : 1;
  };
}

function headTail(fs: VirtualFileSystem, fromEnd: boolean): CommandHandler {
  return (io) => {
    let count = 10;
    const paths: string[] = [];
    for (let i = 0; i < io.args.length; i += 1) {
      const a = io.args[i]!;
      if (a === '-n') count = Number(io.args[(i += 1)] ?? 10);
      else if (/^-\d+$/.test(a)) count = Number(a.slice(1));
      else paths.push(a);
    }
    const lines = inputLines(fs, io, paths);
    io.out((fromEnd ? lines.slice(-count) : lines.slice(0, count)).map((l) => `${l}\n`).join(''));
    return 0;
  };
}

function digest(fs: VirtualFileSystem, algorithm: 'md5' | 'sha1' | 'sha256'): CommandHandler {
  return ({ args, out, err, name }) => {
    let status = 0;
    for (const path of args) {
      const data = fs.readFile(path);
      if (data) out(`${createHash(algorithm).update(data).digest('hex')}  ${path}\n`);
      else (status = 1), err(`${name}: ${path}: No such file or directory\n`);
    }
    return status;
  };
}

export function fileCommands(fs: VirtualFileSystem, isCommand: (name: string) => boolean): Commands {
  return {
    echo: ({ args, out }) => {
      const noNewline = args[0] === '-n';
      out(`${(noNewline ? args.slice(1) : args).join(' ')}${noNewline ? '' : '\n'}`);
      return 0;
    },
    cat: cat(fs),
    ls: ls(fs),
    rm: rm(fs),
    mkdir: ({ args, err }) => {
      const { paths } = flagsAndPaths(args);
      const failed = paths
        .map((p) => [p, fs.isWritable(p) ? fs.mkdirs(p) : { ok: false as const, error: 'Permission denied' }] as const)
        .filter(([, r]) => !r.ok);
      for (const [p, r] of failed) if (!r.ok) err(`mkdir: '${p}': ${r.error}\n`);
      return failed.length ? 1 : 0;
    },
    touch: ({ args, err }) => {
      for (const p of args) {
        const existing = fs.readFile(p);
        const r = fs.writeFile(p, existing ?? Buffer.alloc(0));
        if (!r.ok) return (err(`touch: '${p}': ${r.error}\n`), 1);
      }
      return 0;
    },
    grep: grep(fs),
    head: headTail(fs, false),
    tail: headTail(fs, true),
    md5sum: digest(fs, 'md5'),
    sha1sum: digest(fs, 'sha1'),
    sha256sum: digest(fs, 'sha256'),
    true: () => 0,
    false: () => 1,
    ':': () => 0,
    cd: () => 0,
    pwd: ({ out }) => (out('/\n'), 0),
    exit: ({ args }) => Number(args[0] ?? 0),
    export: ({ env }) => (void env, 0),
    which: ({ args, out }) => {
      const found = args.filter(isCommand);
      out(found.map((c) => `/system/bin/${c}\n`).join(''));
      return found.length === args.length ? 0 : 1;
    },
  };
}
