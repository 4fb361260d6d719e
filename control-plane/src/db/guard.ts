import { badRequest } from '../errors.js';

/**
 * PostgreSQL cannot store NUL characters in text or jsonb, yet "\u0000" is valid
 * JSON and a valid query string. Checking every parameter here, once for both
 * backends, turns what would be a driver error (a 500) into a clear 400.
 */
export function assertStorable(params: readonly unknown[]): void {
  for (const p of params) if (containsNul(p)) throw badRequest('text must not contain NUL (\\u0000) characters');
}

function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value !== null && typeof value === 'object' && !(value instanceof Date) && !Buffer.isBuffer(value)) {
    return Object.entries(value).some(([k, v]) => containsNul(k) || containsNul(v));
  }
  return false;
}
