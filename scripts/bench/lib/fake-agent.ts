/**
 * A protocol-level lab agent for the benchmarks (the approach of control-plane/test/agent-client.ts):
 * a real WebSocket client on GET /agent/connect that says hello with scripted devices and then
 * does only what the benchmark tells it. Every server frame is stamped with performance.now()
 * the moment it arrives, before it is parsed, so its time is on the benchmark process's clock,
 * the same clock as the HTTP client's timings. Frames are validated with the shared protocol
 * schemas after the stamp.
 *
 * Heartbeats copy the real agent (lab-agent/src/connection.ts): from the welcome on, every
 * heartbeatIntervalMs a `heartbeat` frame and a WebSocket ping.
 */
import { AGENT_PROTOCOL_VERSION, type AgentMessageInput, type DeviceInfo, parseServerMessage, type ServerMessage } from '@devicelab/shared';
import { WebSocket } from './ws.js';

export type ServerFrame<T extends ServerMessage['type'] = ServerMessage['type']> = {
  message: Extract<ServerMessage, { type: T }>;
  /** performance.now() when the frame arrived, before parsing. */
  at: number;
};

export interface BenchAgent {
  agentId: string;
  ws: WebSocket;
  /** performance.now() when the connection attempt started, and when the socket opened (upgrade answered). */
  startedAt: number;
  openedAt: number;
  /** The welcome frame, with its arrival time. Rejects if the socket closes first. */
  welcomed: Promise<ServerFrame<'welcome'>>;
  /** `error` frames from the server and invalid frames; a benchmark fails when this is not empty. */
  problems: string[];
  send(message: AgentMessageInput): void;
  /** The next received frame of this type (already received ones count), within `timeoutMs`. */
  next<T extends ServerMessage['type']>(type: T, timeoutMs?: number): Promise<ServerFrame<T>>;
  /** A WebSocket ping and its pong on this connection: the round trip in ms. */
  ping(): Promise<number>;
  /** Heartbeats as the real agent sends them (a frame and a ping every interval); stopped by close(). */
  startHeartbeats(intervalMs: number): void;
  readonly heartbeatsSent: number;
  readonly pongs: number;
  /** Resolves when the socket closed, with the code and reason. */
  closed: Promise<{ code: number; reason: string; at: number }>;
  /** Sends a close frame and waits for the close (terminates the socket after 5 s without one). */
  close(): Promise<void>;
}

export const androidEmulator = (serial: string): DeviceInfo => ({
  serial,
  platform: 'android',
  kind: 'emulator',
  model: 'Virtual Pixel',
  osVersion: '14',
  ready: true,
});

/**
 * Opens the socket and says hello; resolves once the upgrade is answered (the hello is on its
 * way). Rejects when the upgrade is refused (401, 404) or the connection fails.
 */
export async function connectBenchAgent(
  baseUrl: URL | string,
  token: string,
  hello: { agentId: string; devices: DeviceInfo[]; hostname?: string },
): Promise<BenchAgent> {
  const startedAt = performance.now();
  const url = `${String(baseUrl).replace(/\/$/, '').replace(/^http/, 'ws')}/agent/connect`;
  const ws = new WebSocket(url, { headers: { authorization: `Bearer ${token}` } });
  const received: ServerFrame[] = [];
  const consumed = new Set<ServerFrame>();
  const waiters: Array<() => void> = [];
  const problems: string[] = [];
  let heartbeatTimer: NodeJS.Timeout | null = null;
  let heartbeatsSent = 0;
  let pongs = 0;
  const pongWaiters: Array<(at: number) => void> = [];

  let welcome!: (f: ServerFrame<'welcome'>) => void;
  let noWelcome!: (e: Error) => void;
  const welcomed = new Promise<ServerFrame<'welcome'>>((resolve, reject) => {
    welcome = resolve;
    noWelcome = reject;
  });
  welcomed.catch(() => {}); // the caller may never ask

  ws.on('message', (data, isBinary) => {
    const at = performance.now();
    if (isBinary) {
      problems.push('binary frame from the server');
      return;
    }
    const parsed = parseServerMessage(data.toString());
    if (!parsed.ok) {
      problems.push(`invalid frame: ${parsed.error}`);
      return;
    }
    const frame = { message: parsed.message, at } as ServerFrame;
    if (parsed.message.type === 'error') problems.push(`error frame: ${parsed.message.detail}`);
    if (parsed.message.type === 'welcome') {
      welcome(frame as ServerFrame<'welcome'>);
      return; // not kept: the heartbeat interval is all there is to it
    }
    received.push(frame);
    for (const w of waiters.splice(0)) w();
  });
  ws.on('pong', () => {
    const at = performance.now();
    pongs++;
    pongWaiters.shift()?.(at);
  });
  const closed = new Promise<{ code: number; reason: string; at: number }>((resolve) =>
    ws.on('close', (code, reason) => {
      if (heartbeatTimer) clearInterval(heartbeatTimer);
      heartbeatTimer = null;
      noWelcome(new Error(`agent ${hello.agentId}: the socket closed before the welcome (${code} ${reason.toString()})`));
      for (const w of waiters.splice(0)) w();
      resolve({ code, reason: reason.toString(), at: performance.now() });
    }),
  );
  ws.on('error', (e) => problems.push(`socket error: ${e.message}`));

  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString('utf8')));
      res.on('end', () => reject(new Error(`agent ${hello.agentId}: upgrade refused with ${res.statusCode} ${body}`)));
    });
    ws.once('error', reject);
  });
  const openedAt = performance.now();

  const send = (message: AgentMessageInput) => ws.send(JSON.stringify(message));
  send({
    type: 'hello',
    protocolVersion: AGENT_PROTOCOL_VERSION,
    agentVersion: 'bench',
    agentId: hello.agentId,
    hostname: hello.hostname ?? `bench-${hello.agentId}`,
    capabilities: { platforms: ['android'], virtual: true },
    devices: hello.devices,
    jobs: [],
  });

  return {
    agentId: hello.agentId,
    ws,
    startedAt,
    openedAt,
    welcomed,
    problems,
    send,
    async next(type, timeoutMs = 10_000) {
      const deadline = performance.now() + timeoutMs;
      const isOfType = (m: ServerMessage): m is Extract<ServerMessage, { type: typeof type }> => m.type === type;
      for (;;) {
        const found = received.find((f) => !consumed.has(f) && f.message.type === type);
        if (found && isOfType(found.message)) {
          consumed.add(found);
          // Keep the list short over hundreds of rounds.
          if (consumed.size > 64) {
            for (const f of [...consumed]) {
              received.splice(received.indexOf(f), 1);
              consumed.delete(f);
            }
          }
          return { message: found.message, at: found.at };
        }
        if (ws.readyState !== ws.OPEN) throw new Error(`agent ${hello.agentId}: the socket closed while waiting for ${type}`);
        const left = deadline - performance.now();
        if (left <= 0) {
          throw new Error(
            `agent ${hello.agentId}: no ${type} within ${timeoutMs} ms (unconsumed: ${
              received
                .filter((f) => !consumed.has(f))
                .map((f) => f.message.type)
                .join(', ') || 'none'
            })`,
          );
        }
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(t);
            resolve();
          });
        });
      }
    },
    ping() {
      return new Promise<number>((resolve, reject) => {
        const t0 = performance.now();
        const timer = setTimeout(() => reject(new Error(`agent ${hello.agentId}: no pong within 5 s`)), 5000);
        pongWaiters.push((at) => {
          clearTimeout(timer);
          resolve(at - t0);
        });
        ws.ping();
      });
    },
    startHeartbeats(intervalMs) {
      if (heartbeatTimer) clearInterval(heartbeatTimer);
      heartbeatTimer = setInterval(() => {
        if (ws.readyState !== ws.OPEN) return;
        send({ type: 'heartbeat', at: new Date().toISOString() });
        ws.ping();
        heartbeatsSent++;
      }, intervalMs);
    },
    get heartbeatsSent() {
      return heartbeatsSent;
    },
    get pongs() {
      return pongs;
    },
    closed,
    async close() {
      if (heartbeatTimer) clearInterval(heartbeatTimer);
      heartbeatTimer = null;
      if (ws.readyState === ws.CLOSED) return;
      const timer = setTimeout(() => ws.terminate(), 5000);
      if (ws.readyState === ws.OPEN) ws.close(1000, 'benchmark done');
      await closed;
      clearTimeout(timer);
    },
  };
}
