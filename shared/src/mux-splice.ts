/**
 * Joins a stream the peer of one session opened to a new stream on another session, frame
 * by frame: the control plane's relay between a lab agent and a tunnel client
 * (control-plane/src/tunnels/agent-relay.ts). Nothing is decoded into a Duplex: a data
 * frame is sent on with its 4-byte stream id rewritten in place, and credit, end and reset
 * frames are passed across. Flow control therefore stays end to end: the opener may send
 * what the far reader has granted, the relay holds no stream's bytes beyond the WebSocket's
 * send buffer, and a slow reader holds back only its own stream.
 *
 * The relay still keeps the count of credit each side was granted, so a peer that sends
 * past it is reset here (as MuxStream does), never passed on. Both sessions must use the
 * same window (the protocol's INITIAL_WINDOW): credit given on one is spent on the other.
 */
import type { FrameHandler, FramePort, IncomingStream, MuxSession, OpeningFrameHandler } from './mux.js';

/**
 * Opens `incoming`'s target on `onward` and, once it opened, accepts `incoming` and joins
 * the two; a refusal travels back with the far side's reason.
 */
export function spliceStream(incoming: IncomingStream, onward: MuxSession): void {
  let near: FramePort | null = null;
  /** Bytes the opener may still send: granted by the far reader. */
  let nearCredit = onward.window;
  /** Bytes the far side may still send: granted by the opener's reader. */
  let farCredit = onward.window;
  let nearEnded = false;
  let farEnded = false;
  let finished = false;

  const bothEnded = () => {
    if (!nearEnded || !farEnded || finished) return;
    finished = true;
    near!.release();
    far.release();
  };

  const nearSide: FrameHandler = {
    onData(frame) {
      nearCredit -= frame.length - 4;
      if (nearCredit < 0) return false; // the session resets it; onReset below takes the far side with it
      if (!nearEnded) far.forward(frame);
      return true;
    },
    onCredit(bytes) {
      farCredit += bytes;
      far.credit(bytes);
    },
    onEnd() {
      if (nearEnded) return;
      nearEnded = true;
      far.end();
      bothEnded();
    },
    onReset(reason) {
      if (finished) return;
      finished = true;
      far.reset(reason);
    },
  };

  const farSide: OpeningFrameHandler = {
    onOpened() {
      near = incoming.acceptFrames(nearSide);
    },
    onRefused(reason) {
      if (finished) return;
      finished = true;
      incoming.refuse(reason);
    },
    onData(frame) {
      farCredit -= frame.length - 4;
      if (farCredit < 0) return false;
      if (!farEnded) near!.forward(frame);
      return true;
    },
    onCredit(bytes) {
      nearCredit += bytes;
      near!.credit(bytes);
    },
    onEnd() {
      if (farEnded) return;
      farEnded = true;
      near!.end();
      bothEnded();
    },
    onReset(reason) {
      if (finished) return;
      finished = true;
      near!.reset(reason);
    },
  };

  const far = onward.openFrames(incoming.target, farSide);
}
