import { createHash } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { Adb, type Client, type DeviceClient } from '@devicefarmer/adbkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVirtualAdbServer, type VirtualAdbServer } from './adb-server.js';
import { collect, shellText } from './test-support.js';

/**
 * Pushes a buffer and resolves when the device has acknowledged it (OKAY after DONE).
 * A byte stream, not Readable.from(): adbkit sizes DATA chunks with read(65536), which an
 * object-mode stream ignores, and adbd rejects chunks over 64 KiB.
 */
async function push(device: DeviceClient, data: Buffer, path: string, mode?: number): Promise<void> {
  const source = new PassThrough();
  source.end(data);
  const transfer = await device.push(source, path, mode);
  await new Promise<void>((resolve, reject) => {
    transfer.on('end', resolve);
    transfer.on('error', reject);
  });
}

async function pull(device: DeviceClient, path: string): Promise<Buffer> {
  const transfer = await device.pull(path);
  let error: Error | null = null;
  transfer.on('error', (err: Error) => (error = err));
  const data = await collect(transfer);
  // On FAIL adbkit ends the stream first and emits the error after reading the message.
  await new Promise((resolve) => setTimeout(resolve, 50));
  if (error) throw error;
  return data;
}

describe('virtual device: sync service through adbkit', () => {
  let server: VirtualAdbServer;
  let client: Client;
  let device: DeviceClient;

  beforeAll(async () => {
    server = await startVirtualAdbServer({ devices: 1 });
    client = Adb.createClient({ host: server.host, port: server.port });
    device = client.getDevice('virtual-1');
  });
  afterAll(() => server.close());

  it('round-trips binary data larger than one 64 KiB DATA chunk', async () => {
    // Every byte value, \r\n pairs included, over three DATA chunks.
    const data = Buffer.alloc(150_000);
    for (let i = 0; i < data.length; i += 1) data[i] = (i * 7 + (i >> 8)) & 0xff;
    data.write('\r\n\n\r', 1000, 'latin1');
    await push(device, data, '/sdcard/Download/blob.bin');
    const back = await pull(device, '/sdcard/Download/blob.bin');
    expect(back.length).toBe(150_000);
    expect(back.equals(data)).toBe(true);
    // The same file seen from the shell, through the /sdcard → /storage/emulated/0 link.
    const md5 = createHash('md5').update(data).digest('hex');
    expect(await shellText(device, 'md5sum /storage/emulated/0/Download/blob.bin')).toBe(`${md5}  /storage/emulated/0/Download/blob.bin\n`);
  });

  it('rejects a DATA chunk over 64 KiB, as adbd does', async () => {
    // An object-mode stream hands adbkit the whole buffer as one chunk.
    const transfer = await device.push(Readable.from([Buffer.alloc(70_000)]), '/sdcard/too-big.bin');
    const failure = new Promise<Error>((resolve) => transfer.on('error', resolve));
    expect((await failure).message).toBe("Failure: 'data chunk too large: 70000'");
    expect(await shellText(device, 'ls /sdcard/too-big.bin')).toBe('ls: /sdcard/too-big.bin: No such file or directory\n');
  });

  it('stats files with mode, size and the mtime sent with DONE', async () => {
    await push(device, Buffer.from('hello'), '/data/local/tmp/hello.txt', 0o600);
    const stats = await device.stat('/data/local/tmp/hello.txt');
    expect(stats.size).toBe(5);
    expect(stats.mode).toBe(0o100600);
    expect(stats.isFile()).toBe(true);
    expect(Math.abs(stats.mtimeMs - Date.now())).toBeLessThan(5 * 60_000);
    const dir = await device.stat('/sdcard');
    expect(dir.isDirectory()).toBe(true);
    await expect(device.stat('/sdcard/missing.txt')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('lists a directory and creates parent directories on push', async () => {
    await push(device, Buffer.from('a'), '/sdcard/Pictures/run-1/a.png');
    await push(device, Buffer.from('bb'), '/sdcard/Pictures/run-1/b.png');
    const entries = await device.readdir('/sdcard/Pictures/run-1');
    expect(entries.map((e: { name: string; size: number }) => [e.name, e.size])).toEqual([
      ['a.png', 1],
      ['b.png', 2],
    ]);
    expect(await shellText(device, 'ls /sdcard/Pictures')).toBe('run-1\n');
  });

  it('fails a pull of a missing file with the device error', async () => {
    await expect(pull(device, '/sdcard/nothing.bin')).rejects.toThrow("Failure: 'No such file or directory'");
  });

  it('refuses pushes outside the shell-writable areas', async () => {
    await expect(push(device, Buffer.from('x'), '/system/bin/evil')).rejects.toThrow("couldn't create file: Read-only file system");
    await expect(push(device, Buffer.from('x'), '/data/data/com.other/x')).rejects.toThrow('Permission denied');
  });

  it('removes pushed files with rm, as adbkit does after installing', async () => {
    await push(device, Buffer.from('tmp'), '/data/local/tmp/gone.apk');
    expect(await shellText(device, "rm -f '/data/local/tmp/gone.apk' && ls /data/local/tmp/gone.apk")).toBe(
      'ls: /data/local/tmp/gone.apk: No such file or directory\n',
    );
    expect(await shellText(device, 'rm /data/local/tmp/gone.apk')).toBe('rm: /data/local/tmp/gone.apk: No such file or directory\n');
  });
});
