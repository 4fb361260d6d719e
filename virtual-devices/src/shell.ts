/**
 * Runs a parsed shell command line against the virtual device: pipelines (buffered, as
 * outputs are small), && / ||, loops, redirections into the virtual file system, and a
 * registry of commands (pm, am, input, uiautomator, ...). The exit status drives && / || /
 * if / while and, with adb's shell v2 protocol, reaches the client (`adb shell false` → 1);
 * with the v1 protocol stdout and stderr share the stream and the status is lost.
 */
import { posix } from 'node:path';
import {
  type Command,
  type CommandList,
  type Pipeline,
  parseShell,
  ShellSyntaxError,
  type SimpleCommand,
  type Word,
} from './shell-parser.js';
import type { VirtualFileSystem } from './virtual-fs.js';

export interface CommandIo {
  /** Arguments after the command name. */
  args: string[];
  name: string;
  stdin: Buffer;
  out(data: string | Buffer): void;
  err(data: string): void;
  /** Aborted when the client closes the connection (Ctrl-C, or adbkit ending the stream). */
  signal: AbortSignal;
  /** The client's stdin as it streams in (`cmd package install -S N` reads the APK so); null at its end. */
  input: () => Promise<Buffer | null>;
  env: Record<string, string>;
}

export type CommandHandler = (io: CommandIo) => number | Promise<number>;

export interface ShellEnvironment {
  fs: VirtualFileSystem;
  commands: ReadonlyMap<string, CommandHandler>;
  env: Record<string, string>;
  /** mksh's "not found" message changed around Android 7. */
  sdk: number;
}

type Sink = (chunk: Buffer) => void;

interface Streams {
  stdin: Buffer;
  input: () => Promise<Buffer | null>;
  stdout: Sink;
  stderr: Sink;
  signal: AbortSignal;
}

const SHELL = '/system/bin/sh';
/** `$?` is expanded at parse time to this marker, then replaced by the status when the command runs. */
const STATUS_MARKER = '\u0000?\u0000';
const BIN_DIRS = ['/system/bin/', '/system/xbin/', '/vendor/bin/', '/product/bin/', '/apex/com.android.runtime/bin/'];

/** Where a command line's output goes, and where its stdin comes from. */
export interface ShellStreams {
  stdout: Sink;
  stderr: Sink;
  /** The client's stdin, chunk by chunk; null at its end. Default: none. */
  input?: () => Promise<Buffer | null>;
}

const NO_INPUT = async () => null;

/** Runs `source` and resolves with the exit status of the last command (adb's shell v2 sends it to the client). */
export async function runShell(source: string, shell: ShellEnvironment, streams: ShellStreams, signal: AbortSignal): Promise<number> {
  let list: CommandList;
  try {
    list = parseShell(source, { ...shell.env, '?': STATUS_MARKER, $: '4242', '#': '0' });
  } catch (err) {
    if (!(err instanceof ShellSyntaxError)) throw err;
    streams.stderr(Buffer.from(`${SHELL}: syntax error: ${err.message}\n`));
    return 2;
  }
  try {
    return await new Executor(shell).list(list, {
      stdin: Buffer.alloc(0),
      stdout: streams.stdout,
      stderr: streams.stderr,
      signal,
      input: streams.input ?? NO_INPUT,
    });
  } catch (err) {
    if (err instanceof ShellExit) return err.status;
    throw err;
  }
}

/** `exit N`: the shell stops there with status N. */
class ShellExit extends Error {
  constructor(readonly status: number) {
    super(`exit ${status}`);
  }
}

class Executor {
  /** Status of the last pipeline, for `$?`. */
  private last = 0;

  constructor(private readonly shell: ShellEnvironment) {}

  async list(list: CommandList, io: Streams): Promise<number> {
    let status = 0;
    for (const item of list) {
      if (io.signal.aborted) return 130;
      status = this.last = await this.pipeline(item.first, io);
      for (const { op, pipeline } of item.rest) {
        if ((op === '&&') === (status === 0)) status = this.last = await this.pipeline(pipeline, io);
      }
    }
    return status;
  }

  private async pipeline(p: Pipeline, io: Streams): Promise<number> {
    let stdin = io.stdin;
    let status = 0;
    for (let i = 0; i < p.commands.length; i += 1) {
      const last = i === p.commands.length - 1;
      const captured: Buffer[] = [];
      const stdout: Sink = last ? io.stdout : (chunk) => captured.push(chunk);
      status = await this.command(p.commands[i]!, { ...io, stdin, stdout });
      stdin = Buffer.concat(captured);
    }
    return p.negate ? Number(status === 0) : status;
  }

  private async command(cmd: Command, io: Streams): Promise<number> {
    if (cmd.kind === 'simple') return this.simple(cmd, io);
    if (cmd.kind === 'if') {
      if ((await this.list(cmd.condition, io)) === 0) return this.list(cmd.then, io);
      return cmd.otherwise ? this.list(cmd.otherwise, io) : 0;
    }
    let status = 0;
    while (!io.signal.aborted) {
      const ok = (await this.list(cmd.condition, io)) === 0;
      if (ok === cmd.until) break;
      status = await this.list(cmd.body, io);
      // Let socket events (a closed connection) in between iterations.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return status;
  }

  private async simple(cmd: SimpleCommand, parent: Streams): Promise<number> {
    const words = cmd.words.flatMap((w) => this.expandGlob({ ...w, text: w.text.split(STATUS_MARKER).join(String(this.last)) }));
    const io = this.redirect(cmd, parent);
    if (typeof io === 'number') return io;
    if (words.length === 0) {
      for (const [k, v] of cmd.assignments) this.shell.env[k] = v;
      return 0;
    }
    const [name, ...args] = words as [string, ...string[]];
    if (name === 'exit') throw new ShellExit(args[0] === undefined ? this.last : Number(args[0]) & 0xff);
    // `exec CMD`: the shell becomes CMD (adb logcat sends "exec logcat"); its status is the shell's.
    if (name === 'exec')
      return args.length === 0 ? 0 : this.simple({ ...cmd, words: cmd.words.slice(1), assignments: cmd.assignments, redirects: [] }, io);
    if (name === 'read') return this.read(args, io);
    const handler = this.lookup(name);
    if (!handler) {
      const message = this.shell.sdk >= 24 ? 'inaccessible or not found' : 'not found';
      io.stderr(Buffer.from(`${SHELL}: ${name}: ${message}\n`));
      return 127;
    }
    const env = { ...this.shell.env, ...Object.fromEntries(cmd.assignments) };
    const text = (d: string | Buffer) => (typeof d === 'string' ? Buffer.from(d, 'utf8') : d);
    return handler({
      name,
      args,
      stdin: io.stdin,
      out: (d) => io.stdout(text(d)),
      err: (d) => io.stderr(text(d)),
      signal: io.signal,
      input: io.input,
      env,
    });
  }

  /** `read NAME...`: one line of stdin into variables (the last takes the rest); 1 at end of input. */
  private async read(names: string[], io: Streams): Promise<number> {
    let line = '';
    let atEnd = false;
    if (io.stdin.length > 0) line = io.stdin.toString('utf8').split('\n')[0]!;
    else {
      for (;;) {
        const chunk = await io.input();
        if (!chunk) {
          atEnd = true;
          break;
        }
        line += chunk.toString('utf8');
        if (line.includes('\n')) break;
      }
      line = line.split('\n')[0]!;
    }
    const vars = names.filter((n) => !n.startsWith('-'));
    const parts = line.trim().split(/\s+/);
    const targets = vars.length ? vars : ['REPLY'];
    for (const [i, v] of targets.entries()) {
      // The last variable takes the rest of the line, as sh's read does.
      this.shell.env[v] = i === targets.length - 1 ? parts.slice(i).join(' ') : (parts[i] ?? '');
    }
    return atEnd && line === '' ? 1 : 0;
  }

  private lookup(name: string): CommandHandler | undefined {
    const dir = BIN_DIRS.find((d) => name.startsWith(d));
    return this.shell.commands.get(dir ? name.slice(dir.length) : name);
  }

  /** Applies redirections in order; a number is the failure status (the command does not run). */
  private redirect(cmd: SimpleCommand, parent: Streams): Streams | number {
    const io = { ...parent };
    for (const r of cmd.redirects) {
      if (r.op === 'dup') {
        const target = r.to === 1 ? io.stdout : io.stderr;
        if (r.fd === 1) io.stdout = target;
        else io.stderr = target;
        continue;
      }
      if (r.op === '<') {
        const data = this.shell.fs.readFile(r.target);
        if (!data) {
          parent.stderr(Buffer.from(`${SHELL}: can't open ${r.target}: No such file or directory\n`));
          return 1;
        }
        io.stdin = data;
        continue;
      }
      const sink = this.fileSink(r.target, r.op === '>>');
      if (typeof sink === 'string') {
        parent.stderr(Buffer.from(`${SHELL}: can't create ${r.target}: ${sink}\n`));
        return 1;
      }
      if (r.fd === 2) io.stderr = sink;
      else io.stdout = sink;
    }
    return io;
  }

  private fileSink(path: string, append: boolean): Sink | string {
    if (path === '/dev/null') return () => {};
    const fs = this.shell.fs;
    const created = append && fs.readFile(path) ? { ok: true as const } : fs.writeFile(path, Buffer.alloc(0));
    if (!created.ok) return created.error;
    return (chunk) => void fs.writeFile(path, chunk, { append: true });
  }

  /** Unquoted * and ? match names in one directory, sorted; no match leaves the word as is. */
  private expandGlob(word: Word): string[] {
    if (!word.glob) return [word.text];
    const dir = posix.dirname(word.text);
    const base = posix.basename(word.text);
    const re = new RegExp(
      `^${base
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '.*')
        .replace(/\?/g, '.')}$`,
    );
    const matches = (this.shell.fs.list(dir) ?? []).filter((e) => re.test(e.name) && !e.name.startsWith('.'));
    if (matches.length === 0) return [word.text];
    return matches.map((e) => (word.text.includes('/') ? posix.join(dir, e.name) : e.name));
  }
}
