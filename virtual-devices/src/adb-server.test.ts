import { connect } from 'node:net';
import { Adb, type Client, type Device } from '@devicefarmer/adbkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { encodeValue } from './adb-protocol.js';
import { startVirtualAdbServer, type VirtualAdbServer } from './adb-server.js';
import { collect, shellText } from './test-support.js';
import { createVirtualDevice } from './virtual-device.js';

/** One raw smart-socket exchange: send a request, read until the server closes. */
async function rawRequest(port: number, request: string): Promise<string> {
  const socket = connect(port, '127.0.0.1');
  socket.write(encodeValue(request));
  return (await collect(socket)).toString('utf8');
}

/** Polls until `check` holds: tracker updates arrive asynchronously. */
async function until(check: () => boolean, what: string): Promise<void> {
  for (const started = Date.now(); !check(); await new Promise((r) => setTimeout(r, 5))) {
    if (Date.now() - started > 5000) throw new Error(`timed out waiting for ${what}`);
  }
}

/**
 * A device tracker with its events recorded. The first list may be processed before a
 * listener can be attached, so the tracker's own list (what its updates built) is read too.
 */
async function track(client: Client) {
  const tracker = await client.trackDevices();
  const events: string[] = [];
  tracker.on('add', (d: Device) => events.push(`add ${d.id}`));
  tracker.on('remove', (d: Device) => events.push(`remove ${d.id}`));
  tracker.on('change', (d: Device) => events.push(`change ${d.id} ${d.type}`));
  tracker.on('error', (err: Error) => events.push(`error ${err.message}`));
  const current = () => (tracker as unknown as { deviceList: Device[] }).deviceList.map((d) => `${d.id} ${d.type}`);
  return { tracker, events, current };
}

describe('virtual adb server: host services', () => {
  let server: VirtualAdbServer;
  let client: Client;

  const errors: unknown[] = [];

  beforeEach(async () => {
    errors.length = 0;
    server = await startVirtualAdbServer({ devices: 2, onError: (err) => errors.push(err) });
    client = Adb.createClient({ host: server.host, port: server.port });
  });
  afterEach(async () => {
    await server.close();
    expect(errors).toEqual([]);
  });

  it('answers host:version with 41 and listens on an ephemeral port', async () => {
    expect(server.port).toBeGreaterThan(0);
    expect(server.host).toBe('127.0.0.1');
    expect(await client.version()).toBe(41);
  });

  it('lists devices (plain and -l) with adb 1.0.41 formatting', async () => {
    expect(await client.listDevices()).toEqual([
      { id: 'virtual-1', type: 'device' },
      { id: 'virtual-2', type: 'device' },
    ]);
    const [first] = await client.listDevicesWithPaths();
    // adbkit splits on whitespace and keeps the key: prefixes, as it does with the real server.
    expect(first).toMatchObject({
      id: 'virtual-1',
      type: 'device',
      path: 'usb:1-1',
      model: 'model:DeviceLab_Virtual_Phone',
      transportId: 'transport_id:1',
    });
    expect(await rawRequest(server.port, 'host:devices')).toBe('OKAY0022virtual-1\tdevice\nvirtual-2\tdevice\n');
  });

  it('reports get-state and get-serialno per serial, and fails for unknown serials', async () => {
    expect(await client.getDevice('virtual-2').getState()).toBe('device');
    expect(await rawRequest(server.port, 'host-serial:virtual-2:get-serialno')).toBe('OKAY0009virtual-2');
    expect(await client.getDevice('virtual-2').getDevicePath()).toBe('usb:2-1');
    // adbkit 3.3.9 exports its get-devpath command as GetSerialNoCommand, so getSerialNo() answers the path.
    expect(await client.getDevice('virtual-2').getSerialNo()).toBe('usb:2-1');
    await expect(client.getDevice('nope').getState()).rejects.toThrow("Failure: 'device 'nope' not found'");
    await expect(shellText(client.getDevice('nope'), 'echo hi')).rejects.toThrow("device 'nope' not found");
  });

  it('frames FAIL replies and refuses transport-any with more than one device', async () => {
    expect(await rawRequest(server.port, 'host:transport-any')).toBe('FAIL001dmore than one device/emulator');
    expect(await rawRequest(server.port, 'host:frobnicate')).toBe("FAIL0026unknown host service 'host:frobnicate'");
    expect(await rawRequest(server.port, 'host-serial:virtual-1:features')).toMatch(/^OKAY[0-9A-F]{4}shell_v2,cmd,stat_v2,ls_v2,/);
  });

  it('runs a shell command after host:transport-any on a single-device server', async () => {
    server.removeDevice('virtual-2');
    // transport-any answers OKAY, then the same connection carries the device service.
    const socket = connect(server.port, '127.0.0.1');
    socket.write(encodeValue('host:transport-any'));
    socket.write(encodeValue('shell:echo "a  b" \'$HOME\' $HOME'));
    expect((await collect(socket)).toString()).toBe('OKAYOKAYa  b $HOME /\n');
  });

  it('answers host:tport with the transport id, and runs an interactive shell line by line', async () => {
    const socket = connect(server.port, '127.0.0.1');
    socket.write(encodeValue('host:tport:serial:virtual-2'));
    socket.write(encodeValue('shell:'));
    socket.write('nosuch; echo status=$?\necho "second line"\nexit\n');
    const reply = await collect(socket);
    expect(reply.subarray(0, 4).toString()).toBe('OKAY');
    expect(reply.readBigUInt64LE(4)).toBe(2n);
    expect(reply.subarray(12).toString()).toBe('OKAY/system/bin/sh: nosuch: inaccessible or not found\nstatus=127\nsecond line\n');
  });

  it('tracks devices being added, disconnected, reconnected and removed', async () => {
    const { tracker, events, current } = await track(client);
    try {
      await until(() => current().length === 2, 'the initial list');
      expect(current()).toEqual(['virtual-1 device', 'virtual-2 device']);
      events.splice(0);

      const third = server.addDevice();
      expect(third.serial).toBe('virtual-3');
      await until(() => events.length === 1, 'add');
      server.getDevice('virtual-1')!.disconnect();
      await until(() => events.length === 2, 'disconnect');
      expect((await client.listDevices()).map((d: Device) => d.id)).toEqual(['virtual-2', 'virtual-3']);
      server.getDevice('virtual-1')!.reconnect();
      await until(() => events.length === 3, 'reconnect');
      expect(server.removeDevice('virtual-2')).toBe(true);
      await until(() => events.length === 4, 'remove');

      expect(events).toEqual(['add virtual-3', 'remove virtual-1', 'add virtual-1', 'remove virtual-2']);
      expect(current()).toEqual(['virtual-1 device', 'virtual-3 device']);
      expect(server.removeDevice('virtual-2')).toBe(false);
      expect(server.devices.map((d) => d.serial)).toEqual(['virtual-1', 'virtual-3']);
    } finally {
      tracker.end();
    }
  });

  it('disconnect() drops open connections and later transports fail', async () => {
    const device = client.getDevice('virtual-1');
    const stream = await device.shell('logcat'); // a live logcat never ends by itself
    const closed = collect(stream);
    server.getDevice('virtual-1')!.disconnect();
    await expect(closed).resolves.toEqual(Buffer.alloc(0));
    await expect(device.getProperties()).rejects.toThrow("device 'virtual-1' not found");
    expect((await client.listDevices()).map((d: Device) => d.id)).toEqual(['virtual-2']);
  });

  it('wait-for-device resolves once the device comes back', async () => {
    const device = server.getDevice('virtual-2')!;
    device.disconnect();
    const waited = client.getDevice('virtual-2').waitForDevice();
    setTimeout(() => device.reconnect(), 20);
    expect(await waited).toBe('virtual-2');
  });
});

describe('virtual adb server: device setup', () => {
  it('hosts given devices and refuses duplicate serials', async () => {
    const pixel = createVirtualDevice({ serial: 'lab-pixel', model: 'Pixel 8', androidVersion: '13', sdk: 33, abi: 'arm64-v8a' });
    const server = await startVirtualAdbServer({ devices: [pixel, { serial: 'lab-2' }] });
    try {
      const client = Adb.createClient({ host: server.host, port: server.port });
      const props = await client.getDevice('lab-pixel').getProperties();
      expect([
        props['ro.product.model'],
        props['ro.build.version.release'],
        props['ro.build.version.sdk'],
        props['ro.product.cpu.abi'],
      ]).toEqual(['Pixel 8', '13', '33', 'arm64-v8a']);
      expect(props['ro.serialno']).toBe('lab-pixel');
      expect(await shellText(client.getDevice('lab-2'), 'getprop ro.product.model')).toBe('DeviceLab Virtual Phone\n');
      expect(() => server.addDevice({ serial: 'lab-2' })).toThrow('already attached');
      expect(server.addDevice().serial).toBe('virtual-1');
    } finally {
      await server.close();
    }
  });

  it('reboot drops the device, then it comes back with apps stopped', async () => {
    const server = await startVirtualAdbServer({ devices: 1 });
    try {
      const client = Adb.createClient({ host: server.host, port: server.port });
      const { tracker, events, current } = await track(client);
      await until(() => current().length === 1, 'the initial list');
      await client.getDevice('virtual-1').reboot();
      await until(() => events.length === 2, 'offline and back');
      expect(events).toEqual(['change virtual-1 offline', 'change virtual-1 device']);
      expect(await shellText(client.getDevice('virtual-1'), 'getprop sys.boot_completed')).toBe('1\n');
      tracker.end();
    } finally {
      await server.close();
    }
  });
});
