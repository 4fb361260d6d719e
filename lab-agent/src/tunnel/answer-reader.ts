/**
 * Reads an internal host's HTTP/1.1 answer as it arrives on a tunnel stream, for the device
 * proxy's plain-HTTP requests (device-proxy.ts): the head is parsed, the body is only framed
 * (Content-Length, chunked, or up to the close) and handed on as views on the bytes received.
 *
 * Why not node:http's client: its parser copies every part of a body into a new buffer, and with
 * its stream machinery the agent's side spent 1.5-1.6 ms of CPU per MiB on a plain-HTTP download
 * against 0.9-1.0 over CONNECT, where the bytes are only relayed (docs/benchmarks.md, `tunnel`,
 * issue 27).
 */

export interface AnswerHead {
  statusCode: number;
  statusMessage: string;
  /** Name, value, name, value, … as received. */
  rawHeaders: string[];
}

export interface AnswerHandlers {
  onHead(head: AnswerHead): void;
  /** A part of the body: a view on a buffer that was fed, not a copy. */
  onBody(part: Buffer): void;
  /** The answer is complete; `reusable`: the stream may carry the next request (no `Connection: close`, nothing after the answer). */
  onEnd(reusable: boolean): void;
}

/** The answer breaks HTTP/1.1 (or is one the proxy does not relay, such as a protocol switch). */
export class MalformedAnswer extends Error {}

const MAX_HEAD = 64 * 1024;
const MAX_LINE = 4 * 1024;
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const STATUS_LINE = /^HTTP\/1\.([01]) (\d{3})(?: ([^\r\n]*))?$/;
const CRLF = Buffer.from('\r\n\r\n');

type State = 'head' | 'length' | 'chunk-size' | 'chunk-data' | 'chunk-data-end' | 'trailers' | 'close' | 'done';

export class AnswerReader {
  private state: State = 'head';
  /** Bytes of a head or of a chunk-size / trailer line not complete yet (small: copied). */
  private partial: Buffer | null = null;
  /** Body bytes still to come: of the whole body (length) or of the current chunk. */
  private remaining = 0;
  private keepAlive = false;
  /** Whether anything came after the answer (the stream cannot carry another request). */
  private trailing = false;

  /** `method`: the request's (a HEAD answer has no body, whatever its headers say). */
  constructor(
    private readonly method: string,
    private readonly handlers: AnswerHandlers,
  ) {}

  get done(): boolean {
    return this.state === 'done';
  }

  /** Feeds bytes read from the stream; throws MalformedAnswer. */
  feed(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length) {
      if (this.state === 'done') {
        this.trailing = true;
        return;
      }
      at = this.step(chunk, at);
    }
  }

  /** The stream ended: completes an answer delimited by the close; false when the answer was cut short. */
  finish(): boolean {
    if (this.state === 'close') this.end();
    return this.state === 'done';
  }

  /** Handles what it can of `chunk` from `at`; returns where it stopped. */
  private step(chunk: Buffer, at: number): number {
    switch (this.state) {
      case 'head':
        return this.readHead(chunk, at);
      case 'length':
      case 'chunk-data': {
        const size = Math.min(this.remaining, chunk.length - at);
        this.handlers.onBody(chunk.subarray(at, at + size));
        this.remaining -= size;
        if (this.remaining === 0) {
          if (this.state === 'length') this.end();
          else {
            this.state = 'chunk-data-end';
            this.remaining = 2;
          }
        }
        return at + size;
      }
      case 'chunk-data-end': {
        // The CRLF after a chunk's data, possibly split across reads.
        const expected = this.remaining === 2 ? 0x0d : 0x0a;
        if (chunk[at] !== expected) throw new MalformedAnswer('chunked body: no CRLF after a chunk');
        this.remaining -= 1;
        if (this.remaining === 0) this.state = 'chunk-size';
        return at + 1;
      }
      case 'chunk-size':
      case 'trailers':
        return this.readLine(chunk, at);
      case 'close':
        this.handlers.onBody(chunk.subarray(at));
        return chunk.length;
      default:
        return chunk.length;
    }
  }

  private readHead(chunk: Buffer, at: number): number {
    const bytes = this.partial ? Buffer.concat([this.partial, chunk.subarray(at)]) : chunk.subarray(at);
    const before = this.partial?.length ?? 0;
    const end = bytes.indexOf(CRLF);
    if (end < 0) {
      if (bytes.length > MAX_HEAD) throw new MalformedAnswer(`answer head over ${MAX_HEAD} bytes`);
      this.partial = Buffer.from(bytes); // a copy: the read buffer it views is handed on
      return chunk.length;
    }
    this.partial = null;
    if (end > MAX_HEAD) throw new MalformedAnswer(`answer head over ${MAX_HEAD} bytes`);
    this.parseHead(bytes.toString('latin1', 0, end));
    return at + end + 4 - before;
  }

  private parseHead(text: string): void {
    const lines = text.split('\r\n');
    const status = STATUS_LINE.exec(lines[0]!);
    if (!status) throw new MalformedAnswer(`not an HTTP/1.x status line: ${JSON.stringify(lines[0]!.slice(0, 80))}`);
    const statusCode = Number(status[2]);
    const rawHeaders: string[] = [];
    let contentLength: number | null = null;
    let transferEncoding: string | null = null;
    let connection = '';
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      const name = colon > 0 ? line.slice(0, colon) : '';
      if (!TOKEN.test(name)) throw new MalformedAnswer(`malformed header line: ${JSON.stringify(line.slice(0, 80))}`);
      const value = line.slice(colon + 1).trim();
      rawHeaders.push(name, value);
      const lower = name.toLowerCase();
      if (lower === 'content-length') {
        if (!/^\d{1,15}$/.test(value) || (contentLength !== null && contentLength !== Number(value)))
          throw new MalformedAnswer(`bad Content-Length: ${value}`);
        contentLength = Number(value);
      } else if (lower === 'transfer-encoding') transferEncoding = transferEncoding === null ? value : `${transferEncoding}, ${value}`;
      else if (lower === 'connection') connection += `,${value.toLowerCase()}`;
    }
    if (statusCode === 101) throw new MalformedAnswer('the internal host switched protocols, which the proxy does not relay');
    // An interim answer (100 Continue, 103 Early Hints): the final one follows on the stream.
    if (statusCode < 200) return;
    const version = Number(status[1]);
    const connectionTokens = connection.split(',').map((token) => token.trim());
    this.keepAlive = version === 1 ? !connectionTokens.includes('close') : connectionTokens.includes('keep-alive');
    this.handlers.onHead({ statusCode, statusMessage: status[3] ?? '', rawHeaders });
    // RFC 9112 6.3: which answers have a body, and how it ends.
    if (this.method === 'HEAD' || statusCode === 204 || statusCode === 304) return this.end();
    if (transferEncoding !== null) {
      if (/(^|,)\s*chunked\s*$/i.test(transferEncoding)) this.state = 'chunk-size';
      else this.closeDelimited();
      return;
    }
    if (contentLength === null) return this.closeDelimited();
    if (contentLength === 0) return this.end();
    this.state = 'length';
    this.remaining = contentLength;
  }

  private closeDelimited(): void {
    this.state = 'close';
    this.keepAlive = false;
  }

  /** A chunk-size line or a trailer line. */
  private readLine(chunk: Buffer, at: number): number {
    const newline = chunk.indexOf(0x0a, at);
    const stop = newline < 0 ? chunk.length : newline + 1;
    const part = chunk.subarray(at, stop);
    const line = this.partial ? Buffer.concat([this.partial, part]) : part;
    if (line.length > MAX_LINE) throw new MalformedAnswer(`chunked body: a line over ${MAX_LINE} bytes`);
    if (newline < 0) {
      this.partial = Buffer.from(line);
      return stop;
    }
    this.partial = null;
    if (line.length < 2 || line[line.length - 2] !== 0x0d) throw new MalformedAnswer('chunked body: a line without CRLF');
    const text = line.toString('latin1', 0, line.length - 2);
    if (this.state === 'trailers') {
      if (text === '') this.end();
      return stop;
    }
    const size = /^([0-9a-fA-F]{1,12})[ \t]*(;.*)?$/.exec(text);
    if (!size) throw new MalformedAnswer(`chunked body: bad chunk size ${JSON.stringify(text.slice(0, 40))}`);
    this.remaining = Number.parseInt(size[1]!, 16);
    this.state = this.remaining === 0 ? 'trailers' : 'chunk-data';
    return stop;
  }

  private end(): void {
    this.state = 'done';
    // Called from feed: whatever is left of the read is checked there (trailing).
    queueMicrotask(() => this.handlers.onEnd(this.keepAlive && !this.trailing));
  }
}
