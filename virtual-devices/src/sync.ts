/**
 * adbd's file sync service ("sync:", AOSP SYNC.TXT / file_sync_service.cpp). Every
 * request is a 4-byte id and a little-endian u32 (a length or a value):
 *   STAT path      → "STAT" mode size mtime (all 0 when missing)
 *   STA2/LST2 path → "STA2" + 68-byte stat (error, dev, ino, mode, nlink, uid, gid, size, atime, mtime, ctime)
 *   LIS2 path      → "DNT2" + that stat + namelen + name ..., then "DONE" + 72 zero bytes (ls_v2)
 *   LIST path      → "DENT" mode size mtime namelen name ..., then "DONE" + 16 zero bytes
 *   SEND "path,mode", then DATA len bytes (≤ 64 KiB each) ..., DONE mtime → "OKAY" + 0, or "FAIL" len msg
 *   RECV path      → DATA len bytes ..., "DONE" + 0, or "FAIL" len msg
 *   QUIT           → closes
 */
import type { Duplex } from 'node:stream';
import type { SocketReader } from './adb-protocol.js';
import { S_IFREG, type VirtualFileSystem } from './virtual-fs.js';

export const SYNC_DATA_MAX = 64 * 1024;
/** Pushes past this fail like a full device, instead of exhausting the test machine. */
export const SYNC_PUSH_MAX = 256 * 1024 * 1024;
const ENOENT = 2;

function message(id: string, value: number, payload?: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.write(id, 0, 'ascii');
  header.writeUInt32LE(value >>> 0, 4);
  return payload ? Buffer.concat([header, payload]) : header;
}

function syncFail(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  return message('FAIL', bytes.length, bytes);
}

function u32s(...values: number[]): Buffer {
  const b = Buffer.alloc(4 * values.length);
  for (const [i, v] of values.entries()) b.writeUInt32LE(v >>> 0, 4 * i);
  return b;
}

/** Serves sync requests until QUIT or end of stream. */
export async function runSyncSession(
  reader: SocketReader,
  socket: Duplex,
  fs: VirtualFileSystem,
  full: (path: string) => boolean = () => false,
): Promise<void> {
  for (;;) {
    if (reader.isEnded) return;
    const header = await reader.read(8);
    const id = header.toString('ascii', 0, 4);
    const length = header.readUInt32LE(4);
    if (id === 'QUIT') return void socket.end();
    if (length > 4096 && id !== 'DATA') {
      socket.end(syncFail(`path too long: ${length}`));
      return;
    }
    const arg = (await reader.read(length)).toString('utf8');
    switch (id) {
      case 'STAT': {
        const st = fs.stat(arg);
        socket.write(Buffer.concat([Buffer.from('STAT'), u32s(st?.mode ?? 0, st?.size ?? 0, st?.mtime ?? 0)]));
        break;
      }
      case 'STA2':
      case 'LST2':
        socket.write(Buffer.concat([Buffer.from(id), stat2(fs, arg)]));
        break;
      case 'LIS2':
        for (const e of fs.list(arg) ?? []) {
          const name = Buffer.from(e.name, 'utf8');
          const dent = Buffer.alloc(72);
          stat2Into(dent, 0, e.stat);
          dent.writeUInt32LE(name.length, 68);
          socket.write(Buffer.concat([Buffer.from('DNT2'), dent, name]));
        }
        socket.write(Buffer.concat([Buffer.from('DONE'), Buffer.alloc(72)]));
        break;
      case 'LIST':
        for (const e of fs.list(arg) ?? []) {
          const name = Buffer.from(e.name, 'utf8');
          socket.write(Buffer.concat([Buffer.from('DENT'), u32s(e.stat.mode, e.stat.size, e.stat.mtime, name.length), name]));
        }
        socket.write(Buffer.concat([Buffer.from('DONE'), Buffer.alloc(16)]));
        break;
      case 'SEND': {
        const { reply, fatal } = await receiveFile(reader, fs, arg, full);
        if (fatal) return void socket.end(reply); // the byte stream is out of step: give up, as adbd does
        socket.write(reply);
        break;
      }
      case 'RECV':
        sendFile(socket, fs, arg);
        break;
      default:
        socket.end(syncFail(`unknown sync command '${id}'`));
        return;
    }
  }
}

function stat2(fs: VirtualFileSystem, path: string): Buffer {
  const st = fs.stat(path);
  const b = Buffer.alloc(68);
  if (!st) {
    b.writeUInt32LE(ENOENT, 0);
    return b;
  }
  stat2Into(b, 0, st);
  return b;
}

/** sync_stat_v2 after its id (also the start of sync_dent_v2): error, dev, ino, mode, nlink, uid, gid, size, atime, mtime, ctime. */
function stat2Into(b: Buffer, at: number, st: { mode: number; size: number; mtime: number }): void {
  b.writeUInt32LE(st.mode, at + 20);
  b.writeUInt32LE(1, at + 24); // nlink
  b.writeUInt32LE(2000, at + 28); // uid: shell
  b.writeUInt32LE(2000, at + 32); // gid
  b.writeBigUInt64LE(BigInt(st.size), at + 36);
  for (const t of [44, 52, 60]) b.writeBigUInt64LE(BigInt(st.mtime), at + t);
}

/** Reads DATA chunks up to DONE (always, so the stream stays in step), then stores the file. */
async function receiveFile(
  reader: SocketReader,
  fs: VirtualFileSystem,
  spec: string,
  full: (path: string) => boolean,
): Promise<{ reply: Buffer; fatal: boolean }> {
  const comma = spec.lastIndexOf(',');
  const path = comma >= 0 ? spec.slice(0, comma) : spec;
  // A full partition: the data is still read to DONE (the stream stays in step), then refused as adbd refuses it.
  let error: string | null = full(path) ? `write failed: No space left on device` : null;
  const mode = comma >= 0 ? Number.parseInt(spec.slice(comma + 1), 10) : S_IFREG | 0o644;
  const chunks: Buffer[] = [];
  let size = 0;
  for (;;) {
    const header = await reader.read(8);
    const id = header.toString('ascii', 0, 4);
    const value = header.readUInt32LE(4);
    if (id === 'DONE') {
      if (error) return { reply: syncFail(error), fatal: false };
      const written = fs.writeFile(path, Buffer.concat(chunks, size), { mode: Number.isNaN(mode) ? 0o644 : mode, mtime: value });
      return { reply: written.ok ? message('OKAY', 0) : syncFail(`couldn't create file: ${written.error}`), fatal: false };
    }
    if (id !== 'DATA') return { reply: syncFail(`invalid data message '${id}'`), fatal: true };
    if (value > SYNC_DATA_MAX) return { reply: syncFail(`data chunk too large: ${value}`), fatal: true };
    const data = await reader.read(value);
    size += data.length;
    if (size > SYNC_PUSH_MAX) error = 'No space left on device';
    else if (!error) chunks.push(data);
  }
}

function sendFile(socket: Duplex, fs: VirtualFileSystem, path: string): void {
  const st = fs.stat(path);
  if (st?.isDirectory) return void socket.write(syncFail('Is a directory'));
  const data = fs.readFile(path);
  if (!data) return void socket.write(syncFail('No such file or directory'));
  for (let at = 0; at < data.length; at += SYNC_DATA_MAX) {
    const chunk = data.subarray(at, at + SYNC_DATA_MAX);
    socket.write(message('DATA', chunk.length, chunk));
  }
  socket.write(message('DONE', 0));
}
