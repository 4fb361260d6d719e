/**
 * Sanity rules for the values we lift out of a build. The package name / bundle id is
 * later passed to `adb` and `xcrun simctl` on lab machines and used in storage keys, so
 * it is held to the characters both platforms allow in practice.
 */
import { badRequest } from '../errors.js';
import { quote } from './build-errors.js';

const IDENTIFIER = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/;
const MAX_IDENTIFIER_LENGTH = 255;
const MAX_TEXT_LENGTH = 1024;

/** Throws 400 unless `value` looks like `com.example.app`. `what` names it in the message. */
export function checkIdentifier(value: string, what: string): void {
  if (value.length > MAX_IDENTIFIER_LENGTH) throw badRequest(`${what} is longer than ${MAX_IDENTIFIER_LENGTH} characters`);
  if (!IDENTIFIER.test(value)) {
    throw badRequest(`${what} is ${quote(value)}; only letters, digits, "_", "-" and "." separating non-empty parts are allowed`);
  }
}

/** Version strings and labels are free text, but not megabytes of it. */
export function checkText(value: string | null, what: string): string | null {
  if (value !== null && value.length > MAX_TEXT_LENGTH) throw badRequest(`${what} is longer than ${MAX_TEXT_LENGTH} characters`);
  return value;
}
