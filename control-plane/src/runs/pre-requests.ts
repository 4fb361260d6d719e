import { textProblem } from '@devicelab/shared';
import { RefusedAddress } from '../net/address-guard.js';
import { parseCurl } from '../requests/curl.js';
import { MAX_ANSWER_BYTES, sendHttp } from '../requests/http-client.js';
import type { TunnelDialer } from '../requests/tunnel-fetch.js';

/**
 * Pre-requests and teardown requests of a test in a run (docs/api.md#tests): curl command
 * lines sent by requests/http-client.ts (directly to public addresses only, unless
 * allowPrivate, or through the run's tunnel). The dispatcher calls runPreRequests before it
 * offers a job (remembered values then resolve {{references}} in the commands) and
 * runTeardown after the verdict. No database access here: values in, values out.
 */

export type ValueToRemember = string | { name: string; path: string };

export interface PreRequestSpec {
  curlCommand: string;
  /** Seconds to wait before sending. */
  delayBeforeRequest?: number;
  throughTunnel?: boolean;
  /** A dotted path into the JSON response (also the name), or `{name, path}`. */
  valuesToRemember?: ValueToRemember[];
}

export interface TeardownSpec {
  curlCommand: string;
  /** always (default), or only when the test succeeded / did not succeed. */
  runOn?: 'always' | 'success' | 'failure';
  throughTunnel?: boolean;
}

export type Values = Record<string, string>;

export interface RequestOptions {
  /** Per request, including reading the response (default 30 s). */
  timeoutMs?: number;
  /** Stops waiting and sending (a cancelled run). */
  signal?: AbortSignal;
  /** How delays are waited (tests pass a fake); default setTimeout. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The run's tunnel, for requests with throughTunnel (absent: the run names none). */
  tunnel?: TunnelDialer;
  /** REQUESTS_ALLOW_PRIVATE: requests sent directly may reach private addresses (default: refused). */
  allowPrivate?: boolean;
}

export type PreRequestsResult = { ok: true; values: Values } | { ok: false; index: number; message: string };

export type Verdict = 'succeeded' | 'failed' | 'blocked';

export const DEFAULT_TIMEOUT_MS = 30_000;
const EXCERPT_CHARS = 200;

/**
 * Runs the pre-requests in order. `values` (test inputs) resolve {{name}} in URL,
 * headers and body; each request's remembered values are available to the next
 * ones and returned with the inputs. Stops at the first failure.
 */
export async function runPreRequests(
  requests: readonly PreRequestSpec[],
  values: Values,
  options: RequestOptions = {},
): Promise<PreRequestsResult> {
  const current: Values = { ...values };
  for (const [index, spec] of requests.entries()) {
    const outcome = await send(spec, current, options, (spec.delayBeforeRequest ?? 0) * 1000);
    if (!outcome.ok) return { ok: false, index, message: outcome.message };
    const wanted = spec.valuesToRemember ?? [];
    if (wanted.length === 0) continue;
    if (outcome.truncated) {
      return {
        ok: false,
        index,
        message: `${outcome.where} answered more than ${MAX_ANSWER_BYTES / 1024 / 1024} MiB, so valuesToRemember cannot be read from it (only the first MiB is read)`,
      };
    }
    const remembered = remember(outcome.where, outcome.body, wanted);
    if (!remembered.ok) return { ok: false, index, message: remembered.message };
    Object.assign(current, remembered.values);
  }
  return { ok: true, values: current };
}

/**
 * Runs the teardown requests that apply to the verdict: `success` only after
 * `succeeded`, `failure` after `failed` or `blocked`, `always` (the default) after
 * any. Each runs even when an earlier one failed. Returns the failures as messages
 * (`teardown request <n>: ...`, n counted from 1); never throws.
 */
export async function runTeardown(
  requests: readonly TeardownSpec[],
  verdict: Verdict,
  values: Values,
  options: RequestOptions = {},
): Promise<string[]> {
  const errors: string[] = [];
  for (const [index, spec] of requests.entries()) {
    const runOn = spec.runOn ?? 'always';
    if ((runOn === 'success' && verdict !== 'succeeded') || (runOn === 'failure' && verdict === 'succeeded')) continue;
    try {
      const outcome = await send(spec, values, options, 0);
      if (!outcome.ok) errors.push(`teardown request ${index + 1}: ${outcome.message}`);
    } catch (e) {
      errors.push(`teardown request ${index + 1}: ${(e as Error).message}`);
    }
  }
  return errors;
}

/** `{{name}}` (spaces allowed inside the braces) replaced by its value; unknown names are left as written. */
export function substitute(text: string, values: Values): string {
  return text.replace(/\{\{\s*([^{}\s]+)\s*\}\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? values[name]! : whole));
}

type Sent = { ok: true; body: string; truncated: boolean; where: string } | { ok: false; message: string };

/** Sends one request; failure messages name it by method and URL (without its query string). */
async function send(
  spec: { curlCommand: string; throughTunnel?: boolean },
  values: Values,
  options: RequestOptions,
  delayMs: number,
): Promise<Sent> {
  if (spec.throughTunnel && !options.tunnel) {
    return { ok: false, message: 'the request needs a tunnel (throughTunnel: true), and the run names none (tunnelName)' };
  }
  const parsed = parseCurl(spec.curlCommand, (text) => substitute(text, values));
  if (!parsed.ok) return { ok: false, message: `invalid curl command: ${parsed.error}` };
  const request = parsed.request;
  const where = `${request.method} ${describeUrl(request.url)}${spec.throughTunnel ? ` through tunnel "${options.tunnel!.name}"` : ''}`;
  if (options.signal?.aborted) return { ok: false, message: `${where} was not sent: ${reasonOf(options.signal)}` };
  if (delayMs > 0) {
    try {
      await (options.sleep ?? sleep)(delayMs, options.signal);
    } catch {
      return { ok: false, message: `${where} was not sent: ${reasonOf(options.signal)}` };
    }
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  try {
    const res = await sendHttp(
      { ...request, signal },
      spec.throughTunnel ? { tunnel: options.tunnel! } : { allowPrivate: options.allowPrivate ?? false },
    );
    if (res.status < 200 || res.status > 299) {
      const hint =
        res.status >= 300 && res.status < 400 && !request.followRedirects ? ' (redirects are followed only with -L, as curl does)' : '';
      return { ok: false, message: `${where} answered HTTP ${res.status}${hint}${excerpt(res.body)}` };
    }
    return { ok: true, body: res.body, truncated: res.truncated, where };
  } catch (e) {
    if (timeout.aborted) return { ok: false, message: `${where} timed out after ${timeoutMs / 1000} s` };
    if (options.signal?.aborted) return { ok: false, message: `${where} was stopped: ${reasonOf(options.signal)}` };
    if (e instanceof RefusedAddress) {
      return {
        ok: false,
        message:
          `${where} was not sent: ${e.host === e.address ? e.host : `${e.host} resolves to ${e.address}`}, a private, loopback or otherwise non-public address. ` +
          'Internal hosts are reached through a tunnel (throughTunnel: true); an operator can allow private addresses with REQUESTS_ALLOW_PRIVATE=1',
      };
    }
    return { ok: false, message: `${where} failed: ${networkError(e)}` };
  }
}

/** Values named by valuesToRemember from a JSON response; a path not in it is a failure naming it. */
function remember(
  where: string,
  body: string,
  wanted: readonly ValueToRemember[],
): { ok: true; values: Values } | { ok: false; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, message: `${where} answered, but not with JSON, so valuesToRemember cannot be read from it${excerpt(body)}` };
  }
  const values: Values = {};
  for (const item of wanted) {
    const { name, path } = typeof item === 'string' ? { name: item, path: item } : item;
    const value = valueAt(json, path);
    if (value === undefined || value === null) {
      return {
        ok: false,
        message: `${where}: valuesToRemember "${path}" is ${value === null ? 'null' : 'not'} in the response${excerpt(body)}`,
      };
    }
    // Remembered values are stored with the attempt (jsonb), which takes neither NUL nor a lone surrogate.
    if (typeof value === 'string' && (value.includes('\u0000') || textProblem(value) !== null)) {
      return {
        ok: false,
        message: `${where}: valuesToRemember "${path}" holds a NUL character or an unpaired UTF-16 surrogate, which cannot be kept`,
      };
    }
    values[name] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return { ok: true, values };
}

/** `data.items.0.id` or `data.items[0].id`. */
export function valueAt(json: unknown, path: string): unknown {
  let node: unknown = json;
  for (const part of path
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((p) => p !== '')) {
    if (node === null || typeof node !== 'object') return undefined;
    if (Array.isArray(node) && !/^\d+$/.test(part)) return undefined; // JSON data only: no `.length`
    if (!Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

const excerpt = (body: string) => {
  const flat = body.replace(/\s+/g, ' ').trim();
  if (flat === '') return '';
  return `: ${flat.length > EXCERPT_CHARS ? `${flat.slice(0, EXCERPT_CHARS)}…` : flat}`;
};

/** Scheme, host and path only: query strings often carry secrets and end up in run results. */
function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return url.split('?')[0]!;
  }
}

function networkError(e: unknown): string {
  const err = e as Error & { cause?: { code?: string; message?: string } };
  const cause = err.cause;
  if (cause?.code) return `${cause.code}${cause.message ? ` (${cause.message})` : ''}`;
  return cause?.message ?? err.message ?? String(e);
}

const reasonOf = (signal: AbortSignal | undefined) => {
  const reason: unknown = signal?.reason;
  return reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : 'cancelled';
};

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
