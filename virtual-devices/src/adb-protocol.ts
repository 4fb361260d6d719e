/**
 * Framing of the adb "smart socket" protocol between a client (adbkit, the adb CLI) and
 * the adb server (AOSP system/core/adb OVERVIEW.TXT, SERVICES.TXT):
 *   request  = 4 hex digits (length) + service name, e.g. "000Chost:version"
 *   reply    = "OKAY" [+ 4 hex length + payload]  or  "FAIL" + 4 hex length + message
 * After a successful host:transport the same socket carries a device service (shell:,
 * sync:, ...), so the reader below is shared by every stage of a connection.
 */
import type { Duplex } from 'node:stream';

export const OKAY = 'OKAY';
export const FAIL = 'FAIL';

export class EndOfStreamError extends Error {
  constructor(readonly missing: number) {
    super(`connection closed while ${missing} more bytes were expected`);
    this.name = 'EndOfStreamError';
  }
}

/** Length as 4 lower-case hex digits, as adbd and the adb server write it ("%04x"; adb 1.0.41 answers "FAIL001e..."). */
export function hexLength(length: number): string {
  if (length > 0xffff) throw new Error(`adb payload too long: ${length} bytes`);
  return length.toString(16).padStart(4, '0');
}

/** A length-prefixed payload: 4 hex digits + bytes. */
export function encodeValue(payload: string | Buffer): Buffer {
  const bytes = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
  return Buffer.concat([Buffer.from(hexLength(bytes.length), 'ascii'), bytes]);
}

export function okay(payload?: string | Buffer): Buffer {
  return payload === undefined ? Buffer.from(OKAY) : Buffer.concat([Buffer.from(OKAY), encodeValue(payload)]);
}

export function fail(message: string): Buffer {
  return Buffer.concat([Buffer.from(FAIL), encodeValue(message)]);
}

/**
 * Pull-style reader over a socket (or an adbd stream, adbd-transport.ts): `read(n)` resolves with exactly n bytes. Protocol code
 * reads "4 bytes of id, then 4 of length, then length bytes" far more naturally this way
 * than with 'data' events, which split and merge messages arbitrarily.
 */
export class SocketReader {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private ended = false;
  private waiter: { want: number; resolve: (b: Buffer) => void; reject: (e: Error) => void } | null = null;

  constructor(socket: Duplex) {
    socket.on('data', (chunk: Buffer) => {
      this.chunks.push(chunk);
      this.buffered += chunk.length;
      this.settle();
    });
    const finish = () => {
      this.ended = true;
      this.settle();
    };
    socket.on('end', finish);
    socket.on('close', finish);
  }

  get isEnded(): boolean {
    return this.ended && this.buffered === 0;
  }

  /** Exactly `n` bytes; rejects with EndOfStreamError when the peer closes first. */
  read(n: number): Promise<Buffer> {
    if (this.waiter) return Promise.reject(new Error('SocketReader supports one pending read'));
    return new Promise((resolve, reject) => {
      this.waiter = { want: n, resolve, reject };
      this.settle();
    });
  }

  /** Whatever is buffered (at least one byte), or null at end of stream. For interactive input. */
  async readSome(): Promise<Buffer | null> {
    if (this.buffered === 0 && this.ended) return null;
    if (this.buffered === 0) {
      try {
        await this.read(1).then((b) => this.unshift(b));
      } catch (err) {
        if (err instanceof EndOfStreamError) return null;
        throw err;
      }
    }
    return this.take(this.buffered);
  }

  async readAscii(n: number): Promise<string> {
    return (await this.read(n)).toString('ascii');
  }

  /** One smart-socket request: 4 hex digits of length, then the service name. */
  async readRequest(): Promise<string> {
    const lengthText = await this.readAscii(4);
    const length = Number.parseInt(lengthText, 16);
    if (!/^[0-9a-fA-F]{4}$/.test(lengthText) || Number.isNaN(length)) throw new Error(`bad request length '${lengthText}'`);
    return (await this.read(length)).toString('utf8');
  }

  private unshift(chunk: Buffer): void {
    this.chunks.unshift(chunk);
    this.buffered += chunk.length;
  }

  private take(n: number): Buffer {
    const all = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks);
    this.chunks = n < all.length ? [all.subarray(n)] : [];
    this.buffered -= n;
    return all.subarray(0, n);
  }

  private settle(): void {
    const waiter = this.waiter;
    if (!waiter) return;
    if (this.buffered >= waiter.want) {
      this.waiter = null;
      waiter.resolve(this.take(waiter.want));
    } else if (this.ended) {
      this.waiter = null;
      waiter.reject(new EndOfStreamError(waiter.want - this.buffered));
    }
  }
}
