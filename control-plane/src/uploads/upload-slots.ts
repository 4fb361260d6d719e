import { ApiError } from '../errors.js';

/**
 * Build uploads in progress per key on this replica (KEY_MAX_UPLOADS): one key cannot hold
 * every upload this process can take, nor fill its disk with parallel uploads. `take`
 * answers the release, to call exactly once when the upload ends, however it ends.
 */
const inProgress = new Map<string, number>();

export function takeUploadSlot(keyId: string, max: number): () => void {
  const held = inProgress.get(keyId) ?? 0;
  if (held >= max) {
    throw new ApiError(
      429,
      `this key already has ${held} uploads in progress, the most allowed at once (KEY_MAX_UPLOADS): ` + 'wait for one to finish',
    );
  }
  inProgress.set(keyId, held + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (inProgress.get(keyId) ?? 1) - 1;
    if (left === 0) inProgress.delete(keyId);
    else inProgress.set(keyId, left);
  };
}
