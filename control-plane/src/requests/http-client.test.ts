import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createTlsServer, type Server as TlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sendHttp } from './http-client.js';

// 127.0.0.1 stands in for a public host, so that a first hop can be allowed; every other
// address is judged as usual (names through the real lookup guard, which this does not change).
vi.mock('../net/address-guard.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../net/address-guard.js')>();
  return { ...real, isPublicAddress: (ip: string) => ip === '127.0.0.1' || real.isPublicAddress(ip) };
});

let server: Server;
let base = '';
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    const url = new URL(req.url!, 'http://x');
    if (url.pathname === '/go') return res.writeHead(302, { location: url.searchParams.get('to')! }).end();
    res.end('{"ok":true}');
  });
  server.listen(0, '0.0.0.0'); // 127.0.0.2 reaches it too: a refused hop must not
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = (url: string, followRedirects = true) =>
  sendHttp({ method: 'GET', url, headers: [], body: null, followRedirects, signal: AbortSignal.timeout(5000) }, { allowPrivate: false });

describe('sendHttp directly', () => {
  it('checks every redirect hop, literal addresses and names alike', async () => {
    const port = new URL(base).port;
    hits.length = 0;
    await expect(get(`${base}/go?to=http://127.0.0.2:${port}/inside`)).rejects.toMatchObject({ name: 'RefusedAddress', host: '127.0.0.2' });
    await expect(get(`${base}/go?to=http://localhost:${port}/inside`)).rejects.toMatchObject({ name: 'RefusedAddress', host: 'localhost' });
    expect(hits).toEqual([`GET /go?to=http://127.0.0.2:${port}/inside`, `GET /go?to=http://localhost:${port}/inside`]);
    // The allowed stand-in itself is reached, redirect and all.
    await expect(get(`${base}/go?to=/fine`)).resolves.toMatchObject({ status: 200, body: '{"ok":true}' });
  });

  it('does not follow a redirect to another scheme', async () => {
    await expect(get(`${base}/go?to=file:///etc/passwd`)).rejects.toThrow('only http and https URLs can be requested, not file:');
  });
});

describe('-k', () => {
  let tls: TlsServer;
  let dir = '';
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'devicelab-tls-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    tls = createTlsServer({ key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }, (_req, res) =>
      res.end('secure'),
    );
    tls.listen(0, '127.0.0.1');
    await once(tls, 'listening');
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => tls.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('skips certificate verification with -k only', async () => {
    const url = `https://127.0.0.1:${(tls.address() as AddressInfo).port}/`;
    const send = (insecure: boolean) =>
      sendHttp({ method: 'GET', url, headers: [], body: null, insecure, signal: AbortSignal.timeout(5000) }, { allowPrivate: true });
    await expect(send(false)).rejects.toThrow(/self[- ]signed/);
    await expect(send(true)).resolves.toMatchObject({ status: 200, body: 'secure' });
  });
});
