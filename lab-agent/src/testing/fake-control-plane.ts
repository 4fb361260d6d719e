/**
 * A protocol-level double of the control plane for the agent's tests: one HTTP server
 * with the agent WebSocket at /agent/connect (speaking shared/'s protocol, validating
 * every frame with parseAgentMessage) and build downloads at /builds/<id>. Tests script
 * it: answer step.decide with hand-written decisions, drop the socket, refuse versions,
 * hold back acks, count downloads.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AGENT_PROTOCOL_VERSION,
  type AgentMessage,
  type BuildRef,
  CLOSE_CODES,
  parseAgentMessage,
  type ServerMessageInput,
  type StepDecide,
  type StepDecision,
} from '@devicelab/shared';
import { type WebSocket, WebSocketServer } from 'ws';

export interface Received {
  /** 1 for the first connection, 2 after the first reconnect, ... */
  connection: number;
  message: AgentMessage;
}

export type DecisionInput = Partial<Omit<StepDecision, 'type' | 'requestId'>>;
/** Returns the decision, or null to leave the request unanswered. */
export type Decider = (request: StepDecide) => DecisionInput | null | Promise<DecisionInput | null>;

export interface FakeControlPlane {
  readonly url: string;
  readonly token: string;
  readonly received: Received[];
  /** Close codes of agent sockets, in order. */
  readonly closes: Array<{ connection: number; code: number; reason: string }>;
  readonly invalidFrames: string[];
  /** Downloads served per build id. */
  readonly downloads: Map<string, number>;
  connections: number;
  decider: Decider;
  /** Acknowledge job.result frames (default true). */
  ackResults: boolean;
  /** Close every hello with 4400 and this reason. */
  refuseWith: string | null;
  heartbeatIntervalMs: number;
  /** Registers a build file; returns the BuildRef to put in an offer. */
  addBuild(buildId: string, bytes: Buffer, options?: { fileName?: string; sha256?: string; kind?: BuildRef['kind'] }): BuildRef;
  send(message: ServerMessageInput | Record<string, unknown>): void;
  sendRaw(text: string): void;
  /** Drops the current agent socket without a close handshake. */
  drop(): void;
  messages<T extends AgentMessage['type']>(type: T): Array<Extract<AgentMessage, { type: T }>>;
  waitFor<T extends AgentMessage['type']>(
    type: T,
    predicate?: (m: Extract<AgentMessage, { type: T }>, r: Received) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<AgentMessage, { type: T }>>;
  close(): Promise<void>;
}

/** `port`: listen there (a restarted control plane keeps its address); default a free one. */
export async function startFakeControlPlane(options: { token?: string; port?: number } = {}): Promise<FakeControlPlane> {
  const token = options.token ?? 'agent-token-1';
  const builds = new Map<string, { bytes: Buffer; fileName: string }>();
  const waiters = new Set<() => void>();
  let socket: WebSocket | null = null;

  const http: Server = createServer((req, res) => {
    if (req.url === '/healthz') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    const m = /^\/builds\/([^/]+)$/.exec(req.url ?? '');
    const build = m ? builds.get(decodeURIComponent(m[1]!)) : undefined;
    if (req.headers.authorization !== `Bearer ${token}`) return void res.writeHead(401).end('bad token');
    if (!m || !build) return void res.writeHead(404).end('no such build');
    fake.downloads.set(m[1]!, (fake.downloads.get(m[1]!) ?? 0) + 1);
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': build.bytes.length }).end(build.bytes);
  });
  const wss = new WebSocketServer({ noServer: true });
  http.on('upgrade', (req: IncomingMessage, sock, head) => {
    if (req.url !== '/agent/connect') return void sock.destroy();
    wss.handleUpgrade(req, sock, head, (ws) => onConnection(ws, req));
  });
  await new Promise<void>((resolve) => http.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (http.address() as AddressInfo).port;

  const notify = () => {
    for (const w of [...waiters]) w();
  };

  function onConnection(ws: WebSocket, req: IncomingMessage): void {
    const connection = ++fake.connections;
    socket = ws;
    if (req.headers.authorization !== `Bearer ${token}`) return void ws.close(CLOSE_CODES.unauthorized, 'unknown agent token');
    ws.on('close', (code, reason) => {
      fake.closes.push({ connection, code, reason: reason.toString() });
      notify();
    });
    ws.on('message', (data) => {
      const parsed = parseAgentMessage(data.toString());
      if (!parsed.ok) {
        fake.invalidFrames.push(parsed.error);
        ws.send(JSON.stringify({ type: 'error', detail: parsed.error }));
        return notify();
      }
      const message = parsed.message;
      fake.received.push({ connection, message });
      notify();
      if (message.type === 'hello') {
        if (fake.refuseWith) return void ws.close(CLOSE_CODES.incompatible, fake.refuseWith);
        ws.send(
          JSON.stringify({
            type: 'welcome',
            protocolVersion: AGENT_PROTOCOL_VERSION,
            agentId: message.agentId,
            heartbeatIntervalMs: fake.heartbeatIntervalMs,
          }),
        );
      } else if (message.type === 'job.result' && fake.ackResults) {
        ws.send(JSON.stringify({ type: 'job.result.ack', jobId: message.jobId }));
      } else if (message.type === 'step.decide') {
        void Promise.resolve(fake.decider(message)).then((d) => {
          if (d && ws.readyState === ws.OPEN)
            ws.send(JSON.stringify({ type: 'step.decision', requestId: message.requestId, ok: true, ...d }));
        });
      }
    });
  }

  const fake: FakeControlPlane = {
    url: `http://127.0.0.1:${port}`,
    token,
    received: [],
    closes: [],
    invalidFrames: [],
    downloads: new Map(),
    connections: 0,
    decider: () => ({ actions: [{ type: 'done' }], finished: true }),
    ackResults: true,
    refuseWith: null,
    heartbeatIntervalMs: 5000,
    addBuild(buildId, bytes, o = {}) {
      const fileName = o.fileName ?? `${buildId}.apk`;
      builds.set(buildId, { bytes, fileName });
      return {
        buildId,
        downloadUrl: `http://127.0.0.1:${port}/builds/${encodeURIComponent(buildId)}`,
        sha256: o.sha256 ?? createHash('sha256').update(bytes).digest('hex'),
        sizeBytes: bytes.length,
        kind: o.kind ?? 'apk',
        fileName,
      };
    },
    send(message) {
      socket?.send(JSON.stringify(message));
    },
    sendRaw(text) {
      socket?.send(text);
    },
    drop() {
      socket?.terminate();
    },
    messages(type) {
      return fake.received.map((r) => r.message).filter((m): m is Extract<AgentMessage, { type: typeof type }> => m.type === type);
    },
    waitFor(type, predicate = () => true, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const isOfType = (m: AgentMessage): m is Extract<AgentMessage, { type: typeof type }> => m.type === type;
          for (const r of fake.received) {
            if (!isOfType(r.message) || !predicate(r.message, r)) continue;
            waiters.delete(check);
            clearTimeout(timer);
            return resolve(r.message);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `no ${type} within ${timeoutMs} ms; got: ${fake.received.map((r) => `${r.connection}:${r.message.type}`).join(', ')}`,
            ),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async close() {
      for (const client of wss.clients) client.terminate();
      wss.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
  return fake;
}
