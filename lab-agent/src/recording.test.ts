import { describe, expect, it } from 'vitest';
import type { DeviceDriver } from './devices/driver.js';
import { JobRecording, recordingType } from './recording.js';

const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(20), Buffer.from([0x3b])]);

function driver(bytes: Buffer | Buffer[] | Error, startFails = false) {
  const calls: string[] = [];
  const d = {
    serial: 'emulator-5554',
    async startRecording() {
      calls.push('start');
      if (startFails) throw new Error('screenrecord: not found');
    },
    async stopRecording() {
      calls.push('stop');
      if (bytes instanceof Error) throw bytes;
      return bytes;
    },
  } as unknown as DeviceDriver;
  return { d, calls };
}

function uploads(answer: (init: RequestInit) => Response) {
  const seen: Array<{ url: string; init: RequestInit }> = [];
  const fetch = (async (url: string, init: RequestInit) => {
    seen.push({ url, init });
    return answer(init);
  }) as unknown as typeof globalThis.fetch;
  return { fetch, seen };
}

describe('job recordings', () => {
  it('recognises recordings by their signature', () => {
    expect(recordingType(GIF)).toBe('image/gif');
    expect(recordingType(Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.alloc(12)]))).toBe('video/mp4');
    expect(recordingType(Buffer.from('not a video at all'))).toBeNull();
    expect(recordingType(Buffer.alloc(0))).toBeNull();
  });

  it('uploads the stopped recording with the agent token and answers its key', async () => {
    const { d } = driver(GIF);
    const { fetch, seen } = uploads(() => Response.json({ recordingKey: 'recordings/org_a/run_b/att_c-1.gif' }));
    const rec = new JobRecording('att_c.1', d, 'http://cp/agent/recordings/att_c.1', { token: 'dl_agent_x', fetch });
    await rec.start();
    expect(await rec.finish()).toBe('recordings/org_a/run_b/att_c-1.gif');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.init.method).toBe('PUT');
    expect(seen[0]!.init.headers).toMatchObject({ authorization: 'Bearer dl_agent_x', 'content-type': 'image/gif' });
  });

  it('uploads a recording in parts part by part and names it by the first', async () => {
    const { d } = driver([GIF, GIF, GIF]);
    const { fetch, seen } = uploads(() => Response.json({ recordingKey: `key-${seen.length}` }));
    const rec = new JobRecording('att_c.1', d, 'http://cp/agent/recordings/att_c.1', { token: 't', fetch });
    await rec.start();
    expect(await rec.finish()).toBe('key-1');
    expect(seen.map((s) => s.url)).toEqual([
      'http://cp/agent/recordings/att_c.1',
      'http://cp/agent/recordings/att_c.1?part=1',
      'http://cp/agent/recordings/att_c.1?part=2',
    ]);
  });

  it('ends as null, never an error, when recording or uploading fails', async () => {
    const refused = uploads(() => Response.json({ detail: 'job held by this agent not found' }, { status: 404 }));
    const lines: string[] = [];
    const log = (l: string) => lines.push(l);
    const failedUpload = new JobRecording('j.1', driver(GIF).d, 'http://cp/u', { token: 't', fetch: refused.fetch, log });
    await failedUpload.start();
    expect(await failedUpload.finish()).toBeNull();
    expect(lines.join('\n')).toContain('404');

    const notStarted = driver(GIF, true);
    const neverStarted = new JobRecording('j.2', notStarted.d, 'http://cp/u', { token: 't', fetch: refused.fetch, log });
    await neverStarted.start();
    expect(await neverStarted.finish()).toBeNull();
    expect(notStarted.calls).toEqual(['start']);

    const garbage = new JobRecording('j.3', driver(Buffer.from('junk')).d, 'http://cp/u', { token: 't', fetch: refused.fetch, log });
    await garbage.start();
    expect(await garbage.finish()).toBeNull();
    expect(refused.seen).toHaveLength(1); // junk is never uploaded

    const broken = new JobRecording('j.4', driver(new Error('device gone')).d, 'http://cp/u', { token: 't', fetch: refused.fetch, log });
    await broken.start();
    expect(await broken.finish()).toBeNull();
  });
});
