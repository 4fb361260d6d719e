/**
 * One HTTP attempt: POST the signed body, wait at most `timeoutMs` for the whole
 * exchange, and report what happened. Redirects are not followed (a 3xx is a failed
 * attempt): following one would need every hop checked against private addresses,
 * and receivers can simply register their final URL. Unless private addresses are
 * allowed, the connection resolves through publicOnlyLookup, so the address checked
 * is the address connected to.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { hostOf, isPublicAddress, publicOnlyLookup, RefusedAddress } from '../net/address-guard.js';
import type { AttemptOutcome } from './deliveries.js';

export interface SendOptions {
  timeoutMs: number;
  allowPrivate: boolean;
}

const USER_AGENT = 'DeviceLab-Webhooks/1.0';

export async function postSigned(url: string, headers: Record<string, string>, body: string, opts: SendOptions): Promise<AttemptOutcome> {
  const started = performance.now();
  const outcome = (responseStatus: number | null, error: string | null): AttemptOutcome => ({
    responseStatus,
    error,
    durationMs: performance.now() - started,
  });
  const target = new URL(url);
  const host = hostOf(target);
  // An IP literal is never looked up, so the lookup hook cannot check it.
  if (!opts.allowPrivate && isIP(host) && !isPublicAddress(host)) return outcome(null, new RefusedAddress(host, host).message);
  try {
    const status = await exchange(target, headers, body, opts);
    return outcome(status, status >= 200 && status < 300 ? null : `HTTP ${status}`);
  } catch (e) {
    return outcome(null, describe(e, opts.timeoutMs));
  }
}

function exchange(target: URL, headers: Record<string, string>, body: string, opts: SendOptions): Promise<number> {
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'user-agent': USER_AGENT },
        signal: AbortSignal.timeout(opts.timeoutMs),
        ...(opts.allowPrivate ? {} : { lookup: publicOnlyLookup }),
      },
      (res: IncomingMessage) => {
        // Only the status matters; the body is read to its end so the socket can be reused, and never kept.
        res.on('error', reject);
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.resume();
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

function describe(e: unknown, timeoutMs: number): string {
  const err = e as NodeJS.ErrnoException;
  if (err.name === 'AbortError' || err.name === 'TimeoutError') return `no answer within ${timeoutMs} ms`;
  if (err instanceof RefusedAddress) return err.message;
  return err.code ? `${err.code}: ${err.message}` : err.message;
}
