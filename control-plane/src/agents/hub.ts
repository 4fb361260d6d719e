/**
 * The agents' WebSocket endpoint, `GET /agent/connect` (DESIGN.md section 4). It
 * authenticates the upgrade with an agent token, validates every frame against the
 * shared protocol schemas, checks the protocol version at hello and hands each
 * message to the dispatcher. One live connection per agent id: a newer one
 * replaces the older.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  AGENT_PROTOCOL_VERSION, CLOSE_CODES, parseAgentMessage, type AgentMessage, type ServerMessageInput,
} from '@devicelab/shared';
import { WebSocketServer, type WebSocket } from 'ws';
import { agentTokenFrom } from '../auth/agent-token.js';
import type { Db } from '../db/index.js';
import type { AgentTokenRecord } from '../queries/agent-tokens.js';
import type { AgentRecord } from '../queries/agents.js';
import { refuseUpgrade } from '../tunnels/upgrade.js';

export interface AgentHandlers {
  /** Registers the agent; answers the record, or a refusal reason. */
  hello(token: AgentTokenRecord, message: Extract<AgentMessage, { type: 'hello' }>): Promise<AgentRecord | { refuse: string; code: number }>;
  message(agent: AgentRecord, message: AgentMessage): Promise<void>;
  /** The agent has its welcome: work may be offered to it now. */
  welcomed(agent: AgentRecord): void;
  disconnected(agent: AgentRecord): Promise<void>;
}

/** Another WebSocket endpoint on the same HTTP server (tunnels/): the hub hands it the upgrades for its path. */
export interface UpgradeRoute {
  path: string;
  handle(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Closes its sockets (shutting down), with the hub's. */
  close(): Promise<void>;
}

export interface AgentHub {
  attach(server: Server, routes?: readonly UpgradeRoute[]): void;
  send(agentId: string, message: ServerMessageInput): boolean;
  connectedAgentIds(): string[];
  /** Closes every agent socket (shutting down): agents reconnect to the next process. */
  close(): Promise<void>;
}

const HELLO_TIMEOUT_MS = 10_000;
const MAX_FRAME_BYTES = 32 * 1024 * 1024; // a step carries a page source and a screenshot

export function createAgentHub(db: Db, handlers: AgentHandlers, options: { heartbeatIntervalMs: number }): AgentHub {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const sockets = new Map<string, WebSocket>();
  /** Each connection's frame chain, so close() can wait for the last frame's database work. */
  const pending = new Set<Promise<void>>();
  let routes: readonly UpgradeRoute[] = [];

  const sendOn = (ws: WebSocket, message: ServerMessageInput) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
  };

  function serve(ws: WebSocket, token: AgentTokenRecord) {
    let agent: AgentRecord | null = null;
    // Frames are handled one at a time, in order: a result must not overtake the steps before it.
    let chain = Promise.resolve();
    const helloTimer = setTimeout(() => ws.close(CLOSE_CODES.incompatible, 'no hello within 10 s'), HELLO_TIMEOUT_MS);

    ws.on('message', (data, isBinary) => {
      chain = chain.then(async () => {
        if (isBinary) return sendOn(ws, { type: 'error', detail: 'frames must be JSON text' });
        const parsed = parseAgentMessage(data.toString());
        if (!parsed.ok) return sendOn(ws, { type: 'error', detail: parsed.error });
        const message = parsed.message;
        if (!agent) {
          if (message.type !== 'hello') return sendOn(ws, { type: 'error', detail: 'send hello first' });
          clearTimeout(helloTimer);
          if (message.protocolVersion !== AGENT_PROTOCOL_VERSION) {
            return ws.close(
              CLOSE_CODES.incompatible,
              `agent protocol ${message.protocolVersion} is not supported: this control plane speaks ${AGENT_PROTOCOL_VERSION}; install the matching lab agent`,
            );
          }
          const registered = await handlers.hello(token, message);
          if ('refuse' in registered) return ws.close(registered.code, registered.refuse);
          agent = registered;
          // The hello's devices and jobs are recorded before the welcome, so a welcomed agent
          // is fully registered; it counts as connected (offers can reach it) only after it.
          await handlers.message(agent, message);
          const previous = sockets.get(agent.id);
          if (previous && previous !== ws) previous.close(CLOSE_CODES.replaced, 'replaced by a newer connection of this agent');
          sockets.set(agent.id, ws);
          sendOn(ws, { type: 'welcome', protocolVersion: AGENT_PROTOCOL_VERSION, agentId: agent.id, heartbeatIntervalMs: options.heartbeatIntervalMs });
          handlers.welcomed(agent);
          return;
        }
        if (message.type === 'hello') return sendOn(ws, { type: 'error', detail: 'already said hello' });
        await handlers.message(agent, message);
      }).catch((e: unknown) => {
        console.error(`agent ${agent?.id ?? '(before hello)'}: handling a frame failed:`, e);
        sendOn(ws, { type: 'error', detail: 'internal error handling that frame' });
      });
    });

    ws.on('close', () => {
      clearTimeout(helloTimer);
      chain = chain.then(async () => {
        if (agent && sockets.get(agent.id) === ws) {
          sockets.delete(agent.id);
          await handlers.disconnected(agent);
        }
      }).catch((e: unknown) => console.error('agent disconnect handling failed:', e));
      pending.add(chain);
      void chain.finally(() => pending.delete(chain));
    });
    ws.on('error', () => {}); // 'close' follows and does the work
  }

  return {
    attach(server, otherRoutes = []) {
      routes = otherRoutes;
      server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
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
      ws.send(JSON.stringify(message));
      return true;
    },
    connectedAgentIds: () => [...sockets.keys()],
    async close() {
      const closing = [...wss.clients].map((ws) => new Promise<void>((resolve) => {
        ws.once('close', () => resolve());
        ws.close(CLOSE_CODES.shuttingDown, 'control plane shutting down');
        setTimeout(() => ws.terminate(), 2000).unref(); // an agent that never completes the close handshake
      }));
      await Promise.all([...closing, ...routes.map((r) => r.close())]);
      await Promise.all([...pending]); // the database must outlive the last disconnect's bookkeeping
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
