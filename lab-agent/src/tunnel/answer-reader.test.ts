import { describe, expect, it } from 'vitest';
import { type AnswerHead, AnswerReader, MalformedAnswer } from './answer-reader.js';

/** Feeds `raw` in pieces of `size` bytes (every split point once over the sizes tried) and collects what the reader says. */
async function read(raw: string | Buffer, size: number, method = 'GET') {
  const seen = { head: null as AnswerHead | null, body: [] as Buffer[], ends: [] as boolean[] };
  const reader = new AnswerReader(method, {
    onHead: (head) => {
      seen.head = head;
    },
    onBody: (part) => seen.body.push(part),
    onEnd: (reusable) => seen.ends.push(reusable),
  });
  const bytes = typeof raw === 'string' ? Buffer.from(raw, 'latin1') : raw;
  for (let at = 0; at < bytes.length; at += size) reader.feed(bytes.subarray(at, at + size));
  const finished = reader.finish();
  await Promise.resolve(); // onEnd comes in a microtask (trailing bytes of the same read are seen first)
  return { ...seen, body: Buffer.concat(seen.body).toString('latin1'), finished };
}

const SIZES = [1, 2, 3, 5, 7, 16, 1000];

describe('AnswerReader', () => {
  it('frames a Content-Length body, however the bytes are split, and the stream stays reusable', async () => {
    for (const size of SIZES) {
      const got = await read('HTTP/1.1 200 OK\r\nContent-Length: 11\r\nX-A: 1\r\n\r\nhello world', size);
      expect(got.head).toEqual({ statusCode: 200, statusMessage: 'OK', rawHeaders: ['Content-Length', '11', 'X-A', '1'] });
      expect(got).toMatchObject({ body: 'hello world', ends: [true], finished: true });
    }
  });

  it('frames a chunked body with extensions and trailers, however the bytes are split', async () => {
    const raw =
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;ext=1\r\nhello\r\n1\r\n \r\nA\r\n0123456789\r\n0\r\nX-Trailer: t\r\n\r\n';
    for (const size of SIZES) expect(await read(raw, size)).toMatchObject({ body: 'hello 0123456789', ends: [true], finished: true });
  });

  it('hands the body on as views on the bytes fed, not copies', async () => {
    const body = Buffer.alloc(65536, 7);
    const raw = Buffer.concat([Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: 65536\r\n\r\n'), body]);
    const parts: Buffer[] = [];
    new AnswerReader('GET', { onHead: () => {}, onBody: (part) => parts.push(part), onEnd: () => {} }).feed(raw);
    expect(parts).toHaveLength(1);
    expect(parts[0]!.buffer).toBe(raw.buffer);
    expect(parts[0]!.length).toBe(65536);
  });

  it('no body for HEAD, 204 and 304, whatever Content-Length says', async () => {
    expect(await read('HTTP/1.1 200 OK\r\nContent-Length: 500\r\n\r\n', 4, 'HEAD')).toMatchObject({ body: '', ends: [true] });
    expect(await read('HTTP/1.1 304 Not Modified\r\nContent-Length: 500\r\n\r\n', 4)).toMatchObject({ body: '', ends: [true] });
    expect(await read('HTTP/1.1 204 No Content\r\n\r\n', 4)).toMatchObject({ body: '', ends: [true] });
  });

  it('a body without length ends with the stream, which then is not reusable; cut short it is not complete', async () => {
    expect(await read('HTTP/1.1 200 OK\r\n\r\nuntil the close', 3)).toMatchObject({
      body: 'until the close',
      ends: [false],
      finished: true,
    });
    expect(await read('HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nshort', 3)).toMatchObject({ ends: [], finished: false });
  });

  it('not reusable after Connection: close, an HTTP/1.0 answer without keep-alive, or bytes after the answer', async () => {
    expect((await read('HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok', 5)).ends).toEqual([false]);
    expect((await read('HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\nok', 5)).ends).toEqual([false]);
    expect((await read('HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nContent-Length: 2\r\n\r\nok', 5)).ends).toEqual([true]);
    expect((await read('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokEXTRA', 1000)).ends).toEqual([false]);
  });

  it('skips an interim 100 Continue and reads the final answer', async () => {
    const got = await read('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 3\r\n\r\nnew', 4);
    expect(got).toMatchObject({ body: 'new', ends: [true] });
    expect(got.head!.statusCode).toBe(201);
  });

  it('throws MalformedAnswer on a bad status line, header, length or chunk, and on a protocol switch', async () => {
    for (const raw of [
      'SSH-2.0-OpenSSH\r\n\r\n',
      'HTTP/1.1 200 OK\r\nBad Header\r\n\r\n',
      'HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nokXX',
      'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\r\n',
    ])
      await expect(read(raw, 1000)).rejects.toBeInstanceOf(MalformedAnswer);
  });
});
