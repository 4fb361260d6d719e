import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { type AddressInfo, connect, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Duplex } from 'node:stream';
import { MuxSession, type MuxStream, StreamRefused } from '@devicelab/shared';
import { startVirtualAdbServer, type VirtualAdbServer } from '@devicelab/virtual-devices';
import { deviceNetwork, isPrivateHost, proxyOf } from '@devicelab/virtual-devices/device-network.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startAgent } from '../agent.js';
import { createAdbClient } from '../devices/adbkit.js';
import { AndroidDriver } from '../devices/android.js';
import { type DeviceProxy, type Dial, startDeviceProxy } from './device-proxy.js';

const originalWrite = Socket.prototype.write;
let internal: Server;
let internalPort: number;
const dialed: string[] = [];

/** A dial whose "tunnel" is a plain socket to the internal server; refuses db.corp like a tunnel filter. */
const dial: Dial = async (host, port) => {
  dialed.push(`${host}:${port}`);
  if (host === 'db.corp') throw new StreamRefused("db.corp is excluded by the tunnel's --exclude-hosts");
  if (host === 'down.corp') throw new StreamRefused('cannot reach down.corp:80 from the tunnel: ECONNREFUSED');
  const socket = connect(internalPort, '127.0.0.1');
  await once(socket, 'connect');
  return socket;
};

function viaProxy(
  proxy: DeviceProxy,
  options: { method?: string; path: string; headers?: Record<string, string> },
): Promise<{ status: number; body: string; socket?: import('node:net').Socket }> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port: proxy.port,
      method: options.method ?? 'GET',
      path: options.path,
      headers: options.headers,
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => {
        body += c.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('connect', (res, socket) => resolve({ status: res.statusCode ?? 0, body: '', socket }));
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  internal = createServer((req, res) => res.end(`internal ${req.method} ${req.url} host=${req.headers.host}`));
  internal.listen(0, '127.0.0.1');
  await once(internal, 'listening');
  internalPort = (internal.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => internal.close(() => r())));

/** Counts the proxy's writes on its sockets to the device (a writev of several buffers counts as one) until restored. */
function countDeviceWrites(proxy: DeviceProxy): { readonly count: number; restore(): void } {
  let count = 0;
  const spy = <T extends '_write' | '_writev'>(name: T) => {
    const original = Socket.prototype[name] as (...a: unknown[]) => void;
    return vi.spyOn(Socket.prototype, name as '_write').mockImplementation(function (this: Socket, ...args: unknown[]) {
      if (this.localPort === proxy.port) count += 1;
      return original.apply(this, args);
    });
  };
  const spies = [spy('_write'), spy('_writev')];
  return {
    get count() {
      return count;
    },
    restore: () => {
      for (const s of spies) s.mockRestore();
    },
  };
}

describe('device proxy', () => {
  it('forwards absolute-URI HTTP requests over a dialed stream', async () => {
    const proxy = await startDeviceProxy(dial);
    const res = await viaProxy(proxy, {
      path: 'http://staging.corp:8080/api?x=1',
      headers: { host: 'staging.corp:8080', 'proxy-connection': 'keep-alive' },
    });
    expect(res).toEqual({ status: 200, body: 'internal GET /api?x=1 host=staging.corp:8080' });
    expect(dialed.at(-1)).toBe('staging.corp:8080');
    await proxy.close();
  });

  it("keeps a plain-HTTP request's stream for the next request to the same host, dials anew for another host, and closes them with the proxy", async () => {
    const streams: import('node:net').Socket[] = [];
    const counting: Dial = async (host, port) => {
      const stream = (await dial(host, port)) as import('node:net').Socket;
      streams.push(stream);
      return stream;
    };
    const proxy = await startDeviceProxy(counting);
    for (const n of [1, 2, 3]) {
      expect(await viaProxy(proxy, { path: `http://staging.corp/item/${n}` })).toEqual({
        status: 200,
        body: `internal GET /item/${n} host=staging.corp`,
      });
    }
    expect(streams).toHaveLength(1);
    expect(await viaProxy(proxy, { path: 'http://other.corp:8080/x' })).toEqual({
      status: 200,
      body: 'internal GET /x host=other.corp:8080',
    });
    expect(streams).toHaveLength(2);
    await proxy.close();
    expect(streams.map((s) => s.destroyed)).toEqual([true, true]);
  });

  it('a kept tunnel stream does not gather listeners: 20 requests on one stream leave it as one left it', async () => {
    // Real tunnel streams (a mux session pair; the far end pipes each stream to the internal host).
    let near!: MuxSession;
    const far: MuxSession = new MuxSession(
      { sendText: (t) => setImmediate(() => near.receive(t, false)), sendBinary: (b) => setImmediate(() => near.receive(b, true)) },
      {
        side: 'server',
        onStream: (incoming) => {
          const stream = incoming.accept();
          const socket = connect(internalPort, '127.0.0.1');
          stream.pipe(socket).pipe(stream);
          stream.on('error', () => socket.destroy()); // reset when the proxy closes
          socket.on('error', () => stream.destroy());
        },
      },
    );
    near = new MuxSession(
      { sendText: (t) => setImmediate(() => far.receive(t, false)), sendBinary: (b) => setImmediate(() => far.receive(b, true)) },
      { side: 'client' },
    );
    const streams: MuxStream[] = [];
    const proxy = await startDeviceProxy(async (host, port) => {
      const stream = await near.open({ host, port });
      streams.push(stream);
      return stream;
    });
    const listeners = () => Object.fromEntries(streams[0]!.eventNames().map((e) => [String(e), streams[0]!.listenerCount(e)]));
    expect((await viaProxy(proxy, { path: 'http://staging.corp/1' })).status).toBe(200);
    const afterOne = listeners();
    for (let n = 2; n <= 20; n += 1) expect((await viaProxy(proxy, { path: `http://staging.corp/${n}` })).status).toBe(200);
    expect(streams).toHaveLength(1);
    expect(listeners()).toEqual(afterOne);
    await proxy.close();
  });

  it('drops a kept stream the internal host closed, and dials a new one for the next request', async () => {
    const brief = createServer((req, res) => res.end(`brief ${req.url}`));
    brief.keepAliveTimeout = 50; // the host closes idle connections quickly
    brief.listen(0, '127.0.0.1');
    await once(brief, 'listening');
    const streams: import('node:net').Socket[] = [];
    const proxy = await startDeviceProxy(async () => {
      const socket = connect((brief.address() as AddressInfo).port, '127.0.0.1');
      await once(socket, 'connect');
      streams.push(socket);
      return socket;
    });
    expect(await viaProxy(proxy, { path: 'http://staging.corp/one' })).toEqual({ status: 200, body: 'brief /one' });
    while (!streams[0]!.destroyed) await new Promise((r) => setTimeout(r, 10));
    expect(await viaProxy(proxy, { path: 'http://staging.corp/two' })).toEqual({ status: 200, body: 'brief /two' });
    expect(streams).toHaveLength(2);
    await proxy.close();
    await new Promise<void>((r) => brief.close(() => r()));
  });

  it("passes a plain-HTTP answer's body to the device as the tunnel stream's own bytes, not copies", async () => {
    // The "tunnel stream": answers every request head with a 256 KiB body held in one buffer.
    const body = Buffer.alloc(256 * 1024, 'b');
    const answer = Buffer.concat([Buffer.from(`HTTP/1.1 200 OK\r\nContent-Length: ${body.length}\r\n\r\n`), body]);
    const proxy = await startDeviceProxy(async () => {
      const stream = new Duplex({
        read() {},
        write(_chunk, _encoding, callback) {
          stream.push(answer);
          callback();
        },
      });
      return stream;
    });
    // What the proxy writes to the device's socket, by buffer: a copy would be written from another one.
    const written: Buffer[] = [];
    const write = vi.spyOn(Socket.prototype, 'write').mockImplementation(function (this: Socket, ...args: unknown[]) {
      if (Buffer.isBuffer(args[0])) written.push(args[0]);
      return (originalWrite as (...a: unknown[]) => boolean).apply(this, args);
    });
    try {
      const res = await viaProxy(proxy, { path: 'http://files.corp/big' });
      expect(res.status).toBe(200);
      expect(res.body).toBe(body.toString());
    } finally {
      write.mockRestore();
    }
    const fromAnswer = written.filter((chunk) => chunk.buffer === answer.buffer).reduce((sum, chunk) => sum + chunk.length, 0);
    expect(fromAnswer).toBe(body.length);
    await proxy.close();
  });

  it("writes the parts of a plain-HTTP answer that arrive in one turn to the device's socket in one write", async () => {
    // The "tunnel stream": after the request head, the answer's head and four 64 KiB parts, each in
    // a callback of its own in one turn of the event loop, as the relay WebSocket's reads of one
    // turn arrive (each read's callback in a tick of its own: node:http's own cork ends there).
    const parts = [0, 1, 2, 3].map((n) => Buffer.alloc(64 * 1024, 97 + n));
    const proxy = await startDeviceProxy(async () => {
      const stream = new Duplex({
        read() {},
        write(_chunk, _encoding, callback) {
          stream.push(Buffer.from(`HTTP/1.1 200 OK\r\nContent-Length: ${4 * 64 * 1024}\r\n\r\n`));
          setImmediate(() => {
            for (const part of parts) setImmediate(() => stream.push(part));
          });
          callback();
        },
      });
      return stream;
    });
    const writes = countDeviceWrites(proxy);
    try {
      const res = await viaProxy(proxy, { path: 'http://files.corp/four-parts' });
      expect(res.status).toBe(200);
      expect(res.body).toBe(Buffer.concat(parts).toString());
    } finally {
      writes.restore();
    }
    expect(writes.count).toBe(1);
    await proxy.close();
  });

  it("writes a small answer to the device's socket in the turn it arrives in, plain and over CONNECT, not at the turn's end", async () => {
    // The "tunnel stream" answers each write at once with a small answer; a check queued before
    // that answer (setImmediate, the end of the turn's I/O phase) records the proxy's device writes by then.
    let checks: Array<Promise<number>> = [];
    let writes: ReturnType<typeof countDeviceWrites> | undefined;
    const proxy = await startDeviceProxy(async () => {
      const stream = new Duplex({
        read() {},
        write(chunk: Buffer, _encoding, callback) {
          const before = writes!.count;
          checks.push(new Promise((resolve) => setImmediate(() => resolve(writes!.count - before))));
          stream.push(chunk.toString().startsWith('GET ') ? 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok' : 'pong');
          callback();
        },
      });
      return stream;
    });
    writes = countDeviceWrites(proxy);
    try {
      expect(await viaProxy(proxy, { path: 'http://api.corp/small' })).toEqual({ status: 200, body: 'ok' });
      expect(await Promise.all(checks)).toEqual([1]);
      const { socket } = await viaProxy(proxy, { method: 'CONNECT', path: 'secure.corp:443' });
      checks = [];
      socket!.write('ping');
      const [answer] = await once(socket!, 'data');
      expect(answer.toString()).toBe('pong');
      socket!.destroy();
    } finally {
      writes.restore();
    }
    expect(await Promise.all(checks)).toEqual([1]);
    await proxy.close();
  });

  it('pauses the tunnel stream while the device does not read a plain-HTTP answer, and resumes it when it does', async () => {
    // The "tunnel stream" pushes a 32 MiB body 64 KiB at a time as it is read: more than the
    // kernel's socket buffers hold, so a device that stops reading must stop the stream.
    const total = 32 * 1024 * 1024;
    const part = Buffer.alloc(64 * 1024, 'z');
    let pulled = 0;
    let tunnel: Duplex | undefined;
    const proxy = await startDeviceProxy(async () => {
      let asked = false;
      const stream = new Duplex({
        read() {
          if (!asked || pulled >= total) return;
          pulled += part.length;
          stream.push(part);
        },
        write(_chunk, _encoding, callback) {
          asked = true;
          stream.push(Buffer.from(`HTTP/1.1 200 OK\r\nContent-Length: ${total}\r\n\r\n`));
          callback();
        },
      });
      tunnel = stream;
      return stream;
    });
    const device = connect(proxy.port, '127.0.0.1');
    await once(device, 'connect');
    device.write('GET http://files.corp/huge HTTP/1.1\r\nHost: files.corp\r\n\r\n');
    device.pause();
    await vi.waitFor(() => expect(tunnel?.isPaused()).toBe(true), { timeout: 10_000, interval: 20 });
    expect(pulled).toBeLessThan(total);
    let received = 0;
    device.on('data', (chunk: Buffer) => {
      received += chunk.length;
    });
    device.resume();
    await vi.waitFor(() => expect(received).toBeGreaterThan(total), { timeout: 20_000, interval: 20 });
    expect(pulled).toBe(total);
    device.destroy();
    await proxy.close();
  });

  it('relays a chunked answer, a HEAD answer and a 304 through a kept stream intact', async () => {
    const host = createServer((req, res) => {
      if (req.url === '/chunked') {
        res.write('first,');
        setTimeout(() => res.end('second'), 5);
      } else if (req.url === '/cached') res.writeHead(304, { etag: '"v1"' }).end();
      else res.writeHead(200, { 'content-length': '5', 'x-kind': 'head' }).end(req.method === 'HEAD' ? undefined : 'hello');
    });
    host.listen(0, '127.0.0.1');
    await once(host, 'listening');
    const streams: Duplex[] = [];
    const proxy = await startDeviceProxy(async () => {
      const socket = connect((host.address() as AddressInfo).port, '127.0.0.1');
      await once(socket, 'connect');
      streams.push(socket);
      return socket;
    });
    expect(await viaProxy(proxy, { path: 'http://files.corp/chunked' })).toEqual({ status: 200, body: 'first,second' });
    expect(await viaProxy(proxy, { method: 'HEAD', path: 'http://files.corp/head' })).toEqual({ status: 200, body: '' });
    expect(await viaProxy(proxy, { path: 'http://files.corp/cached' })).toEqual({ status: 304, body: '' });
    expect(await viaProxy(proxy, { path: 'http://files.corp/plain' })).toEqual({ status: 200, body: 'hello' });
    expect(streams).toHaveLength(1);
    await proxy.close();
    await new Promise<void>((r) => host.close(() => r()));
  });

  it('splices CONNECT to a dialed stream', async () => {
    const proxy = await startDeviceProxy(dial);
    const res = await viaProxy(proxy, { method: 'CONNECT', path: 'secure.corp:443' });
    expect(res.status).toBe(200);
    expect(dialed.at(-1)).toBe('secure.corp:443');
    res.socket!.write('GET /inside HTTP/1.1\r\nHost: secure.corp\r\nConnection: close\r\n\r\n');
    let raw = '';
    res.socket!.on('data', (c: Buffer) => {
      raw += c.toString();
    });
    await once(res.socket!, 'end');
    expect(raw).toContain('internal GET /inside host=secure.corp');
    await proxy.close();
  });

  it("over CONNECT, writes what arrives in one turn to the device's socket in one write, and pauses the stream while the device does not read", async () => {
    // The "tunnel stream": for each write of the device, four 64 KiB parts, each in a callback of
    // its own in one turn; then, once asked for more, 32 MiB more as it is read.
    const parts = [0, 1, 2, 3].map((n) => Buffer.alloc(64 * 1024, 97 + n));
    const total = 32 * 1024 * 1024;
    let pulled = 0;
    let flood = false;
    let tunnel: Duplex | undefined;
    const proxy = await startDeviceProxy(async () => {
      const more = () => {
        if (!flood || pulled >= total) return;
        pulled += parts[0]!.length;
        stream.push(parts[0]);
      };
      const stream = new Duplex({
        read: more,
        write(chunk: Buffer, _encoding, callback) {
          if (chunk.toString() === 'flood') {
            flood = true;
            more();
          } else for (const part of parts) setImmediate(() => stream.push(part));
          callback();
        },
      });
      tunnel = stream;
      return stream;
    });
    const { socket } = await viaProxy(proxy, { method: 'CONNECT', path: 'secure.corp:443' });
    const device = socket!;
    const writes = countDeviceWrites(proxy);
    let received = 0;
    const onData = (chunk: Buffer) => {
      received += chunk.length;
    };
    device.on('data', onData);
    try {
      device.write('four');
      await vi.waitFor(() => expect(received).toBe(4 * 64 * 1024), { timeout: 10_000, interval: 10 });
    } finally {
      writes.restore();
    }
    expect(writes.count).toBe(1);
    device.off('data', onData);
    device.pause();
    device.write('flood');
    await vi.waitFor(() => expect(tunnel?.isPaused()).toBe(true), { timeout: 10_000, interval: 20 });
    expect(pulled).toBeLessThan(total);
    received = 0;
    device.on('data', onData);
    device.resume();
    await vi.waitFor(() => expect(received).toBe(total), { timeout: 20_000, interval: 20 });
    device.destroy();
    await proxy.close();
  });

  it('answers a host the tunnel refuses with 403, one it cannot reach with 502, both with the reason', async () => {
    const proxy = await startDeviceProxy(dial);
    expect(await viaProxy(proxy, { path: 'http://db.corp/x' })).toEqual({
      status: 403,
      body: "DeviceLab tunnel: db.corp is excluded by the tunnel's --exclude-hosts\n",
    });
    expect(await viaProxy(proxy, { path: 'http://down.corp/x' })).toEqual({
      status: 502,
      body: 'DeviceLab tunnel: cannot reach down.corp:80 from the tunnel: ECONNREFUSED\n',
    });
    expect((await viaProxy(proxy, { method: 'CONNECT', path: 'db.corp:443' })).status).toBe(403);
    expect((await viaProxy(proxy, { path: '/not-absolute' })).status).toBe(400);
    await proxy.close();
  });
});

describe('virtual handset network and the Android proxy commands', () => {
  let adb: VirtualAdbServer;
  beforeAll(async () => {
    adb = await startVirtualAdbServer({ devices: 1 });
  });
  afterAll(() => adb.close());

  it('cannot reach private or loopback hosts directly', async () => {
    expect(await isPrivateHost('10.1.2.3')).toBe(true);
    expect(await isPrivateHost('localhost')).toBe(true);
    expect(await isPrivateHost('[::1]')).toBe(true);
    expect(await isPrivateHost('8.8.8.8')).toBe(false);
    const network = deviceNetwork({
      settings: new Map(),
      connectPort: () => {
        throw new Error('nothing listens');
      },
    });
    await expect(network.fetch(`http://127.0.0.1:${internalPort}/x`)).rejects.toThrow('net::ERR_ADDRESS_UNREACHABLE');
  });

  it('useProxy sets adb reverse and the global proxy; the app then reaches the internal host through it; clearProxy undoes it', async () => {
    const device = adb.getDevice('virtual-1')!;
    const proxy = await startDeviceProxy(dial);
    const driver = new AndroidDriver(createAdbClient(adb.host, adb.port), 'virtual-1');
    await driver.useProxy({ host: '127.0.0.1', port: proxy.port });
    expect(device.reverses.get(proxy.port)).toBe(proxy.port);
    expect(proxyOf(device.settings)).toEqual({ host: '127.0.0.1', port: proxy.port });
    expect(await device.network.fetch('http://staging.corp/hello')).toEqual({ status: 200, body: 'internal GET /hello host=staging.corp' });
    await driver.clearProxy();
    expect(device.settings.get('global/http_proxy')).toBe(':0');
    expect(proxyOf(device.settings)).toBeNull();
    await proxy.close();
  });

  it("removes a proxy setting an agent that died mid-test left behind, at the next start, and keeps the owner's own", async () => {
    const device = adb.getDevice('virtual-1')!;
    const driver = new AndroidDriver(createAdbClient(adb.host, adb.port), 'virtual-1');
    device.settings.set('global/http_proxy', 'proxy.corp:3128');
    expect(await driver.clearStaleProxy()).toBe(false);
    expect(device.settings.get('global/http_proxy')).toBe('proxy.corp:3128');

    device.settings.set('global/http_proxy', '127.0.0.1:45123');
    const lines: string[] = [];
    const agent = await startAgent({
      controlPlaneUrl: 'http://127.0.0.1:9',
      token: 'dl_agent_unused',
      adbHost: adb.host,
      adbPort: adb.port,
      stateDir: mkdtempSync(join(tmpdir(), 'stale-proxy-')),
      log: (l) => lines.push(l),
      drainSeconds: 0,
    });
    await agent.stop({ drainSeconds: 0 });
    expect(device.settings.get('global/http_proxy')).toBe(':0');
    expect(lines).toContain('device virtual-1: removed the proxy setting a stopped agent left behind');
  });
});
