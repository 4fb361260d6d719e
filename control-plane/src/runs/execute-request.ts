import { badRequest, type FieldError } from '../errors.js';
import { validationError } from '../http/validation.js';
import { ExecuteRun } from '../schemas/runs.js';

/**
 * POST /tests/execute bodies as CI clients really send them (docs/architecture.md#execute-rules):
 * keys match case-insensitively (`organisationid`, `buildid`, `testids`), `uploadId`
 * is an alias of `buildId`, other services' device and input fields and anything undocumented
 * are refused by name. The result is validated against the canonical schema.
 */

const CANONICAL: Record<string, keyof ExecuteRun> = {
  organisationid: 'organisationId',
  buildid: 'buildId',
  uploadid: 'buildId',
  build: 'build',
  bundleid: 'bundleId',
  platform: 'platform',
  testids: 'testIds',
  tags: 'tags',
  usephysicaldevice: 'usePhysicalDevice',
  tunnelname: 'tunnelName',
  trigger: 'trigger',
};

/** docs/architecture.md#execute-rules: the service picks the device itself; refused with 400 naming them. */
const UNSUPPORTED = new Set(
  [
    'deviceConfigs',
    'deviceProviderSettings',
    'launchParams',
    'testInputs',
    'tagsQuery',
    'iterations',
    'metaData',
    'stealthMode',
    'dependencyTestIds',
  ].map((k) => k.toLowerCase()),
);
const isUnsupported = (lower: string) => UNSUPPORTED.has(lower) || lower.startsWith('ephemeraltest');

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The body in canonical spelling, or an ApiError (400) saying exactly what is wrong. */
export function parseExecuteRequest(raw: unknown): ExecuteRun {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw badRequest('the body must be a JSON object');
  }
  const unsupported: string[] = [];
  const unknown: string[] = [];
  const canonical: Record<string, unknown> = {};
  const sentAs: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    const lower = key.toLowerCase();
    if (isUnsupported(lower)) {
      unsupported.push(key);
      continue;
    }
    // Own keys only: `constructor` or `__proto__` must not find Object.prototype's members.
    const name = Object.hasOwn(CANONICAL, lower) ? CANONICAL[lower] : undefined;
    if (name === undefined) {
      unknown.push(key);
      continue;
    }
    // null reads as "not sent" (CI templates often render an unset variable as null);
    // organisationId stays, so that its absence is reported as such.
    if (value === null && name !== 'organisationId') continue;
    const previous = sentAs[name];
    if (previous !== undefined && !sameValue(canonical[name], value)) {
      throw badRequest(`${previous} and ${key} name the same field with different values; send one of them`);
    }
    sentAs[name] = key;
    canonical[name] = name === 'platform' && typeof value === 'string' ? value.trim().toLowerCase() : value;
  }
  if (unsupported.length > 0 || unknown.length > 0) throw fieldsRefused(unsupported, unknown);
  const parsed = ExecuteRun.safeParse(canonical);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

function fieldsRefused(unsupported: string[], unknown: string[]) {
  const parts: string[] = [];
  const errors: FieldError[] = [];
  if (unsupported.length > 0) {
    parts.push(
      `unsupported field(s): ${unsupported.join(', ')} (the service picks the device itself; launch parameters and inputs come from each test)`,
    );
    errors.push(...unsupported.map((path) => ({ path, message: 'unsupported field' })));
  }
  if (unknown.length > 0) {
    parts.push(`unknown field(s): ${unknown.join(', ')}`);
    errors.push(...unknown.map((path) => ({ path, message: 'unknown field' })));
  }
  return badRequest(`invalid request: ${parts.join('; ')}`, errors);
}
