/**
 * The agents' WebSocket endpoint, `GET /agent/connect` (docs/architecture.md#agents). It
 * authenticates the upgrade with an agent token, validates every frame against the
 * shared protocol schemas, checks the protocol version at hello and hands each
 * message to the dispatcher. One live connection per agent id: a newer one
 * replaces the older.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  AGENT_PROTOCOL_VERSION,
  type AgentMessage,
  CLOSE_CODES,
  type Hello,
  OLDEST_AGENT_PROTOCOL_VERSION,
  parseAgentMessage,
  type ServerMessageInput,
} from '@devicelab/shared';
import { type WebSocket, WebSocketServer } from 'ws';
import { agentTokenFrom } from '../auth/agent-token.js';
import type { Db } from '../db/index.js';
import { refuseUpgrade, shutDown, type UpgradeRoute } from '../net/upgrade.js';
import type { AgentTokenRecord } from '../queries/agent-tokens.js';
import type { AgentRecord } from '../queries/agents.js';

export interface AgentHandlers {
  /** Registers the agent; answers the record, or a refusal reason. */
  hello(token: AgentTokenRecord, message: Hello): Promise<AgentRecord | { refuse: string; code: number }>;
  message(agent: AgentRecord, message: AgentMessage): Promise<void>;
  /** The agent has its welcome: work may be offered to it now, and cancels it missed are sent again. */
  welcomed(agent: AgentRecord, hello: Hello): void;
  /** Frames arrive from the agent (agents.last_seen_at); called as they arrive, not once handled. */
  /** Records liveness; false when the agent's token was revoked (its socket is then closed). */
  alive(agent: AgentRecord): Promise<boolean>;
  disconnected(agent: AgentRecord): Promise<void>;
  /**
   * AGENT_LOST_SECONDS, in ms: a connection that sends nothing this long (no frame, no pong
   * to the hub's pings) is dropped, and its tests are then lost as after any disconnect.
   */
  readonly silenceLimitMs: number;
}

/** Another WebSocket endpoint on the same HTTP server (tunnels/): the hub hands it the upgrades for its path. */
// Other WebSocket endpoints (the tunnels') share the hub's upgrade listener; their shape lives below both.
export type { UpgradeRoute } from '../net/upgrade.js';

export interface AgentHub {
  attach(server: Server, routes?: readonly UpgradeRoute[]): void;
  send(agentId: string, message: ServerMessageInput): boolean;
  connectedAgentIds(): string[];
  /**
   * Closes every agent's socket with the shutting-down code, without stopping: each agent
   * reconnects (here or to another replica) and its hello registers its devices and jobs again.
   */
  askToReconnect(reason: string): number;
  /** Closes every agent socket (shutting down): agents reconnect to the next process. */
  close(): Promise<void>;
}

const HELLO_TIMEOUT_MS = 10_000;
const MAX_FRAME_BYTES = 32 * 1024 * 1024; // a step carries a page source and a screenshot

export function createAgentHub(db: Db, handlers: AgentHandlers, options: { heartbeatIntervalMs: number }): AgentHub {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  /** Agents that have their welcome: offers and cancels go to these sockets. */
  const sockets = new Map<string, WebSocket>();
  /**
   * The connection whose hello registered each agent last. Only it may mark the agent
   * disconnected: an older socket's close handled while a newer hello is under way
   * (not yet in `sockets`) must not undo that hello.
   */
  const owners = new Map<string, WebSocket>();
  /** Per agent id, its registrations and disconnects one after another (see `inTurn`). */
  const turns = new Map<string, Promise<unknown>>();
  /** When each connection last heard from its agent (a frame, a ping or a pong). */
  const heardAt = new Map<WebSocket, number>();
  /** Each connection's frame chain, so close() can wait for the last frame's database work. */
  const pending = new Set<Promise<void>>();
  let routes: readonly UpgradeRoute[] = [];
  let watchdog: NodeJS.Timeout | null = null;
  let watchedAt = Date.now();
  // Several chances to answer a ping within the limit; at most one liveness write per heartbeat interval.
  const pingEveryMs = Math.max(50, Math.min(options.heartbeatIntervalMs, handlers.silenceLimitMs / 3));
  const touchEveryMs = Math.min(options.heartbeatIntervalMs, handlers.silenceLimitMs / 4);

  /** The protocol each welcomed socket speaks (AGENT_PROTOCOL_VERSION unless an older agent's). */
  const protocolOf = new WeakMap<WebSocket, number>();
  const sendOn = (ws: WebSocket, message: ServerMessageInput) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(inProtocol(protocolOf.get(ws) ?? AGENT_PROTOCOL_VERSION, message)));
  };

  /**
   * Runs `work` after everything queued before it for this agent id. A hello's upsert and
   * an older connection's disconnect must not interleave: the disconnect's check of
   * `owners` and its database write are one step, so a newer hello comes wholly before or after.
   */
  function inTurn<T>(agentId: string, work: () => Promise<T>): Promise<T> {
    const done = (turns.get(agentId) ?? Promise.resolve()).then(work, work);
    turns.set(agentId, done);
    const forget = () => void (turns.get(agentId) === done && turns.delete(agentId));
    done.then(forget, forget);
    return done;
  }

  /** Drops connections that went silent (a hung agent, a host gone without a FIN) and pings the rest. */
  function watch() {
    const now = Date.now();
    // This process itself stalled (a long GC pause, a blocked loop): frames that arrived
    // meanwhile are not read yet, so this round only pings.
    const stalled = now - watchedAt > 2 * pingEveryMs;
    watchedAt = now;
    for (const [ws, at] of heardAt) {
      if (!stalled && now - at > handlers.silenceLimitMs)
        ws.terminate(); // 'close' follows and does the work
      else if (ws.readyState === ws.OPEN) ws.ping();
    }
  }

  function serve(ws: WebSocket, token: AgentTokenRecord) {
    let agent: AgentRecord | null = null;
    let touchedAt = 0;
    const heard = () => {
      const now = Date.now();
      heardAt.set(ws, now);
      // Liveness is recorded as frames arrive, not once the frames before them are handled:
      // a slow decision must not make another replica's sweep think a healthy agent is lost.
      if (agent && now - touchedAt >= touchEveryMs) {
        touchedAt = now;
        handlers.alive(agent).then(
          (valid) => {
            if (!valid) ws.close(CLOSE_CODES.unauthorized, 'the agent token was revoked');
          },
          (e: unknown) => console.error(`agent ${agent?.id}: recording liveness failed:`, e),
        );
      }
    };
    heard();
    ws.on('pong', heard);
    ws.on('ping', heard);

    // One job's frames are handled in order (a result must not overtake the steps before it);
    // different jobs' frames run side by side, so one device's slow model call does not hold
    // up another's. Any other frame (hello, device reports) waits for everything before it,
    // and everything after it waits for it. Heartbeats have a lane of their own.
    let barrier: Promise<void> = Promise.resolve();
    const lanes = new Map<string, Promise<void>>();
    const enqueue = (lane: string | null, work: () => Promise<void>): Promise<void> => {
      const after = lane === null ? Promise.all([barrier, ...lanes.values()]) : Promise.all([barrier, lanes.get(lane)]);
      const done = after.then(work).catch((e: unknown) => {
        console.error(`agent ${agent?.id ?? '(before hello)'}: handling a frame failed:`, e);
        sendOn(ws, { type: 'error', detail: 'internal error handling that frame' });
      });
      if (lane === null) {
        barrier = done;
        lanes.clear();
      } else {
        lanes.set(lane, done);
        void done.then(() => lanes.get(lane) === done && lanes.delete(lane));
      }
      return done;
    };
    const helloTimer = setTimeout(() => ws.close(CLOSE_CODES.incompatible, 'no hello within 10 s'), HELLO_TIMEOUT_MS);

    async function welcome(message: Hello) {
      clearTimeout(helloTimer);
      if (message.protocolVersion < OLDEST_AGENT_PROTOCOL_VERSION || message.protocolVersion > AGENT_PROTOCOL_VERSION) {
        return ws.close(
          CLOSE_CODES.incompatible,
          `agent protocol ${message.protocolVersion} is not supported: this control plane speaks ${OLDEST_AGENT_PROTOCOL_VERSION} to ${AGENT_PROTOCOL_VERSION}; install the matching lab agent`,
        );
      }
      protocolOf.set(ws, message.protocolVersion);
      const registered = await inTurn(message.agentId, async () => {
        const r = await handlers.hello(token, message);
        if ('refuse' in r) return r;
        const previous = owners.get(r.id);
        owners.set(r.id, ws);
        return { agent: r, previous };
      });
      if ('refuse' in registered) return ws.close(registered.code, registered.refuse);
      const { previous } = registered;
      agent = registered.agent;
      touchedAt = Date.now(); // the upsert wrote last_seen_at
      // The hello's devices and jobs are recorded before the welcome, so a welcomed agent
      // is fully registered; it counts as connected (offers can reach it) only after it.
      await handlers.message(agent, message);
      if (previous && previous !== ws) previous.close(CLOSE_CODES.replaced, 'replaced by a newer connection of this agent');
      if (owners.get(agent.id) !== ws) return ws.close(CLOSE_CODES.replaced, 'replaced by a newer connection of this agent');
      sockets.set(agent.id, ws);
      sendOn(ws, {
        type: 'welcome',
        protocolVersion: message.protocolVersion,
        agentId: agent.id,
        heartbeatIntervalMs: options.heartbeatIntervalMs,
      });
      handlers.welcomed(agent, message);
    }

    ws.on('message', (data, isBinary) => {
      heard();
      if (isBinary) return sendOn(ws, { type: 'error', detail: 'frames must be JSON text' });
      const parsed = parseAgentMessage(data.toString());
      if (!parsed.ok) return sendOn(ws, { type: 'error', detail: parsed.error });
      const message = parsed.message;
      const lane = 'jobId' in message ? `job ${message.jobId}` : message.type === 'heartbeat' ? 'heartbeat' : null;
      void enqueue(lane, async () => {
        if (!agent) {
          if (message.type !== 'hello') return sendOn(ws, { type: 'error', detail: 'send hello first' });
          return welcome(message);
        }
        if (message.type === 'hello') return sendOn(ws, { type: 'error', detail: 'already said hello' });
        await handlers.message(agent, message);
      });
    });

    ws.on('close', () => {
      clearTimeout(helloTimer);
      heardAt.delete(ws);
      const done = enqueue(null, async () => {
        if (!agent) return;
        const { id } = agent;
        if (sockets.get(id) === ws) sockets.delete(id);
        await inTurn(id, async () => {
          if (owners.get(id) !== ws) return; // a newer connection registered the agent since
          owners.delete(id);
          await handlers.disconnected(agent!);
        });
      });
      pending.add(done);
      void done.finally(() => pending.delete(done));
    });
    ws.on('error', () => {}); // 'close' follows and does the work
  }

  return {
    attach(server, otherRoutes = []) {
      routes = otherRoutes;
      watchedAt = Date.now();
      watchdog = setInterval(watch, pingEveryMs);
      watchdog.unref();
      server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        // Node stops watching an upgrade's socket for errors: a client that resets while its token
        // is checked or its refusal is written would otherwise throw, and end the process.
        socket.on('error', () => socket.destroy());
        const path = (req.url ?? '').split('?')[0];
        const route = routes.find((r) => r.path === path);
        if (route) return route.handle(req, socket, head);
        if (path !== '/agent/connect') return refuseUpgrade(socket, 404, 'no WebSocket endpoint here; agents connect to /agent/connect');
        agentTokenFrom(db, req.headers.authorization).then(
          (token) => {
            if (!token) return refuseUpgrade(socket, 401, 'agent token missing, malformed, unknown or revoked');
            wss.handleUpgrade(req, socket, head, (ws) => serve(ws, token));
          },
          () => refuseUpgrade(socket, 401, 'could not check the agent token'),
        );
      });
    },
    send(agentId, message) {
      const ws = sockets.get(agentId);
      if (!ws || ws.readyState !== ws.OPEN) return false;
      sendOn(ws, message);
      return true;
    },
    connectedAgentIds: () => [...sockets.keys()],
    askToReconnect(reason) {
      const open = [...sockets.values()];
      for (const ws of open) ws.close(CLOSE_CODES.shuttingDown, reason);
      return open.length;
    },
    async close() {
      if (watchdog) clearInterval(watchdog);
      await Promise.all([shutDown(wss, CLOSE_CODES.shuttingDown, 'control plane shutting down'), ...routes.map((r) => r.close())]);
      await Promise.all([...pending]); // the database must outlive the last disconnect's bookkeeping
    },
  };
}

/**
 * A message as an agent of an older protocol reads it: protocol 1 called job.offer's
 * try number `attempt` (shared/src/agent-protocol.ts); nothing else differs.
 */
export function inProtocol(version: number, message: ServerMessageInput): unknown {
  if (version >= 2 || message.type !== 'job.offer') return message;
  const { tryNumber, ...rest } = message;
  return { ...rest, attempt: tryNumber };
}
