/**
 * `devicelab run`'s flags and environment, checked and turned into a plan before
 * anything is sent: every mistake here is a usage error (exit 2).
 */
import type { Platform } from '@devicelab/shared';
import { UsageError } from './errors.js';

export type { Platform };

/** What commander hands over: strings as typed, lists as repeated. */
export interface RawRunOptions {
  url?: string;
  apiKey?: string;
  build?: string;
  buildId?: string;
  buildName?: string;
  platform?: string;
  tags?: string[];
  testIds?: string[];
  physical?: boolean;
  tunnelName?: string;
  tunnelWait?: string;
  trigger?: string;
  async?: boolean;
  timeout?: string;
  junit?: string;
  summary?: string;
}

export type AppChoice =
  | { kind: 'file'; path: string; name?: string; platform?: Platform }
  | { kind: 'id'; buildId: string }
  | { kind: 'name'; name: string; platform?: Platform };

export interface RunPlan {
  url: string;
  apiKey: string;
  app: AppChoice;
  testIds: string[];
  tags: string[];
  physical?: boolean;
  tunnelName?: string;
  /** With tunnelName: how long to wait for the tunnel to connect before starting the run. */
  tunnelWaitMs: number;
  trigger: string;
  async: boolean;
  timeoutMs: number;
  junit?: string;
  summary?: string;
}

export const DEFAULT_TIMEOUT = '60m';
export const DEFAULT_TUNNEL_WAIT = '2m';

/** `--url`: http(s) only, no trailing slash, so paths can be appended. */
export function serviceUrl(given: string | undefined): string {
  if (!given) throw new UsageError('the service URL is missing: pass --url URL or set DEVICELAB_URL');
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    throw new UsageError(`--url must be an http(s) URL, got ${JSON.stringify(given)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(`--url must be an http(s) URL, got ${JSON.stringify(given)}`);
  return given.replace(/\/+$/, '');
}

export function apiKey(given: string | undefined): string {
  // The key itself is never echoed: only where it was expected.
  if (!given || given.trim() === '') throw new UsageError('the API key is missing: set DEVICELAB_API_KEY (or pass --api-key)');
  return given.trim();
}

/** `90s`, `45m`, `2h`, or a bare number of minutes. */
export function durationMs(given: string, flag = '--timeout'): number {
  const m = /^(\d+(?:\.\d+)?)\s*(s|m|h)?$/.exec(given.trim());
  const n = m ? Number(m[1]) : NaN;
  if (!m || !(n > 0)) throw new UsageError(`${flag} must be a duration such as 90s, 45m or 2h, got ${JSON.stringify(given)}`);
  const unit = { s: 1_000, m: 60_000, h: 3_600_000 }[(m[2] ?? 'm') as 's' | 'm' | 'h'];
  return Math.round(n * unit);
}

export function platform(given: string | undefined): Platform | undefined {
  if (given === undefined) return undefined;
  if (given !== 'android' && given !== 'ios') throw new UsageError(`--platform must be android or ios, got ${JSON.stringify(given)}`);
  return given;
}

/** Repeated and comma-separated (`--tags a,b --tags c`) come to the same list, without blanks or repeats. */
export function list(values: readonly string[] | undefined): string[] {
  const items = (values ?? [])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
  return [...new Set(items)];
}

function appChoice(raw: RawRunOptions): AppChoice {
  const given = [raw.build !== undefined && '--build', raw.buildId !== undefined && '--build-id'].filter(Boolean);
  if (given.length > 1) throw new UsageError('pass only one of --build FILE and --build-id ID');
  const p = platform(raw.platform);
  if (raw.build !== undefined) {
    if (raw.build.trim() === '') throw new UsageError('--build needs a file');
    // With --build, --build-name names the upload (so later runs can pick it by name).
    return { kind: 'file', path: raw.build, ...(raw.buildName ? { name: raw.buildName } : {}), ...(p ? { platform: p } : {}) };
  }
  if (raw.buildId !== undefined) {
    if (raw.buildName !== undefined) throw new UsageError('pass only one of --build-id and --build-name');
    if (p) throw new UsageError('--platform goes with --build-name or --build; a build id already has its platform');
    if (raw.buildId.trim() === '') throw new UsageError('--build-id must not be empty');
    return { kind: 'id', buildId: raw.buildId.trim() };
  }
  if (raw.buildName !== undefined) {
    if (raw.buildName.trim() === '') throw new UsageError('--build-name must not be empty');
    return { kind: 'name', name: raw.buildName.trim(), ...(p ? { platform: p } : {}) };
  }
  throw new UsageError('which app? pass --build FILE, --build-id ID or --build-name NAME');
}

export function runPlan(raw: RawRunOptions): RunPlan {
  const app = appChoice(raw);
  const testIds = list(raw.testIds);
  const tags = list(raw.tags);
  if (testIds.length === 0 && tags.length === 0) throw new UsageError('which tests? pass --tags, --test-ids or both');
  if (raw.tunnelName !== undefined && raw.tunnelName.trim() === '') throw new UsageError('--tunnel-name must not be empty');
  const trigger = (raw.trigger ?? 'ci').trim();
  if (trigger === '') throw new UsageError('--trigger must not be empty');
  return {
    url: serviceUrl(raw.url),
    apiKey: apiKey(raw.apiKey),
    app,
    testIds,
    tags,
    ...(raw.physical !== undefined ? { physical: raw.physical } : {}),
    ...(raw.tunnelName ? { tunnelName: raw.tunnelName.trim() } : {}),
    tunnelWaitMs: durationMs(raw.tunnelWait ?? DEFAULT_TUNNEL_WAIT, '--tunnel-wait'),
    trigger,
    async: raw.async ?? false,
    timeoutMs: durationMs(raw.timeout ?? DEFAULT_TIMEOUT),
    ...(raw.junit ? { junit: raw.junit } : {}),
    ...(raw.summary ? { summary: raw.summary } : {}),
  };
}
