/**
 * What a recording may be and where it is stored. Agents send MP4 (Android
 * screenrecord, iOS simctl recordVideo) or, from the virtual handset, an animated GIF;
 * the type travels as the key's extension so playback needs no extra column.
 */
const TYPES: Record<string, string> = {
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
  'image/gif': 'gif',
};

export const RECORDING_TYPES = Object.keys(TYPES);

/** The extension for an uploaded Content-Type, or null when it is not a recording format. */
export function extensionFor(contentType: string | undefined): string | null {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return TYPES[type] ?? null;
}

export function contentTypeOf(key: string): string {
  const ext = key.slice(key.lastIndexOf('.') + 1);
  return Object.entries(TYPES).find(([, e]) => e === ext)?.[0] ?? 'application/octet-stream';
}

export const isAnimatedImage = (key: string) => key.endsWith('.gif');

const prefixOf = (orgId: string, runId: string) => `recordings/${orgId}/${runId}/`;

export const recordingKey = (orgId: string, runId: string, attemptId: string, tryNumber: number, ext: string) =>
  `${prefixOf(orgId, runId)}${attemptId}-${tryNumber}.${ext}`;

/** The device log of a try, beside its recording. */
export const deviceLogKey = (orgId: string, runId: string, attemptId: string, tryNumber: number) =>
  `${prefixOf(orgId, runId)}${attemptId}-${tryNumber}.device-log.txt`;

/** Parts a recording may have (Android's screenrecord stops every 3 minutes; 100 parts are five hours). */
export const MAX_RECORDING_PARTS = 100;

/**
 * Part `n` of a recording stored under `key` (the first part's): a long recording comes
 * in consecutive parts, kept beside the first, which names them all.
 */
export const partKey = (key: string, n: number) => (n === 0 ? key : key.replace(/(\.[a-z0-9]+)$/, `.part${n}$1`));

/**
 * Whether a stored key may be played as this run's recording: the key in a verdict comes
 * from the agent, so it is only trusted when it lies under this organisation's run.
 */
export const isRecordingOf = (key: string, orgId: string, runId: string) => key.startsWith(prefixOf(orgId, runId)) && !key.includes('..');

/**
 * One `bytes=` range of a file of `size` bytes (RFC 9110 14.1.2): null when there is no
 * usable single range (serve the whole file), 'unsatisfiable' when it lies past the end
 * (or the file is empty).
 */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec((header ?? '').trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  // An empty file has no first byte, so no range of it can be satisfied (a suffix range would end at -1).
  if (size === 0) return 'unsatisfiable';
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  return end < start ? null : { start, end };
}
