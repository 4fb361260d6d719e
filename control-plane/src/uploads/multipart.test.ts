import fs, { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { receiveMultipart } from './multipart.js';

const dir = mkdtempSync(join(tmpdir(), 'devicelab-multipart-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const boundary = 'test-boundary';
const contentType = `multipart/form-data; boundary=${boundary}`;
const filePart = `--${boundary}\r\nContent-Disposition: form-data; name="build"; filename="a.apk"\r\n\r\n`;
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('receiveMultipart', () => {
  it('leaves no scratch file behind when the form is cut off while the file is still being opened', async () => {
    // A slow disk (or a loaded machine): the scratch file's writer opens its file late. A form
    // cut off meanwhile used to be answered, and its file removed, before the writer had
    // created it, which it then did. fs.WriteStream opens through the fs module's own `open`.
    const open = fs.open;
    const slowOpen = (...args: unknown[]) => setTimeout(() => (open as (...a: unknown[]) => void)(...args), 30);
    Object.assign(fs, { open: slowOpen });
    try {
      const scratchPath = join(dir, 'upload-cut-off');
      const body = new PassThrough();
      const received = receiveMultipart(body, contentType, { fileField: 'build', scratchPath, maxFileBytes: 1024 * 1024 });
      body.end(`${filePart}PK, cut off without the closing boundary`);
      await expect(received).rejects.toMatchObject({ status: 400 });
      await new Promise((resolve) => setTimeout(resolve, 100)); // the slow open is long done by then
      expect(existsSync(scratchPath)).toBe(false);
    } finally {
      Object.assign(fs, { open });
    }
  });

  it('removes the scratch file of a refused upload that was written (a second file part)', async () => {
    const scratchPath = join(dir, 'upload-refused');
    const body = new PassThrough();
    const received = receiveMultipart(body, contentType, { fileField: 'build', scratchPath, maxFileBytes: 1024 * 1024 });
    body.end(`${filePart}PK\r\n${filePart.replace('"build"', '"other"')}x\r\n--${boundary}--\r\n`);
    await expect(received).rejects.toMatchObject({ status: 400 });
    await settle();
    expect(existsSync(scratchPath)).toBe(false);
  });

  it('keeps the file of a whole upload, with its size and hash', async () => {
    const scratchPath = join(dir, 'upload-whole');
    const body = new PassThrough();
    const received = receiveMultipart(body, contentType, { fileField: 'build', scratchPath, maxFileBytes: 1024 * 1024 });
    body.end(`--${boundary}\r\nContent-Disposition: form-data; name="platform"\r\n\r\nandroid\r\n${filePart}PK\r\n--${boundary}--\r\n`);
    const { fields, file } = await received;
    expect(fields).toEqual({ platform: 'android' });
    expect(file).toMatchObject({ fieldName: 'build', fileName: 'a.apk', size: 2 });
    expect(existsSync(scratchPath)).toBe(true);
  });
});
