import { type ApiError, badRequest } from '../errors.js';

/**
 * The upload is not what its extension claims (a text file named .apk, a zip with no
 * manifest, a gzip that holds no tar...). inspect.ts turns it into a 400 that names the
 * extension, so the readers do not need to know which extension they are serving.
 */
export class ContentMismatch extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ContentMismatch';
  }
}

/** fs/OS failures (ENOSPC, EMFILE...) are our problem, never the uploader's: they must stay 500s. */
export function isSystemError(err: unknown): boolean {
  return err instanceof Error && typeof (err as NodeJS.ErrnoException).syscall === 'string';
}

/** An entry that could write outside the extraction directory, or is otherwise hostile. */
export function unsafeEntry(name: string, problem: string): ApiError {
  return badRequest(`unsafe archive entry ${quote(name)}: ${problem}`);
}

/** Quotes an untrusted name for an error message: escaped, and cut short if huge. */
export function quote(name: string): string {
  return JSON.stringify(name.length > 200 ? `${name.slice(0, 200)}…` : name);
}

export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${bytes} bytes` : `${Number(value.toFixed(1))} ${units[unit]}`;
}
