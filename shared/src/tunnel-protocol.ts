/**
 * The tunnel multiplexing protocol (docs/architecture.md#tunnels): many TCP-like byte streams over
 * one WebSocket. Used between the control plane and a tunnel client (`GET /tunnel/connect`)
 * and between a lab agent running a tunnelled test and the control plane
 * (`GET /agent/tunnel`), which relays one session's streams into the other.
 *
 * Control frames are JSON text, validated with these schemas. Data frames are binary:
 * a 4-byte big-endian stream id, then the payload (at most MAX_DATA_FRAME bytes).
 *
 *   opener   → open {id, host, port}          acceptor → opened {id} | refused {id, reason}
 *   either   → data (binary)                  either   → credit {id, bytes}
 *   either   → end {id} (no more data from me; the other direction may go on)
 *   either   → reset {id, reason} (the stream is gone both ways)
 *   server   → ready {tunnelName} (a tunnel client is registered and may be used)
 *
 * Flow control is per stream and credit based: a sender starts with INITIAL_WINDOW bytes
 * of credit for each direction and may send no more data than it has credit; the receiver
 * returns credit as its reader consumes, and may grant more at any time (ours grant up to
 * RECEIVE_WINDOW as soon as the stream is open). A slow reader therefore holds back only its own
 * stream, never the WebSocket the others share.
 */
import { z } from 'zod';
import { parseJsonText } from './json-text.js';

/** Bytes each side may send on a new stream before the first credit frame. */
export const INITIAL_WINDOW = 1024 * 1024;
/**
 * Bytes our readers let the peer have in flight on a stream: once the stream is open they
 * grant what this adds to INITIAL_WINDOW in one credit frame. A tunnelled byte crosses three
 * processes, and with only INITIAL_WINDOW in flight a download stalled on credit (4 MiB:
 * 163 against 112 MiB/s on a 2-core machine, docs/benchmarks.md). Peers that predate it
 * simply receive more credit, and grant only INITIAL_WINDOW themselves. The cost is memory
 * when a reader stalls: at most this much per stream waits in the receiving process.
 */
export const RECEIVE_WINDOW = 4 * 1024 * 1024;
/** Largest payload of one data frame. */
export const MAX_DATA_FRAME = 64 * 1024;
/** Stream ids are unsigned 32-bit; the opener of a session uses odd ones, its peer even. */
export const MAX_STREAM_ID = 0xffff_ffff;

/** WebSocket close codes of the tunnel endpoint; the reason text says why. */
export const TUNNEL_CLOSE_CODES = {
  unauthorized: 4401,
  /** An audit key, or a key of the wrong kind. */
  forbidden: 4403,
  /** The organisation already has a connected tunnel with this name. */
  nameTaken: 4409,
  /** The tunnel a relayed test used went away. */
  tunnelLost: 4410,
  shuttingDown: 4503,
} as const;

const streamId = z.number().int().min(1).max(MAX_STREAM_ID);
const reason = z.string().max(2000);

/** A host name or IP literal as it appears in a URL or a CONNECT line (no brackets). */
export const TunnelHost = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[A-Za-z0-9._:%-]+$/, 'not a host name or IP address');

export const OpenFrame = z.object({ type: z.literal('open'), id: streamId, host: TunnelHost, port: z.number().int().min(1).max(65535) });
export const OpenedFrame = z.object({ type: z.literal('opened'), id: streamId });
export const RefusedFrame = z.object({ type: z.literal('refused'), id: streamId, reason });
export const CreditFrame = z.object({ type: z.literal('credit'), id: streamId, bytes: z.number().int().min(1).max(MAX_STREAM_ID) });
export const EndFrame = z.object({ type: z.literal('end'), id: streamId });
export const ResetFrame = z.object({ type: z.literal('reset'), id: streamId, reason });
export const ReadyFrame = z.object({ type: z.literal('ready'), tunnelName: z.string().max(100) });

export const TunnelControlFrame = z.discriminatedUnion('type', [
  OpenFrame,
  OpenedFrame,
  RefusedFrame,
  CreditFrame,
  EndFrame,
  ResetFrame,
  ReadyFrame,
]);
export type TunnelControlFrame = z.infer<typeof TunnelControlFrame>;

/** Tunnel names: what `--tunnel-name` accepts and what a run's tunnelName must match. */
export const TunnelName = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'letters, digits, ".", "_" and "-", starting with a letter or digit');

/**
 * The frames sent for every stream, many times for a busy one (credit), exactly as
 * encodeTunnelControlFrame writes them: read without JSON.parse and zod, their fields
 * checked by hand against the same bounds. Anything else takes the full path below.
 */
const HOT_FRAME = /^\{"type":"(credit|end|opened)","id":([1-9]\d{0,9})(?:,"bytes":([1-9]\d{0,9}))?\}$/;

function hotFrame(raw: string): TunnelControlFrame | null {
  const match = HOT_FRAME.exec(raw);
  if (!match) return null;
  const id = Number(match[2]);
  if (id < 1 || id > MAX_STREAM_ID) return null;
  if (match[1] !== 'credit') return match[3] === undefined ? { type: match[1] as 'end' | 'opened', id } : null;
  const bytes = Number(match[3]);
  return match[3] !== undefined && bytes >= 1 && bytes <= MAX_STREAM_ID ? { type: 'credit', id, bytes } : null;
}

/** JSON text of a control frame; the hot ones written without JSON.stringify, in the same form. */
export function encodeTunnelControlFrame(frame: TunnelControlFrame): string {
  if (frame.type === 'credit') return `{"type":"credit","id":${frame.id},"bytes":${frame.bytes}}`;
  if (frame.type === 'end' || frame.type === 'opened') return `{"type":"${frame.type}","id":${frame.id}}`;
  return JSON.stringify(frame);
}

export function parseTunnelControlFrame(raw: string): { ok: true; frame: TunnelControlFrame } | { ok: false; error: string } {
  const hot = hotFrame(raw);
  if (hot) return { ok: true, frame: hot };
  const parsed = parseJsonText(raw);
  if (!parsed.ok) return { ok: false, error: `frame is not usable JSON: ${parsed.error}` };
  const result = TunnelControlFrame.safeParse(parsed.value);
  if (result.success) return { ok: true, frame: result.data };
  const issue = result.error.issues[0]!;
  return { ok: false, error: `invalid tunnel frame: ${issue.path.join('.') || '(frame)'}: ${issue.message}` };
}

export function encodeDataFrame(id: number, payload: Uint8Array): Buffer {
  const frame = Buffer.allocUnsafe(4 + payload.length);
  frame.writeUInt32BE(id, 0);
  frame.set(payload, 4);
  return frame;
}

export function decodeDataFrame(frame: Buffer): { ok: true; id: number; payload: Buffer } | { ok: false; error: string } {
  if (frame.length < 5) return { ok: false, error: 'data frame shorter than its stream id and one byte' };
  if (frame.length > 4 + MAX_DATA_FRAME) return { ok: false, error: `data frame over ${MAX_DATA_FRAME} bytes` };
  const id = frame.readUInt32BE(0);
  if (id === 0) return { ok: false, error: 'data frame for stream 0' };
  return { ok: true, id, payload: frame.subarray(4) };
}
