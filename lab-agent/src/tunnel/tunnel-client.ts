/**
 * The tunnel client (docs/architecture.md#tunnels): runs inside the user's network and holds one
 * outbound WebSocket to the control plane's `GET /tunnel/connect`. The control plane
 * opens multiplexed streams on it (shared/src/mux.ts), each naming host:port; the client
 * connects there if its host filter allows it and splices the bytes both ways (socket-splice.ts), else
 * refuses the stream with the reason (which the device sees as the proxy's answer).
 *
 * A lost connection (closed, or silent for a whole ping interval) is retried with jittered
 * backoff under the same name; a refusal that retrying cannot fix (bad or audit key, the name
 * taken in the organisation) ends the client with that reason.
 */
import { lookup } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { type IncomingStream, keepAlive, type MuxSession, muxOverWebSocket, refusalDetail, TUNNEL_CLOSE_CODES } from '@devicelab/shared';
import WebSocket from 'ws';
import { type BackoffOptions, backoffDelay } from '../backoff.js';
import type { HostFilter } from './host-filter.js';
import { SocketSplice } from './socket-splice.js';
import { tunnelSocketOptions } from './ws-options.js';

export interface TunnelClientOptions {
  /** The control plane's base URL, http(s). */
  controlPlaneUrl: string;
  apiKey: string;
  tunnelName: string;
  filter: HostFilter;
  log?: (line: string) => void;
  backoff?: BackoffOptions;
  /** How long a connection to an internal host may take (default 10 s). */
  connectTimeoutMs?: number;
  /** Ping interval; a control plane that did not answer the last ping is given up and dialled again (default 15 s). */
  keepAliveMs?: number;
}

/** The control plane refused the tunnel for a reason retrying cannot fix. */
export class TunnelRefused extends Error {}

export interface TunnelClient {
  /** Resolves each time the control plane confirms the tunnel (first: connected). */
  readonly connected: Promise<void>;
  /** Settles when the client stops: resolves after close(), rejects with TunnelRefused. */
  readonly done: Promise<void>;
  /** Streams open right now. */
  streamCount(): number;
  close(): Promise<void>;
}

const FATAL_CLOSE_CODES = new Set<number>([TUNNEL_CLOSE_CODES.unauthorized, TUNNEL_CLOSE_CODES.forbidden, TUNNEL_CLOSE_CODES.nameTaken]);

export function tunnelEndpoint(controlPlaneUrl: string, tunnelName: string): string {
  const url = new URL(controlPlaneUrl);
  url.protocol = url.protocol === 'https:' || url.protocol === 'wss:' ? 'wss:' : 'ws:';
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/tunnel/connect`;
  url.search = new URLSearchParams({ name: tunnelName }).toString();
  return url.toString();
}

export function startTunnelClient(options: TunnelClientOptions): TunnelClient {
  const log = options.log ?? (() => {});
  let stopped = false;
  let attempt = 0;
  let socket: WebSocket | null = null;
  let session: MuxSession | null = null;
  let retryTimer: NodeJS.Timeout | null = null;
  let markConnected!: () => void;
  const connected = new Promise<void>((resolve) => {
    markConnected = resolve;
  });
  let finish!: (error?: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    finish = (error) => (error ? reject(error) : resolve());
  });
  done.catch(() => {}); // the caller reads it; an unread rejection must not crash the process

  const stop = (error?: Error) => {
    if (stopped) return;
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    finish(error);
  };

  function open(): void {
    const url = new URL(tunnelEndpoint(options.controlPlaneUrl, options.tunnelName));
    const ws = new WebSocket(url, {
      headers: { authorization: `Bearer ${options.apiKey}` },
      handshakeTimeout: 10_000,
      maxPayload: 1024 * 1024,
      ...tunnelSocketOptions(url),
    });
    socket = ws;
    const mux = muxOverWebSocket(ws, {
      side: 'client',
      onStream: (incoming) => void relay(incoming, options).catch(() => {}),
      onReady: () => {
        attempt = 0;
        log(`Tunnel "${options.tunnelName}" connected to ${options.controlPlaneUrl}: runs naming it reach ${options.filter.describe()}`);
        markConnected();
      },
      onProtocolError: (error) => log(`tunnel: ignored a frame: ${error}`),
    });
    session = mux;
    // The control plane pings us too, but a client that only answers would never notice it vanish.
    ws.once('open', () => keepAlive(ws, options.keepAliveMs ?? 15_000));
    ws.on(
      'unexpected-response',
      (_req, res) =>
        void refusalDetail(res).then((detail) => {
          ws.terminate();
          if ([400, 401, 403, 404, 409].includes(res.statusCode ?? 0))
            stop(new TunnelRefused(`the control plane refused the tunnel: ${detail}`));
          // A limit (ORG_MAX_TUNNELS) may free up: said once per refusal, and dialled again with backoff.
          else if (res.statusCode === 429) log(`tunnel: the control plane refused the tunnel for now: ${detail}; retrying`);
        }),
    );
    ws.on('close', (code, reasonBuffer) => {
      const reason = reasonBuffer.toString() || `connection closed (${code})`;
      mux.close(`tunnel connection lost: ${reason}`);
      if (socket === ws) socket = null;
      if (stopped) return;
      if (FATAL_CLOSE_CODES.has(code)) return stop(new TunnelRefused(`the control plane refused the tunnel: ${reason}`));
      const delay = backoffDelay(attempt, options.backoff);
      attempt += 1;
      log(`Tunnel "${options.tunnelName}" disconnected (${reason}); reconnecting in ${(delay / 1000).toFixed(1)} s`);
      retryTimer = setTimeout(open, delay);
    });
    ws.on('error', () => {}); // 'close' follows and decides
  }

  open();
  return {
    connected,
    done,
    streamCount: () => session?.streamCount ?? 0,
    async close() {
      const ws = socket;
      stop();
      if (!ws || ws.readyState === WebSocket.CLOSED) return;
      await new Promise<void>((resolve) => {
        ws.once('close', () => resolve());
        ws.close(1000, 'tunnel client stopping');
        setTimeout(() => ws.terminate(), 2000).unref();
      });
    },
  };
}

/** Connects one stream to its internal host (socket-splice.ts), or refuses it with the reason. */
async function relay(incoming: IncomingStream, options: TunnelClientOptions): Promise<void> {
  const { host, port } = incoming.target;
  const refusal = options.filter.refusal(host);
  if (refusal !== null) return incoming.refuse(refusal);
  let splice: SocketSplice;
  try {
    splice = await connectFiltered(host, port, options.filter, options.connectTimeoutMs ?? 10_000);
  } catch (error) {
    return incoming.refuse(`cannot reach ${host}:${port} from the tunnel: ${(error as Error).message}`);
  }
  splice.socket.setNoDelay(true);
  splice.attach(incoming);
}

/** Filter errors raised from inside the DNS lookup, so the refusal reason survives. */
class AddressRefused extends Error {}

function connectFiltered(host: string, port: number, filter: HostFilter, timeoutMs: number): Promise<SocketSplice> {
  // Names are checked again once resolved: an address entry of --exclude-hosts also keeps out names pointing there.
  const filteredLookup: LookupFunction = (hostname, lookupOptions, callback) => {
    lookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      for (const { address } of addresses) {
        const refusal = filter.addressRefusal(hostname, address);
        if (refusal !== null) return callback(new AddressRefused(refusal), '', 4);
      }
      if (lookupOptions.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
  return new Promise((resolve, reject) => {
    const splice = new SocketSplice({
      host: host.replace(/^\[(.*)\]$/, '$1'),
      port,
      lookup: isIP(host) === 0 ? filteredLookup : undefined,
      timeout: timeoutMs,
    });
    const { socket } = splice;
    socket.once('connect', () => {
      socket.setTimeout(0);
      resolve(splice);
    });
    socket.once('timeout', () => socket.destroy(new Error(`no connection within ${timeoutMs / 1000} s`)));
    socket.once('error', (error: NodeJS.ErrnoException) => {
      reject(error instanceof AddressRefused ? error : new Error(error.code ?? error.message));
    });
  });
}
