/**
 * The service's HTTP API as `devicelab` calls it. Transient trouble (network errors,
 * 5xx, 429) is retried with exponential backoff and full jitter, so a control plane that
 * restarts during a CI job costs a few seconds rather than the job; any other 4xx is
 * final and surfaces the service's `detail`.
 */
import { setTimeout as sleepFor } from 'node:timers/promises';
import { backoffDelay } from '../backoff.js';
import { RefusedError, UnreachableError } from './errors.js';

export interface RetryPolicy {
  /** Attempts after the first, default 6 (about a minute of waiting at most). */
  retries: number;
  baseMs: number;
  maxMs: number;
}

const DEFAULT_RETRY: RetryPolicy = { retries: 6, baseMs: 1_000, maxMs: 20_000 };

export interface ApiClientOptions {
  baseUrl: string;
  apiKey: string;
  retry?: Partial<RetryPolicy>;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
  /** Told before each retry, so the user sees why nothing happens. */
  onRetry?: (why: string, delayMs: number) => void;
}

export interface RequestOptions {
  /** JSON to send. */
  json?: unknown;
  /** Any other body; a function so that a retry gets a fresh stream. */
  body?: () => { body: BodyInit; headers?: Record<string, string> };
  /** No retry is started that would end after this time (epoch ms). */
  deadline?: number;
}

export type ApiClient = <T>(method: string, path: string, options?: RequestOptions) => Promise<T>;

/** The service's `detail`, or the start of whatever else it answered. */
async function detailOf(res: Response): Promise<string> {
  const text = await res.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { detail?: unknown };
    if (typeof body.detail === 'string') return body.detail;
  } catch {
    // not JSON (a proxy's error page): show its beginning
  }
  return text.slice(0, 300) || res.statusText || `HTTP ${res.status}`;
}

/** Retry-After in seconds (the HTTP-date form is rare from our service and its proxies). */
function retryAfterMs(res: Response): number | undefined {
  const value = Number(res.headers.get('retry-after'));
  return Number.isFinite(value) && value >= 0 ? value * 1000 : undefined;
}

const isRetryable = (status: number) => status === 429 || status >= 500;

export function createApiClient(options: ApiClientOptions): ApiClient {
  const policy = { ...DEFAULT_RETRY, ...options.retry };
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? sleepFor;
  const now = options.now ?? Date.now;

  return async function request<T>(method: string, path: string, req: RequestOptions = {}): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      const headers: Record<string, string> = { authorization: `Bearer ${options.apiKey}`, accept: 'application/json' };
      let body: BodyInit | undefined;
      if (req.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(req.json);
      } else if (req.body) {
        const made = req.body();
        body = made.body;
        Object.assign(headers, made.headers);
      }
      let why: string;
      let wait: number | undefined;
      try {
        // duplex: streamed bodies (uploads) need it; harmless for the rest.
        const res = await doFetch(options.baseUrl + path, { method, headers, body, duplex: 'half' } as RequestInit);
        if (res.ok) return (await res.json()) as T;
        const detail = await detailOf(res);
        if (!isRetryable(res.status)) throw new RefusedError(res.status, detail);
        why = `HTTP ${res.status}: ${detail}`;
        wait = res.status === 429 ? retryAfterMs(res) : undefined;
      } catch (err) {
        if (err instanceof RefusedError) throw err;
        why = networkReason(err);
      }
      const delay = Math.min(policy.maxMs, wait ?? backoffDelay(attempt, policy, options.random));
      const outOfTime = req.deadline !== undefined && now() + delay > req.deadline;
      if (attempt >= policy.retries || outOfTime) {
        throw new UnreachableError(
          `${method} ${options.baseUrl}${path} failed${attempt > 0 ? ` after ${attempt + 1} attempts` : ''}: ${why}`,
        );
      }
      options.onRetry?.(why, delay);
      await sleep(delay);
    }
  };
}

/** fetch reports "fetch failed" and hides the reason (ECONNREFUSED, ENOTFOUND …) in `cause`. */
function networkReason(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? err.message;
}
