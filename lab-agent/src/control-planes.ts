/**
 * The control planes an agent may talk to: one URL, or several replicas over one database
 * (`--control-plane URL1,URL2`). The connection walks them round robin when the current
 * one drops or refuses, and, while it waits to reconnect, asks their /healthz so that it
 * comes back as soon as one answers instead of sleeping out a grown backoff.
 */

export interface ControlPlaneEndpoint {
  /** The URL as given, without any user:password@ part: for log lines. */
  url: string;
  /** `ws(s)://…/agent/connect`. */
  socketUrl: string;
  /** `http(s)://…/healthz`. */
  healthUrl: string;
  /** `ws(s)://…/agent/tunnel`: a tunnelled test's relay (tunnel/relay-client.ts). */
  relayUrl: string;
}

/** `http://host:3000/base` → `ws://host:3000/base/agent/connect`. */
export function agentSocketUrl(controlPlaneUrl: string): string {
  return endpointUrl(controlPlaneUrl, 'agent/connect', { 'http:': 'ws:', 'https:': 'wss:' });
}

/** `http://host:3000/base` → `ws://host:3000/base/agent/tunnel`. */
export function tunnelRelayUrl(controlPlaneUrl: string): string {
  return endpointUrl(controlPlaneUrl, 'agent/tunnel', { 'http:': 'ws:', 'https:': 'wss:' });
}

/** `ws://host:3000/base` → `http://host:3000/base/healthz`. */
export function healthUrl(controlPlaneUrl: string): string {
  return endpointUrl(controlPlaneUrl, 'healthz', { 'ws:': 'http:', 'wss:': 'https:' });
}

function endpointUrl(controlPlaneUrl: string, path: string, schemes: Record<string, string>): string {
  const url = new URL(controlPlaneUrl);
  if (!['http:', 'https:', 'ws:', 'wss:'].includes(url.protocol)) throw new Error(`Unsupported control plane URL scheme: ${url.protocol}`);
  url.protocol = schemes[url.protocol] ?? url.protocol;
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/${path}`;
  url.search = '';
  url.hash = '';
  return url.toString();
}

/** "URL1, URL2" or a list → endpoints, in order, without duplicates; throws on an empty or invalid list. */
export function controlPlaneEndpoints(urls: string | readonly string[]): ControlPlaneEndpoint[] {
  const list = (typeof urls === 'string' ? urls.split(',') : urls).map((u) => u.trim()).filter((u) => u !== '');
  if (list.length === 0) throw new Error('no control plane URL given');
  return [...new Set(list)].map((url) => ({
    url: withoutCredentials(url),
    socketUrl: agentSocketUrl(url),
    healthUrl: healthUrl(url),
    relayUrl: tunnelRelayUrl(url),
  }));
}

/** `https://user:secret@host/x` → `https://host/x`: log lines never carry a password. */
export function withoutCredentials(url: string): string {
  const parsed = new URL(url);
  if (!parsed.username && !parsed.password) return url;
  parsed.username = parsed.password = '';
  return parsed.toString();
}

/**
 * Asks each endpoint's /healthz (all at once, each for at most `timeoutMs`) and returns the
 * index of the first in `order` that answered 200, or null. 503 (database unreachable)
 * counts as not healthy: connecting there would only be refused again.
 */
async function firstHealthy(
  endpoints: readonly ControlPlaneEndpoint[],
  order: readonly number[],
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<number | null> {
  const answers = await Promise.all(
    order.map(async (i) => {
      try {
        const timeout = AbortSignal.timeout(timeoutMs);
        const res = await fetch(endpoints[i]!.healthUrl, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
        await res.body?.cancel();
        return res.status === 200;
      } catch {
        return false;
      }
    }),
  );
  const hit = answers.indexOf(true);
  return hit < 0 ? null : order[hit]!;
}

/**
 * Asks the endpoints' /healthz (in `order`) every 0.5–1× `everyMs` until one answers, then
 * calls `onHealthy` with its index once. Returns a stop function. A control plane that has
 * just started may be slow to answer (its database warming up): a slow answer still counts,
 * so each round waits longer than the interval.
 */
export function watchHealth(
  endpoints: readonly ControlPlaneEndpoint[],
  order: readonly number[],
  everyMs: number,
  onHealthy: (index: number) => void,
): () => void {
  const stop = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const probe = async () => {
    const healthy = await firstHealthy(endpoints, order, Math.max(3 * everyMs, 3000), stop.signal);
    if (stop.signal.aborted) return;
    if (healthy === null) schedule();
    else onHealthy(healthy);
  };
  const schedule = () => {
    timer = setTimeout(() => void probe(), everyMs / 2 + Math.random() * (everyMs / 2));
  };
  schedule();
  return () => {
    stop.abort();
    clearTimeout(timer);
  };
}
