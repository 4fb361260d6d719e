import { describe, expect, it } from 'vitest';
import { ArtifactUploads, UploadRefused, withRetries } from './artifact-uploads.js';

/** An upload that runs until `finish(i)`; `started` lists the ones that began. */
function uploads(n: number) {
  const started: number[] = [];
  const finishers: Array<() => void> = [];
  const tasks = Array.from({ length: n }, (_, i) => async () => {
    started.push(i);
    await new Promise<void>((resolve) => (finishers[i] = resolve));
  });
  return { started, tasks, finish: (i: number) => finishers[i]!() };
}
const settle = () => new Promise((r) => setImmediate(r));

describe('uploads after verdicts', () => {
  it('start once their device is into its next test, at most two at a time, and drain', async () => {
    const queue = new ArtifactUploads({ maxInFlight: 2 });
    const { started, tasks, finish } = uploads(3);
    for (const [i, task] of tasks.entries()) queue.add(`device-${i}`, task);
    await settle();
    expect(started).toEqual([]); // every device is still between its tests
    for (const i of [0, 1, 2]) queue.stepsStarted(`device-${i}`);
    await settle();
    expect(started).toEqual([0, 1]);
    expect(queue.pending).toBe(3);
    finish(1);
    await settle();
    expect(started).toEqual([0, 1, 2]);
    finish(0);
    finish(2);
    expect(await queue.drain(5000)).toBe(0);
  });

  it('hold a device for its next test until its artifacts are off it', async () => {
    const queue = new ArtifactUploads();
    let off!: () => void;
    queue.holdDevice('d', new Promise<void>((resolve) => (off = resolve)));
    let ready = false;
    void queue.deviceReady('d').then(() => (ready = true));
    await settle();
    expect(ready).toBe(false);
    off();
    await settle();
    expect(ready).toBe(true);
  });

  it('are retried after a failure but not after a refusal', async () => {
    let calls = 0;
    await expect(withRetries(async () => (++calls < 3 ? Promise.reject(new Error('reset')) : 'key'), [0, 0])).resolves.toBe('key');
    expect(calls).toBe(3);
    calls = 0;
    await expect(withRetries(async () => (++calls, Promise.reject(new UploadRefused('404'))), [0, 0])).rejects.toThrow('404');
    expect(calls).toBe(1);
  });
});
