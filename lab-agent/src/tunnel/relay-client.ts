/**
 * The agent's end of a tunnelled test: one WebSocket to `GET /agent/tunnel?job=<job id>`
 * (agent token as Bearer) for the test's duration, with a mux session on it whose
 * streams the device proxy opens. `lost` is aborted with the control plane's reason when
 * the tunnel goes away mid-test, which fails the test with it.
 */
import { once } from 'node:events';
import { keepAlive, muxOverWebSocket, refusalDetail, TUNNEL_CLOSE_CODES } from '@devicelab/shared';
import WebSocket from 'ws';
import type { Dial } from './device-proxy.js';
import { tunnelSocketOptions } from './ws-options.js';

export interface TunnelRelay {
  dial: Dial;
  /** Aborted when the relay ends without close() (the tunnel or the control plane went away). */
  readonly lost: AbortSignal;
  close(): Promise<void>;
}

export class TunnelUnavailable extends Error {}

/**
 * Opens the relay at `relayUrl` (`ws(s)://…/agent/tunnel`, control-planes.ts); rejects with
 * TunnelUnavailable and the control plane's reason when refused.
 */
export async function openTunnelRelay(options: {
  relayUrl: string;
  token: string;
  jobId: string;
  tunnelName: string;
}): Promise<TunnelRelay> {
  const url = new URL(options.relayUrl);
  url.search = new URLSearchParams({ job: options.jobId }).toString();
  const ws = new WebSocket(url, {
    headers: { authorization: `Bearer ${options.token}` },
    handshakeTimeout: 10_000,
    maxPayload: 1024 * 1024,
    ...tunnelSocketOptions(url),
  });
  const refused = new Promise<never>((_, reject) => {
    ws.once('unexpected-response', (_req, res) => void refusalDetail(res).then((detail) => reject(new TunnelUnavailable(detail))));
    ws.once('error', (error) => reject(new TunnelUnavailable(`cannot reach the control plane's tunnel relay: ${error.message}`)));
  });
  await Promise.race([once(ws, 'open'), refused]);
  ws.on('error', () => {});
  const session = muxOverWebSocket(ws, { side: 'client' });
  keepAlive(ws, 15_000); // a control plane gone silent fails the test (lost) instead of hanging it
  const lost = new AbortController();
  let closing = false;
  ws.on('close', (code, reason) => {
    const why =
      reason.toString() ||
      (code === TUNNEL_CLOSE_CODES.tunnelLost ? `tunnel "${options.tunnelName}" disconnected` : `the tunnel relay closed (${code})`);
    session.close(why);
    if (!closing) lost.abort(new TunnelUnavailable(why));
  });
  return {
    dial: (host, port) => session.open({ host, port }),
    lost: lost.signal,
    async close() {
      closing = true;
      if (ws.readyState === WebSocket.CLOSED) return;
      const closed = once(ws, 'close');
      ws.close(1000, 'test finished');
      setTimeout(() => ws.terminate(), 2000).unref();
      await closed;
    },
  };
}
