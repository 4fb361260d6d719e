import type { IncomingMessage } from 'node:http';

/**
 * Why a control plane refused a WebSocket upgrade (the ws 'unexpected-response' answer):
 * its `{detail}`, or the HTTP status when the body is not that or cannot be read.
 */
export function refusalDetail(res: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    res.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    res.on('end', () => {
      let detail: unknown;
      try {
        detail = (JSON.parse(body) as { detail?: unknown }).detail;
      } catch {
        /* not JSON: the status says it */
      }
      resolve(typeof detail === 'string' ? detail : `HTTP ${res.statusCode}`);
    });
    res.on('error', () => resolve(`HTTP ${res.statusCode}`));
  });
}
