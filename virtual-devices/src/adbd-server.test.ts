/**
 * The adbd front door through Google's own adb server (Debian's adb 29 here; .ci/run
 * installs it): `adb connect` adds the virtual device, and the adb command line behaves
 * as it does with a device. The same services back the in-agent fake server, checked at
 * the end through that front door with the same command line.
 */
import { spawn } from 'node:child_process';
import { createServer as createHttpServer } from 'node:http';
import { type AddressInfo, createConnection, createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApk } from '../../scripts/fixtures/builds.js';
import { freePort, type RealAdbServer, runAdb, startRealAdbServer } from '../../scripts/fixtures/real-adb.js';
import { useTempDir } from '../../scripts/fixtures/temp-dir.js';
import { encodeValue } from './adb-protocol.js';
import { startVirtualAdbServer, type VirtualAdbServer } from './adb-server.js';
import { startVirtualAndroidDevices, type VirtualAndroidDevices } from './adbd-devices.js';
import { SAMPLE_PACKAGE } from './sample-app.js';

let adb: RealAdbServer;
let devices: VirtualAndroidDevices;
let serial: string;
const temp = useTempDir('adbd-');
const on = (...args: string[]) => adb.adb(['-s', serial, ...args]);

beforeAll(async () => {
  adb = await startRealAdbServer();
  devices = await startVirtualAndroidDevices({ count: 1, portBase: 0, deviceDefaults: { sampleInstalled: true } });
  const door = devices.devices[0]!;
  serial = door.serial;
  await adb.connect(serial);
});
afterAll(async () => {
  await adb?.kill();
  await devices?.close();
});

describe("a virtual device behind Google's adb server", () => {
  it('lists with the properties of its CNXN banner', async () => {
    const listed = await adb.adb(['devices', '-l']);
    expect(listed.stdout).toMatch(
      new RegExp(`${serial.replace(/\./g, '\\.')}\\s+device product:devicelab_virtual model:DeviceLab_Virtual_Phone device:virtual`),
    );
    expect((await on('shell', 'getprop', 'ro.product.model')).stdout).toBe('DeviceLab Virtual Phone\n');
  });

  it('gives exit codes and keeps stderr apart (shell protocol v2)', async () => {
    expect((await on('shell', 'false')).code).toBe(1);
    expect((await on('shell', 'exit 3')).code).toBe(3);
    expect((await on('shell', 'true')).code).toBe(0);
    const both = await on('shell', 'echo out; echo err >&2; exit 5');
    expect([both.stdout, both.stderr, both.code]).toEqual(['out\n', 'err\n', 5]);
    expect((await on('shell', 'nosuchtool')).stderr).toBe('/system/bin/sh: nosuchtool: inaccessible or not found\n');
  });

  it('takes screenshots at the resolution wm size reports', async () => {
    const size = /Physical size: (\d+)x(\d+)/.exec((await on('shell', 'wm', 'size')).stdout)!;
    const png = (await on('exec-out', 'screencap', '-p')).bytes;
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([Number(size[1]), Number(size[2])]);
  });

  it("shows the app's lines and its crash in logcat; -c clears", async () => {
    expect((await on('logcat', '-c')).code).toBe(0);
    await on('shell', 'am', 'start', '-W', '-n', `${SAMPLE_PACKAGE}/.MainActivity`);
    const log = (await on('logcat', '-d')).stdout;
    expect(log).toMatch(/^\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}\s+\d+\s+\d+ I DeviceLabSample: onCreate: showing login$/m);
    expect(log).toMatch(/ I ActivityManager: Start proc \d+:com\.devicelab\.sample\/u0a\d+ for next-top-activity/);
    await on('shell', 'am', 'start', '-S', '-n', `${SAMPLE_PACKAGE}/.MainActivity`, '--es', 'crashOnLaunch', '1');
    const crashed = (await on('logcat', '-d', '-s', 'AndroidRuntime')).stdout.split('\n');
    expect(crashed[0]).toMatch(/ E AndroidRuntime: FATAL EXCEPTION: main$/);
    expect(crashed[1]).toMatch(/ E AndroidRuntime: Process: com\.devicelab\.sample, PID: \d+$/);
    expect(crashed[2]).toMatch(/ E AndroidRuntime: java\.lang\.IllegalStateException: Crash requested by launch parameter crashOnLaunch$/);
    expect(crashed[3]).toMatch(/ E AndroidRuntime: \tat com\.devicelab\.sample\.MainActivity\.onCreate\(MainActivity\.kt:42\)$/);
    await on('logcat', '-c');
    expect((await on('logcat', '-d')).stdout).toBe('');
  });

  it('installs (streamed, as adb 29 does with abb_exec) and uninstalls', async () => {
    const apk = `${temp()}/other.apk`;
    await makeApk(apk, { packageName: 'com.example.other', versionName: '2.0', versionCode: 20, label: 'Other' });
    const installed = await on('install', apk);
    expect([installed.code, installed.stdout]).toEqual([0, 'Performing Streamed Install\nSuccess\n']);
    expect((await on('shell', 'pm', 'list', 'packages', '-3')).stdout).toContain('package:com.example.other\n');
    expect((await on('uninstall', 'com.example.other')).stdout).toBe('Success\n');
    expect((await on('shell', 'pm', 'path', 'com.example.other')).stdout).toBe('');
    const broken = `${temp()}/broken.apk`;
    const { writeFile } = await import('node:fs/promises');
    await writeFile(broken, 'not a zip');
    const refused = await on('install', broken);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^adb: failed to install .*broken\.apk: Failure \[INSTALL_FAILED_INVALID_APK: /);
  });

  it('pushes, pulls and lists files (sync v1 with stat_v2/ls_v2)', async () => {
    const { readFile, writeFile } = await import('node:fs/promises');
    await writeFile(`${temp()}/note.txt`, 'hello device\n');
    expect((await on('push', `${temp()}/note.txt`, '/data/local/tmp/note.txt')).code).toBe(0);
    expect((await on('shell', 'cat', '/data/local/tmp/note.txt')).stdout).toBe('hello device\n');
    expect((await on('pull', '/data/local/tmp/note.txt', `${temp()}/back.txt`)).code).toBe(0);
    expect(await readFile(`${temp()}/back.txt`, 'utf8')).toBe('hello device\n');
    expect((await on('pull', '/data/local/tmp/missing', `${temp()}/x`)).code).toBe(1);
  });

  it('forwards a host port to a device port something listens on', async () => {
    const { spawn } = await import('node:child_process');
    const listener = spawn('adb', ['-P', String(adb.port), '-s', serial, 'shell', 'nc', '-l', '-p', '7100']);
    const fromDevice: Buffer[] = [];
    listener.stdout.on('data', (c: Buffer) => fromDevice.push(c));
    try {
      const hostPort = Number((await on('forward', 'tcp:0', 'tcp:7100')).stdout.trim());
      expect(hostPort).toBeGreaterThan(0);
      // adb prints the server's list and a newline of its own.
      expect((await on('forward', '--list')).stdout).toBe(`${serial} tcp:${hostPort} tcp:7100\n\n`);
      // nc starts listening once its shell runs: retry until the device port answers.
      let answer = '';
      for (let i = 0; i < 50 && answer === ''; i += 1) {
        answer = await new Promise<string>((resolve) => {
          const socket = createConnection(hostPort, '127.0.0.1', () => socket.write('ping from host\n'));
          const got: Buffer[] = [];
          socket.on('data', (c: Buffer) => got.push(c));
          socket.on('close', () => resolve(Buffer.concat(got).toString()));
          socket.on('error', () => resolve(''));
          setTimeout(() => (listener.stdin.write('pong from device\n'), listener.stdin.end()), 300);
        });
        if (answer === '') await new Promise((r) => setTimeout(r, 100));
      }
      expect(answer).toBe('pong from device\n');
      expect(Buffer.concat(fromDevice).toString()).toBe('ping from host\n');
    } finally {
      listener.kill();
      await on('forward', '--remove-all');
    }
  });

  it('keeps adb reverse as a device does: list, remove, remove all', async () => {
    expect((await on('reverse', 'tcp:9100', 'tcp:9101')).code).toBe(0);
    expect((await on('reverse', 'tcp:9102', 'tcp:9103')).code).toBe(0);
    const listed = (await on('reverse', '--list')).stdout;
    expect(listed).toMatch(/^host-\d+ tcp:9100 tcp:9101\nhost-\d+ tcp:9102 tcp:9103\n\n$/);
    expect((await on('reverse', '--remove', 'tcp:9100')).code).toBe(0);
    const missing = await on('reverse', '--remove', 'tcp:9100');
    expect([missing.code, missing.stderr]).toEqual([1, "adb: error: listener 'tcp:9100' not found\n"]);
    expect((await on('reverse', '--remove-all')).code).toBe(0);
    expect((await on('reverse', '--list')).stdout).toBe('\n');
  });
});

/** `adb shell nc 127.0.0.1 PORT` on the device, writing `line` to it; resolves with what came back and nc's exit code. */
function deviceNc(devicePort: number, line: string, serverPort = adb.port, device = serial) {
  return new Promise<{ stdout: string; stderr: string; code: number | null }>((resolve) => {
    const child = spawn('adb', ['-P', String(serverPort), '-s', device, 'shell', 'nc', '127.0.0.1', String(devicePort)]);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    child.stdin.on('error', () => {});
    child.stdin.write(line); // stdin stays open: the connection ends when the host side closes it
    child.on('close', (code) => resolve({ stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString(), code }));
  });
}

/** A server on this machine (the adb server's) that answers the first line it gets with `reply` and closes. */
async function hostEcho(reply: string): Promise<{ port: number; received: () => string; close: () => Promise<void> }> {
  const got: Buffer[] = [];
  const server = createServer((socket) => {
    socket.on('error', () => {});
    socket.on('data', (c: Buffer) => {
      got.push(c);
      if (c.includes(10)) socket.end(reply);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    received: () => Buffer.concat(got).toString(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("adb reverse carried back through Google's adb server", () => {
  it("a connection to the device's reversed port reaches the host port through adb, both ways", async () => {
    const host = await hostEcho('pong from host\n');
    try {
      expect((await on('reverse', 'tcp:9300', `tcp:${host.port}`)).code).toBe(0);
      const answer = await deviceNc(9300, 'ping from device\n');
      expect(answer).toEqual({ stdout: 'pong from host\n', stderr: '', code: 0 });
      expect(host.received()).toBe('ping from device\n');
      // Removed: nothing listens on the device port any more.
      expect((await on('reverse', '--remove', 'tcp:9300')).code).toBe(0);
      expect(await deviceNc(9300, 'again\n')).toEqual({ stdout: '', stderr: 'nc: connect: Connection refused\n', code: 1 });
      expect(host.received()).toBe('ping from device\n');
      // --remove-all, as on a device: every reverse goes.
      await on('reverse', 'tcp:9301', `tcp:${host.port}`);
      await on('reverse', 'tcp:9302', `tcp:${host.port}`);
      expect((await on('reverse', '--remove-all')).code).toBe(0);
      expect((await deviceNc(9301, 'x\n')).stderr).toBe('nc: connect: Connection refused\n');
      expect(devices.devices[0]!.device.reverses.size).toBe(0);
    } finally {
      await host.close();
    }
  });

  it('a reversed port whose host side has nothing listening closes the connection, as adbd does', async () => {
    const host = await hostEcho('unused');
    await host.close(); // its port is free now: the adb server's connect there is refused
    expect((await on('reverse', 'tcp:9310', `tcp:${host.port}`)).code).toBe(0);
    expect(await deviceNc(9310, 'hello\n')).toEqual({ stdout: '', stderr: '', code: 0 });
    await on('reverse', '--remove-all');
  });

  it("an app's HTTP through a proxy on a reversed device port goes back through adb to the host's proxy", async () => {
    const seen: string[] = [];
    const proxy = createHttpServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      res.end('from the host proxy');
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const device = devices.devices[0]!.device;
      expect((await on('reverse', 'tcp:9330', `tcp:${(proxy.address() as AddressInfo).port}`)).code).toBe(0);
      await on('shell', 'settings', 'put', 'global', 'http_proxy', '127.0.0.1:9330');
      expect(await device.network.fetch('http://staging.corp/hello')).toEqual({ status: 200, body: 'from the host proxy' });
      expect(seen).toEqual(['GET http://staging.corp/hello']);
    } finally {
      await on('shell', 'settings', 'put', 'global', 'http_proxy', ':0');
      await on('reverse', '--remove-all');
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    }
  });

  it('the reverses of a transport go with it (adb disconnect), as adbd drops them', async () => {
    expect((await on('reverse', 'tcp:9320', 'tcp:9321')).code).toBe(0);
    expect(devices.devices[0]!.device.reverses.get(9320)).toBe(9321);
    expect((await adb.adb(['disconnect', serial])).code).toBe(0);
    for (let i = 0; i < 100 && devices.devices[0]!.device.reverses.size > 0; i += 1) await new Promise((r) => setTimeout(r, 50));
    expect(devices.devices[0]!.device.reverses.size).toBe(0);
    await adb.connect(serial);
    expect((await on('reverse', '--list')).stdout).toBe('\n');
  });
});

describe('the same device services through the in-agent fake adb server', () => {
  let fake: VirtualAdbServer;
  beforeAll(async () => {
    fake = await startVirtualAdbServer({ devices: [{ serial: 'virtual-1', sampleInstalled: true }] });
  });
  afterAll(async () => fake?.close());

  it('answers the adb command line with exit codes, logcat and reverse', async () => {
    const run = (...args: string[]) => runAdb(fake.port, ['-s', 'virtual-1', ...args]);
    expect((await run('shell', 'false')).code).toBe(1);
    expect((await run('shell', 'exit 4')).code).toBe(4);
    await run('shell', 'am', 'start', '-n', `${SAMPLE_PACKAGE}/.MainActivity`);
    expect((await run('logcat', '-d')).stdout).toMatch(/ I DeviceLabSample: onCreate: showing login$/m);
    expect((await run('reverse', 'tcp:9200', 'tcp:9201')).code).toBe(0);
    expect((await run('reverse', '--list')).stdout).toBe('UsbFfs tcp:9200 tcp:9201\n\n');
    expect((await run('reverse', '--remove-all')).code).toBe(0);
    expect((await run('reverse', '--list')).stdout).toBe('\n');
  });
});

describe('adb reverse through the in-agent fake adb server', () => {
  let fake: VirtualAdbServer;
  beforeAll(async () => {
    fake = await startVirtualAdbServer({ devices: [{ serial: 'virtual-1' }] });
  });
  afterAll(async () => fake?.close());

  it("carries a connection to the reversed device port to the host port, and drops the device's reverses when it goes offline", async () => {
    const host = await hostEcho('pong from host\n');
    try {
      expect((await runAdb(fake.port, ['-s', 'virtual-1', 'reverse', 'tcp:9400', `tcp:${host.port}`])).code).toBe(0);
      expect(await deviceNc(9400, 'ping from device\n', fake.port, 'virtual-1')).toEqual({
        stdout: 'pong from host\n',
        stderr: '',
        code: 0,
      });
      expect(host.received()).toBe('ping from device\n');
      // The device's transport drops (offline, a reboot): its reverses go with it.
      const device = fake.getDevice('virtual-1')!;
      device.goOffline();
      device.reconnect();
      expect((await runAdb(fake.port, ['-s', 'virtual-1', 'reverse', '--list'])).stdout).toBe('\n');
      expect((await deviceNc(9400, 'again\n', fake.port, 'virtual-1')).stderr).toBe('nc: connect: Connection refused\n');
    } finally {
      await host.close();
    }
  });
});

/** One raw smart-socket exchange with an adb server: the request, then everything it answers until it closes. */
function rawHostRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = createConnection(port, '127.0.0.1', () => socket.write(encodeValue(request)));
    const got: Buffer[] = [];
    socket.on('data', (c: Buffer) => got.push(c));
    socket.on('error', () => {});
    socket.on('close', () => resolve(Buffer.concat(got).toString('latin1')));
  });
}

describe("adb forward host requests: the in-agent fake answers as Google's adb server", () => {
  let fake: VirtualAdbServer;
  beforeAll(async () => {
    fake = await startVirtualAdbServer({ devices: [{ serial: 'virtual-1' }] });
  });
  afterAll(async () => fake?.close());

  /** The same requests to an adb server, with the serial and ports in the replies made generic. */
  async function exchange(serverPort: number, device: string): Promise<string[]> {
    const free = await freePort();
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const busyPort = (busy.address() as AddressInfo).port;
    const on = `host-serial:${device}`;
    const replies: string[] = [];
    try {
      for (const request of [
        `${on}:forward:tcp:${free};tcp:7100`,
        `${on}:forward:norebind:tcp:${free};tcp:7101`,
        `${on}:forward:tcp:${free};tcp:7102`,
        `${on}:list-forward`,
        `${on}:forward:tcp:${busyPort};tcp:7100`,
        `${on}:forward:tcp:abc;tcp:7100`,
        `${on}:forward:bogus:1;tcp:7100`,
        `${on}:forward:tcp:${free}`,
        `${on}:killforward:tcp:${free}`,
        `${on}:killforward:tcp:${free}`,
        `${on}:forward:tcp:0;tcp:7100`,
        'host:list-forward',
        `${on}:killforward-all`,
        'host:list-forward',
        'host-serial:nosuch:forward:tcp:0;tcp:7100',
      ]) {
        replies.push(
          (await rawHostRequest(serverPort, request))
            .replaceAll(device, 'SERIAL')
            .replaceAll(String(free), 'PORT')
            .replaceAll(String(busyPort), 'BUSY')
            .replace(/^OKAYOKAY0005\d{5}$/, 'OKAYOKAY0005NNNNN')
            .replace(/tcp:\d{5} tcp:7100/, 'tcp:NNNNN tcp:7100'),
        );
      }
    } finally {
      await new Promise<void>((resolve) => busy.close(() => resolve()));
    }
    return replies;
  }

  it('answers forward, norebind, killforward, killforward-all and list-forward byte for byte as adb 1.0.41', async () => {
    const fromGoogle = await exchange(adb.port, serial);
    const fromFake = await exchange(fake.port, 'virtual-1');
    // Free ports have five digits here; SERIAL's length differs between the two, so the listing's length prefix is left out.
    const generic = (replies: string[]) => replies.map((r) => r.replace(/^OKAY[0-9a-f]{4}(SERIAL )/i, 'OKAYxxxx$1'));
    expect(generic(fromFake)).toEqual(generic(fromGoogle));
    expect(generic(fromFake)).toEqual([
      'OKAYOKAY0005PORT',
      'FAIL001dcannot rebind existing socket',
      'OKAYOKAY',
      'OKAYxxxxSERIAL tcp:PORT tcp:7102\n',
      'FAIL002ccannot bind listener: Address already in use',
      'FAIL004bcannot bind listener: listening on specified hostname currently unsupported',
      'FAIL003acannot bind listener: unknown socket specification:bogus:1',
      'FAIL0016bad forward: tcp:PORT',
      'OKAYOKAY',
      "FAIL001elistener 'tcp:PORT' not found",
      'OKAYOKAY0005NNNNN',
      'OKAYxxxxSERIAL tcp:NNNNN tcp:7100\n',
      'OKAYOKAY',
      'OKAY0000',
      'FAIL0000',
    ]);
  });

  it('forwards a host port to a device port something listens on, with the adb command line', async () => {
    const run = (...args: string[]) => runAdb(fake.port, ['-s', 'virtual-1', ...args]);
    const listener = spawn('adb', ['-P', String(fake.port), '-s', 'virtual-1', 'shell', 'nc', '-l', '-p', '7200']);
    const fromDevice: Buffer[] = [];
    listener.stdout.on('data', (c: Buffer) => fromDevice.push(c));
    try {
      const hostPort = Number((await run('forward', 'tcp:0', 'tcp:7200')).stdout.trim());
      expect(hostPort).toBeGreaterThan(0);
      expect((await run('forward', '--list')).stdout).toBe(`virtual-1 tcp:${hostPort} tcp:7200\n\n`);
      const device = fake.getDevice('virtual-1')!;
      for (let i = 0; i < 100 && !device.portListeners.has(7200); i += 1) await new Promise((r) => setTimeout(r, 20));
      const answer = await new Promise<string>((resolve) => {
        const socket = createConnection(hostPort, '127.0.0.1', () => socket.write('ping from host\n'));
        const got: Buffer[] = [];
        socket.on('data', (c: Buffer) => {
          got.push(c);
          socket.end();
        });
        socket.on('close', () => resolve(Buffer.concat(got).toString()));
        // The device answers once the host's line has arrived.
        const poll = setInterval(() => {
          if (Buffer.concat(fromDevice).toString() === 'ping from host\n') {
            clearInterval(poll);
            listener.stdin.write('pong from device\n');
          }
        }, 10);
      });
      expect(answer).toBe('pong from device\n');
      expect((await run('forward', '--remove', `tcp:${hostPort}`)).code).toBe(0);
      const missing = await run('forward', '--remove', `tcp:${hostPort}`);
      expect([missing.code, missing.stderr]).toEqual([1, `adb: error: listener 'tcp:${hostPort}' not found\n`]);
      await run('forward', 'tcp:0', 'tcp:7201');
      expect((await run('forward', '--remove-all')).code).toBe(0);
      expect((await run('forward', '--list')).stdout).toBe('\n');
    } finally {
      listener.kill();
    }
  });
});
