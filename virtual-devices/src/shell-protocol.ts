/**
 * adb's shell protocol v2 (`shell,v2,raw:CMD`, `shell,v2,pty:`, `abb:`; AOSP adb
 * shell_protocol.h): both directions are packets of a 1-byte id, a little-endian u32
 * length and the data. The client sends stdin (0), close-stdin (4) and window size (5);
 * the device sends stdout (1), stderr (2) and, at the end, the exit status (3, one byte),
 * which is how `adb shell false` exits 1.
 */
import type { ServiceChannel } from './device-services.js';
import type { VirtualDevice } from './virtual-device.js';

const ID_STDIN = 0;
const ID_STDOUT = 1;
const ID_STDERR = 2;
const ID_EXIT = 3;
const ID_CLOSE_STDIN = 4;

export function shellPacket(id: number, data: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header[0] = id;
  header.writeUInt32LE(data.length, 1);
  return Buffer.concat([header, data]);
}

/** Stdin chunks as they arrive, handed to whoever asks next; null once the client closed stdin. */
class InputQueue {
  private readonly chunks: Buffer[] = [];
  private ended = false;
  private waiting: ((chunk: Buffer | null) => void) | null = null;

  push(chunk: Buffer): void {
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = null;
      resolve(chunk);
    } else this.chunks.push(chunk);
  }

  end(): void {
    this.ended = true;
    this.waiting?.(null);
    this.waiting = null;
  }

  next(): Promise<Buffer | null> {
    const chunk = this.chunks.shift();
    if (chunk) return Promise.resolve(chunk);
    if (this.ended) return Promise.resolve(null);
    return new Promise((resolve) => (this.waiting = resolve));
  }
}

export async function runShellProtocol(device: VirtualDevice, channel: ServiceChannel, command: string): Promise<void> {
  const { stream, reader } = channel;
  const input = new InputQueue();
  const controller = new AbortController();
  const abort = () => {
    controller.abort();
    input.end();
  };
  stream.once('close', abort);
  void (async () => {
    try {
      for (;;) {
        const header = await reader.read(5);
        const data = await reader.read(header.readUInt32LE(1));
        if (header[0] === ID_STDIN) input.push(data);
        else if (header[0] === ID_CLOSE_STDIN) input.end();
      }
    } catch {
      abort(); // the client hung up
    }
  })();
  const send = (id: number) => (chunk: Buffer) => void (stream.writable && stream.write(shellPacket(id, chunk)));
  const streams = { stdout: send(ID_STDOUT), stderr: send(ID_STDERR), input: () => input.next() };
  let status = 0;
  try {
    if (command.trim() !== '') status = await device.runShell(command, streams, controller.signal);
    else status = await interactive(device, streams, input, controller.signal);
  } catch (err) {
    streams.stderr(Buffer.from(`/system/bin/sh: ${err instanceof Error ? err.message : String(err)}\n`));
    status = 1;
  }
  stream.off('close', abort);
  if (stream.writable) stream.end(shellPacket(ID_EXIT, Buffer.from([status & 0xff])));
}

/** `adb shell` without a command: lines from stdin run one by one until `exit` or the end of stdin. */
async function interactive(
  device: VirtualDevice,
  streams: Parameters<VirtualDevice['runShell']>[1],
  input: InputQueue,
  signal: AbortSignal,
): Promise<number> {
  let pending = '';
  let status = 0;
  for (let chunk = await input.next(); chunk; chunk = await input.next()) {
    pending += chunk.toString('utf8');
    let newline: number;
    while ((newline = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, newline).replace(/\r$/, '');
      pending = pending.slice(newline + 1);
      const exit = /^\s*exit(?:\s+(\d+))?\s*$/.exec(line);
      if (exit) return exit[1] ? Number(exit[1]) : status;
      status = await device.runShell(line, streams, signal);
    }
  }
  return status;
}
