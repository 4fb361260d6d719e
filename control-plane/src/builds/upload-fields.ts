import { type Platform, parseJsonText } from '@devicelab/shared';
import { badRequest } from '../errors.js';
import { BUILD_NAME_CHARS } from '../schemas/builds.js';

/** The text parts of POST /uploadBuild, each refused with a 400 that names it. */

type Json = Record<string, unknown>;

/** Same bound as metadata: provenance is a handful of short strings. */
const MAX_JSON_PART_BYTES = 16 * 1024;

export function parsePlatform(value: string | undefined): Platform | undefined {
  if (value === undefined || value === '') return undefined;
  const platform = value.trim().toLowerCase();
  if (platform !== 'android' && platform !== 'ios') throw badRequest('platform must be "android" or "ios"');
  return platform;
}

export function parseMetadata(value: string | undefined): Json {
  const meta = jsonObjectPart('metadata', value, '{"name":"nightly"}') ?? {};
  const name = meta.name;
  if (name !== undefined && (typeof name !== 'string' || name.length === 0 || name.length > BUILD_NAME_CHARS)) {
    throw badRequest(`invalid metadata: metadata.name must be a string of 1 to ${BUILD_NAME_CHARS} characters`);
  }
  return meta;
}

/**
 * The `ci` part (issue 15): stored as sent, since CI clients name its fields
 * differently; only its shape is checked. null when absent or blank.
 */
export function parseCi(value: string | undefined): Json | null {
  return jsonObjectPart('ci', value, '{"provider":"github","repository":"acme/shop","sha":"3f2c9e1"}');
}

function jsonObjectPart(part: string, value: string | undefined, example: string): Json | null {
  if (value === undefined || value.trim() === '') return null;
  const read = parseJsonText(value);
  if (!read.ok) {
    const why = read.error.startsWith('malformed JSON') ? '' : ` (${read.error})`;
    throw badRequest(`${part} must be a JSON object given as a string, e.g. ${example}${why}`);
  }
  const parsed = read.value;
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw badRequest(`invalid ${part}: expected a JSON object, e.g. ${example}`);
  }
  if (Buffer.byteLength(JSON.stringify(parsed)) > MAX_JSON_PART_BYTES) {
    throw badRequest(`invalid ${part}: ${part} is larger than 16 KiB`);
  }
  return parsed as Json;
}
