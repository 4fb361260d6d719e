import type { Server } from 'node:http';
import type { HttpTimeouts } from '../config.js';

/**
 * Binds the server; resolves once it listens. A failure is rejected as one sentence a
 * person can act on (the raw EADDRINUSE stack trace says nothing about what to do).
 */
export function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(new Error(listenFailure(err, port, host)));
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

export function listenFailure(err: NodeJS.ErrnoException, port: number, host: string): string {
  switch (err.code) {
    case 'EADDRINUSE':
      return `port ${port} is already in use (another DeviceLab or another program): stop it, or start with PORT=<a free port>`;
    case 'EACCES':
      return `no permission to listen on port ${port}: use a port above 1023 (PORT=8080)`;
    case 'EADDRNOTAVAIL':
      return `cannot listen on ${host}: not an address of this machine (set HOST, default 127.0.0.1; 0.0.0.0 is every interface)`;
    default:
      return `cannot listen on ${host}:${port}: ${err.message}`;
  }
}

/**
 * Node closes an idle keep-alive connection after 5 s by default; a load balancer keeps its
 * pooled connection open for 60 s and more, so its next request raced our close and got a
 * reset. The server now waits longer than the balancer (config.ts, HttpTimeouts).
 */
export function applyTimeouts(server: Server, timeouts: HttpTimeouts): void {
  server.keepAliveTimeout = timeouts.keepAliveTimeoutMs;
}

/** The start line's word on who can reach the server: loopback says how to open it up. */
export function reachability(host: string): string {
  if (host === '127.0.0.1' || host === '::1' || host === 'localhost') {
    return `listening on ${host}, this machine only; HOST=0.0.0.0 exposes it to the network`;
  }
  return `listening on ${host}`;
}
