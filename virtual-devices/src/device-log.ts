/**
 * The device's log (logcat's main/system/crash buffers as one): what the system and the
 * apps write, as entries with a time, process and thread ids, a level and a tag. The
 * `logcat` command (logcat-command.ts) prints and follows it in logcat's formats.
 */

export type LogLevel = 'V' | 'D' | 'I' | 'W' | 'E' | 'F';

export interface LogEntry {
  /** Milliseconds since the epoch, on the device's clock. */
  time: number;
  pid: number;
  tid: number;
  level: LogLevel;
  tag: string;
  /** One line (a multi-line message is written as one entry per line, as logcat prints it). */
  message: string;
}

/** system_server's pid on the virtual devices: ActivityManager and friends log from it. */
export const SYSTEM_SERVER_PID = 583;
/** Entries kept: like a device's ring buffer, the oldest go first. */
const CAPACITY = 20_000;

export class DeviceLog {
  private entries: LogEntry[] = [];
  private readonly listeners = new Set<(entry: LogEntry) => void>();

  constructor(private readonly now: () => number) {}

  write(pid: number, tid: number, level: LogLevel, tag: string, message: string): void {
    const time = this.now();
    for (const line of message.split('\n')) {
      const entry = { time, pid, tid, level, tag, message: line };
      this.entries.push(entry);
      for (const listener of [...this.listeners]) listener(entry);
    }
    if (this.entries.length > CAPACITY) this.entries = this.entries.slice(-CAPACITY);
  }

  /** A system_server line (ActivityManager, ActivityTaskManager, PackageManager, ...). */
  system(level: LogLevel, tag: string, message: string): void {
    this.write(SYSTEM_SERVER_PID, SYSTEM_SERVER_PID + 37, level, tag, message);
  }

  list(): readonly LogEntry[] {
    return this.entries;
  }

  /** `logcat -c`. */
  clear(): void {
    this.entries = [];
  }

  /** Called with every entry written from now on; returns an unsubscribe function. */
  follow(listener: (entry: LogEntry) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
