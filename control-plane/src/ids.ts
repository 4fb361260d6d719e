import { customAlphabet } from 'nanoid';

const alphanumeric = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const random = customAlphabet(alphanumeric, 16);

/** Prefixed random ids, readable in logs (docs/architecture.md#keys-and-ids). */
export const newId = (prefix: 'org' | 'fld' | 'tst' | 'bld' | 'run' | 'ses' | 'rep' | 'whk') => `${prefix}_${random()}`;

/** Random [A-Za-z0-9] string of the given length. */
export const randomToken = (length: number) => customAlphabet(alphanumeric, length)();
