/**
 * WebSocket client options of the tunnel's two client ends (tunnel-client.ts, relay-client.ts),
 * which carry every tunnelled byte.
 *
 * Masking. RFC 6455 has clients XOR every frame with a fresh random key, so that a script in a
 * browser cannot choose the bytes a transparent proxy that misreads the connection sees (cache
 * poisoning). It costs a pass over every byte on each end (and a copy on the sending side).
 * Our clients are not browsers, but part of what they carry is chosen by others (the pages an
 * app loads, the internal host's answers), so the random key is kept where an intermediary
 * could read the bytes: plain ws:// to another host. Over TLS (wss://) no intermediary sees
 * them, and on loopback there is none: there the key is all zeros, which `ws` (≥ 8.6, on both
 * ends) recognises and skips.
 *
 * Compression (permessage-deflate) is off: tunnelled bytes are mostly compressed already
 * (TLS, images, gzip) and deflating them costs CPU on both ends for nothing.
 *
 * Reads: over plain ws:// the socket reads up to 256 KiB at a time and hands `ws` whole frames
 * (large-reads.ts), so that `ws` never joins a data frame that straddles two reads. Over TLS the
 * reads are TLS records.
 */
import { type createConnection, isIP } from 'node:net';
import { connectWithLargeReads } from './large-reads.js';

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return host === 'localhost' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));
}

/** Whether frames to this URL may go with an all-zero mask (see above). */
export function maskingNeedless(url: URL): boolean {
  return url.protocol === 'wss:' || isLoopback(url.hostname);
}

// Byte by byte: Buffer#fill's checks cost more than the four stores (40 ms of the tunnel client's CPU in a profiled benchmark run).
const zeroMask = (mask: Buffer) => {
  mask[0] = 0;
  mask[1] = 0;
  mask[2] = 0;
  mask[3] = 0;
};

export interface TunnelSocketOptions {
  perMessageDeflate: false;
  generateMask?: (mask: Buffer) => void;
  createConnection?: typeof createConnection;
}

export function tunnelSocketOptions(url: URL): TunnelSocketOptions {
  return {
    perMessageDeflate: false,
    ...(maskingNeedless(url) ? { generateMask: zeroMask } : {}),
    ...(url.protocol === 'ws:' ? { createConnection: connectWithLargeReads as typeof createConnection } : {}),
  };
}
