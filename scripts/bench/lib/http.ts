import http from 'node:http';

/**
 * The load generator: plain node:http over keep-alive sockets, in the benchmark's own
 * process (the server under test is a separate child process). Latency is measured
 * from just before the request is written until the last byte of the response body.
 */
export interface Reply {
  status: number;
  ms: number;
  bytes: number;
  body: Buffer;
}

export interface Req {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
}

export function keepAliveAgent(maxSockets: number): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets, maxFreeSockets: maxSockets });
}

export interface TimedReply {
  status: number;
  body: Buffer;
  /** performance.now() just before the request is written, and when the last byte of the response arrived. */
  startAt: number;
  endAt: number;
}

/**
 * A request with its start and end on this process's clock (performance.now()), so they can
 * be set against other events of the benchmark, such as a frame arriving at a fake agent.
 */
export function sendTimed(base: URL, agent: http.Agent, r: Req): Promise<TimedReply> {
  return new Promise((resolve, reject) => {
    const body = r.body === undefined ? undefined : Buffer.isBuffer(r.body) ? r.body : Buffer.from(r.body);
    const headers: Record<string, string | number> = { ...r.headers };
    if (body) headers['content-length'] = body.length;
    const startAt = performance.now();
    const req = http.request({ host: base.hostname, port: base.port, method: r.method, path: r.path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), startAt, endAt: performance.now() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

export async function send(base: URL, agent: http.Agent, r: Req): Promise<Reply> {
  const reply = await sendTimed(base, agent, r);
  return { status: reply.status, ms: reply.endAt - reply.startAt, bytes: reply.body.length, body: reply.body };
}

export async function sendJson<T = any>(base: URL, agent: http.Agent, r: Req & { json?: unknown }): Promise<{ status: number; body: T }> {
  const headers = { ...r.headers };
  let body = r.body;
  if (r.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(r.json);
  }
  const reply = await send(base, agent, { ...r, headers, body });
  const text = reply.body.toString('utf8');
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // keep the text
  }
  return { status: reply.status, body: parsed as T };
}

export interface ThroughputResult {
  seconds: number;
  requests: number;
  ok: number;
  failed: number;
  requestsPerSecond: number;
  /** Latency of the successful requests under this load, in ms. */
  latencies: number[];
  firstFailure: string | null;
}

/**
 * `concurrency` workers each send requests back to back over their own keep-alive
 * socket until `seconds` have passed. `next(i)` builds the i-th request.
 */
export async function throughput(
  base: URL,
  opts: { concurrency: number; seconds: number; next: (i: number) => Req },
): Promise<ThroughputResult> {
  const agent = keepAliveAgent(opts.concurrency);
  const deadline = performance.now() + opts.seconds * 1000;
  let i = 0;
  let ok = 0;
  let failed = 0;
  let firstFailure: string | null = null;
  const latencies: number[] = [];
  const started = performance.now();
  const worker = async () => {
    while (performance.now() < deadline) {
      const reply = await send(base, agent, opts.next(i++));
      if (reply.status >= 200 && reply.status < 300) {
        ok++;
        latencies.push(reply.ms);
      } else {
        failed++;
        firstFailure ??= `${reply.status} ${reply.body.toString('utf8').slice(0, 300)}`;
      }
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return { seconds, requests: ok + failed, ok, failed, requestsPerSecond: ok / seconds, latencies, firstFailure };
}
