/**
 * The agent's WebSocket to the control plane (`<URL>/agent/connect`, Bearer agent token),
 * following the conversation in shared/src/agent-protocol.ts:
 *
 *   open → hello → welcome → heartbeats, offers, decisions ... → close → backoff → open ...
 *
 * What survives a dropped socket, and why:
 *   - job.result frames stay in the ResultOutbox (also on disk) until job.result.ack; they
 *     are re-sent after every welcome, and the hello lists them as finished jobs.
 *   - step.event and job.released frames are queued (bounded) and flushed after welcome:
 *     the run's timeline and a released job are worth delivering late.
 *   - step.decide requests stay pending and are re-sent after welcome until answered:
 *     the runner is waiting for them (within its own step timeout).
 *   - device.* events, heartbeats, job.accepted/rejected are not queued: the next hello
 *     carries the current devices and running jobs, which supersedes them.
 * Close 4400 (incompatible) and 4401 (bad token) are final: retrying cannot help.
 *
 * Several control-plane URLs (replicas over one database) are tried round robin: any drop
 * or refusal moves on to the next one, with the jittered backoff in between. Everything
 * above that survives a dropped socket is re-sent to whichever replica welcomes the agent.
 * While waiting to reconnect the agent asks the control planes' /healthz about once a
 * second; the first that answers resets the backoff, so a restarted control plane has its
 * agents back within about a second and a half of answering rather than after a backoff
 * grown during the outage (still jittered, so they do not all arrive at once).
 */
import { EventEmitter } from 'node:events';
import {
  AGENT_PROTOCOL_VERSION,
  AgentMessage,
  type AgentMessageInput,
  CLOSE_CODES,
  type JobResult,
  parseServerMessage,
  type ServerMessage,
  type StepDecision,
} from '@devicelab/shared';
import WebSocket from 'ws';
import { type BackoffOptions, backoffDelay } from './backoff.js';
import { type ControlPlaneEndpoint, controlPlaneEndpoints, watchHealth, withoutCredentials } from './control-planes.js';
import type { ResultOutbox } from './state.js';

export type ConnectionState = 'connecting' | 'connected' | 'disconnected' | 'stopped';

type HelloInput = Extract<AgentMessageInput, { type: 'hello' }>;
type StepDecideInput = Extract<AgentMessageInput, { type: 'step.decide' }>;
type QueuedInput = Extract<AgentMessageInput, { type: 'step.event' | 'job.released' }>;

/** Offers, cancels and error frames: what the agent acts on (welcome, acks, decisions are handled here). */
export type IncomingMessage = Extract<ServerMessage, { type: 'job.offer' | 'job.cancel' | 'error' }>;

export interface ConnectionEnd {
  kind: 'stopped' | 'incompatible' | 'unauthorized' | 'replaced';
  reason: string;
}

export interface ConnectionOptions {
  /** One control plane, or several replicas over one database (a list, or "URL1,URL2"). */
  controlPlaneUrl: string | readonly string[];
  token: string;
  /** The hello without type/protocolVersion; asked again for every connect, so it is current. */
  hello: () => Omit<HelloInput, 'type' | 'protocolVersion'>;
  outbox: ResultOutbox;
  log?: (line: string) => void;
  backoff?: BackoffOptions;
  /** How long to wait for welcome after hello before trying again; default 10 s. */
  welcomeTimeoutMs?: number;
  /** Queued step events beyond this are dropped oldest first, so a long outage cannot exhaust memory. */
  maxQueued?: number;
  /** While waiting to reconnect, /healthz is asked every 0.5–1× this; default 1000 ms. */
  healthProbeMs?: number;
}

export interface AgentConnectionEvents {
  state: [state: ConnectionState, detail: string];
  message: [message: IncomingMessage];
  welcome: [welcome: Extract<ServerMessage, { type: 'welcome' }>];
}

interface PendingDecide {
  frame: StepDecideInput;
  resolve: (decision: StepDecision) => void;
  reject: (error: unknown) => void;
}

export class AgentConnection extends EventEmitter<AgentConnectionEvents> {
  private socket: WebSocket | null = null;
  private stateValue: ConnectionState = 'disconnected';
  private attempt = 0;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private welcomeTimer: NodeJS.Timeout | null = null;
  /** Stops asking /healthz for the reconnect wait in progress. */
  private stopHealthWatch: (() => void) | null = null;
  private readonly endpoints: ControlPlaneEndpoint[];
  /** The endpoint connected to, or tried next. */
  private current = 0;
  private lastPong = Date.now();
  private stopping = false;
  private readonly queue: QueuedInput[] = [];
  private readonly pending = new Map<string, PendingDecide>();
  /** Job id → who waits for its result's ack (resultAcked). */
  private readonly ackWaiters = new Map<string, Array<() => void>>();
  private readonly log: (line: string) => void;
  private finish!: (end: ConnectionEnd) => void;
  /** Resolves once, when the connection stops for good. */
  readonly done: Promise<ConnectionEnd>;

  constructor(private readonly options: ConnectionOptions) {
    super();
    this.endpoints = controlPlaneEndpoints(options.controlPlaneUrl);
    this.log = options.log ?? (() => {});
    this.done = new Promise((resolve) => (this.finish = resolve));
  }

  get state(): ConnectionState {
    return this.stateValue;
  }

  /** The agent socket URL connected to, or tried next. */
  get url(): string {
    return this.endpoints[this.current]!.socketUrl;
  }

  /** The tunnel relay URL of the control plane connected to, or tried next. */
  get relayUrl(): string {
    return this.endpoints[this.current]!.relayUrl;
  }

  start(): void {
    if (this.stateValue !== 'disconnected' || this.stopping || this.socket) return;
    this.open();
  }

  /** Sends now if connected; otherwise drops it (the next hello makes up for it). */
  sendIfConnected(message: AgentMessageInput): boolean {
    if (this.stateValue !== 'connected') return false;
    return this.write(message);
  }

  /** Sends now, or after the next welcome. */
  sendQueued(message: QueuedInput): void {
    if (this.stateValue === 'connected' && this.write(message)) return;
    this.queue.push(message);
    const max = this.options.maxQueued ?? 10_000;
    while (this.queue.length > max) {
      const dropAt = this.queue.findIndex((m) => m.type === 'step.event');
      this.queue.splice(Math.max(dropAt, 0), 1);
    }
  }

  /**
   * Resolves when the server has acknowledged the job's result (it is recorded), at once
   * when none is waiting; or when `signal` aborts.
   */
  resultAcked(jobId: string, signal?: AbortSignal): Promise<void> {
    if (!this.options.outbox.has(jobId) || signal?.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const waiters = this.ackWaiters.get(jobId) ?? [];
      waiters.push(resolve);
      this.ackWaiters.set(jobId, waiters);
      signal?.addEventListener('abort', () => resolve(), { once: true });
    });
  }

  /** Keeps the result until the server acknowledges it, across reconnects and restarts. */
  sendResult(result: JobResult): void {
    this.options.outbox.add(result);
    if (this.stateValue === 'connected') this.write(result);
  }

  /** Asks for a step decision; re-sent after reconnects until answered or `signal` aborts. */
  requestDecision(frame: Omit<StepDecideInput, 'type'>, signal?: AbortSignal): Promise<StepDecision> {
    const full: StepDecideInput = { type: 'step.decide', ...frame };
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      if (this.stateValue === 'stopped') return reject(new Error('connection stopped'));
      const onAbort = () => {
        this.pending.delete(full.requestId);
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.pending.set(full.requestId, {
        frame: full,
        resolve: (d) => (signal?.removeEventListener('abort', onAbort), resolve(d)),
        reject: (e) => (signal?.removeEventListener('abort', onAbort), reject(e)),
      });
      if (this.stateValue === 'connected') this.write(full);
    });
  }

  /** Flushes what can be sent, closes with 1000 and stops reconnecting. */
  async close(reason = 'agent shutting down'): Promise<void> {
    if (this.stopping) return void (await this.done);
    if (this.queue.length > 0 && this.stateValue !== 'connected') {
      // Released jobs and step events are waiting for a connection: give a reconnect a
      // moment, since the welcome flushes them (the job.released above all).
      await new Promise<void>((resolve) => {
        const onWelcome = () => setImmediate(done);
        const timer = setTimeout(() => done(), 3000);
        const done = () => {
          clearTimeout(timer);
          this.off('welcome', onWelcome);
          resolve();
        };
        this.once('welcome', onWelcome);
      });
    }
    this.stopping = true;
    this.clearTimers();
    const socket = this.socket;
    if (socket && socket.readyState === WebSocket.OPEN) {
      // No explicit flush: ws queues the close frame behind every frame already sent.
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      socket.close(1000, reason);
      // A server that never answers the close handshake must not hold up the exit.
      const timer = setTimeout(() => socket.terminate(), 2000);
      await closed;
      clearTimeout(timer);
    } else socket?.terminate();
    this.end({ kind: 'stopped', reason });
  }

  private open(): void {
    this.stopProbing();
    this.setState('connecting', withoutCredentials(this.url));
    const socket = new WebSocket(this.url, { headers: { authorization: `Bearer ${this.options.token}` }, handshakeTimeout: 10_000 });
    this.socket = socket;
    socket.on('open', () => {
      this.lastPong = Date.now();
      const hello = this.options.hello();
      const running = hello.jobs ?? [];
      const finished = this.options.outbox.list().filter((r) => !running.some((j) => j.jobId === r.jobId));
      this.write({
        type: 'hello',
        protocolVersion: AGENT_PROTOCOL_VERSION,
        ...hello,
        jobs: [...running, ...finished.map((r) => ({ jobId: r.jobId, state: 'finished' as const }))],
      });
      this.welcomeTimer = setTimeout(() => {
        this.log('no welcome from the control plane; reconnecting');
        socket.terminate();
      }, this.options.welcomeTimeoutMs ?? 10_000);
    });
    socket.on('message', (data, isBinary) => {
      if (isBinary) return this.log('ignored a binary frame from the control plane');
      this.onFrame(data.toString());
    });
    socket.on('pong', () => (this.lastPong = Date.now()));
    socket.on('unexpected-response', (_req, res) => {
      // The answer's body is not needed; a reset while it arrives must not throw.
      res.on('error', () => {});
      res.resume();
      // A server may refuse a bad token at the HTTP upgrade instead of closing with 4401.
      const status = res.statusCode ?? 0;
      if (status === 401 || status === 403)
        this.end({ kind: 'unauthorized', reason: `control plane refused the agent token (HTTP ${status})` });
      else this.log(`control plane answered the upgrade with HTTP ${status}`);
      socket.terminate();
    });
    socket.on('error', (err) => this.log(`connection error: ${err.message}`));
    socket.on('close', (code, reasonBuffer) => this.onClose(socket, code, reasonBuffer.toString()));
  }

  private onFrame(raw: string): void {
    const parsed = parseServerMessage(raw);
    if (!parsed.ok) return this.log(`ignored an invalid frame from the control plane: ${parsed.error}`);
    const message = parsed.message;
    switch (message.type) {
      case 'welcome':
        return this.onWelcome(message);
      case 'job.result.ack':
        this.options.outbox.ack(message.jobId);
        for (const resolve of this.ackWaiters.get(message.jobId) ?? []) resolve();
        this.ackWaiters.delete(message.jobId);
        return;
      case 'step.decision': {
        const waiting = this.pending.get(message.requestId);
        if (!waiting) return; // answered already (a re-sent request), or given up on
        this.pending.delete(message.requestId);
        return waiting.resolve(message);
      }
      case 'error':
        this.log(`control plane reported: ${message.detail}`);
        return void this.emit('message', message);
      default:
        return void this.emit('message', message);
    }
  }

  private onWelcome(welcome: Extract<ServerMessage, { type: 'welcome' }>): void {
    if (this.welcomeTimer) clearTimeout(this.welcomeTimer);
    this.welcomeTimer = null;
    this.attempt = 0;
    this.setState('connected', `agent ${welcome.agentId}, heartbeat every ${welcome.heartbeatIntervalMs} ms`);
    this.emit('welcome', welcome);
    this.startHeartbeat(welcome.heartbeatIntervalMs);
    // Order: the run's timeline first, then verdicts, then the questions still open.
    for (const message of this.queue.splice(0)) this.write(message);
    for (const result of this.options.outbox.list()) this.write({ ...result, type: 'job.result' });
    for (const { frame } of this.pending.values()) this.write(frame);
  }

  private startHeartbeat(intervalMs: number): void {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.lastPong = Date.now();
    this.heartbeatTimer = setInterval(() => {
      const socket = this.socket;
      if (!socket || socket.readyState !== WebSocket.OPEN) return;
      // A half-open TCP connection (a NAT dropped it) never closes by itself; no pong for
      // three intervals means nobody is there, so reconnect instead of writing into the void.
      if (Date.now() - this.lastPong > intervalMs * 3) {
        this.log('control plane stopped answering pings; reconnecting');
        return socket.terminate();
      }
      this.write({ type: 'heartbeat', at: new Date().toISOString() });
      socket.ping();
    }, intervalMs);
  }

  private onClose(socket: WebSocket, code: number, reason: string): void {
    if (this.socket !== socket) return;
    this.socket = null;
    this.clearTimers();
    if (this.stopping) return;
    if (code === CLOSE_CODES.incompatible)
      return this.end({ kind: 'incompatible', reason: reason || 'the control plane refused this agent version' });
    if (code === CLOSE_CODES.unauthorized)
      return this.end({ kind: 'unauthorized', reason: reason || 'the control plane refused the agent token' });
    // Another process uses this agent id (a copied state dir): reconnecting would make the two
    // take turns forever, so stop and say how to fix it.
    if (code === CLOSE_CODES.replaced) {
      return this.end({
        kind: 'replaced',
        reason: 'another lab agent connected with the same agent id: give each agent its own --state-dir',
      });
    }
    if (this.stateValue === 'stopped') return;
    // This control plane dropped or refused us: the next one (round robin) is tried next.
    this.current = (this.current + 1) % this.endpoints.length;
    const delay = backoffDelay(this.attempt, this.options.backoff);
    this.attempt += 1;
    const why = reason || `code ${code}`;
    this.setState(
      'disconnected',
      `${why}; reconnecting${this.endpoints.length > 1 ? ` to ${withoutCredentials(this.url)}` : ''} in ${delay} ms`,
    );
    this.reconnectIn(delay);
    this.watchHealth();
  }

  private reconnectIn(delay: number): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.stopping) this.open();
    }, delay);
  }

  /**
   * While a reconnect waits, asks every control plane's /healthz (next in turn first) now
   * and then; the first that answers is connected to after the first backoff step (jitter
   * only), and the grown backoff is forgotten.
   */
  private watchHealth(): void {
    this.stopProbing();
    const order = this.endpoints.map((_, i) => (this.current + i) % this.endpoints.length);
    this.stopHealthWatch = watchHealth(this.endpoints, order, this.options.healthProbeMs ?? 1000, (healthy) => {
      this.stopHealthWatch = null;
      if (!this.reconnectTimer) return; // a reconnect started meanwhile: this wait is over
      this.current = healthy;
      // Back to the first step of the backoff (jitter of at most a second): the agents of a
      // lab still spread their reconnects, but none sleeps out a delay grown while it was down.
      this.attempt = 1;
      const delay = backoffDelay(0, { ...this.options.backoff, maxMs: Math.min(1000, this.options.backoff?.maxMs ?? 1000) });
      this.log(`control plane ${this.endpoints[healthy]!.url} is healthy; reconnecting in ${delay} ms`);
      this.reconnectIn(delay);
    });
  }

  private write(message: AgentMessageInput): boolean {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    // Validating our own frames catches a bug here rather than as an error frame there.
    const checked = AgentMessage.safeParse(message);
    if (!checked.success) {
      this.log(`not sending an invalid ${message.type}: ${checked.error.issues[0]?.message ?? 'invalid'}`);
      return false;
    }
    socket.send(JSON.stringify(checked.data));
    return true;
  }

  private end(end: ConnectionEnd): void {
    if (this.stateValue === 'stopped') return;
    this.stopping = true;
    this.clearTimers();
    this.socket?.terminate();
    this.socket = null;
    for (const waiting of this.pending.values()) waiting.reject(new Error(`connection stopped: ${end.reason}`));
    this.pending.clear();
    this.setState('stopped', end.kind === 'stopped' ? end.reason : `${end.kind}: ${end.reason}`);
    this.finish(end);
  }

  private setState(state: ConnectionState, detail: string): void {
    this.stateValue = state;
    this.emit('state', state, detail);
  }

  private stopProbing(): void {
    this.stopHealthWatch?.();
    this.stopHealthWatch = null;
  }

  private clearTimers(): void {
    this.stopProbing();
    for (const timer of [this.reconnectTimer, this.welcomeTimer]) if (timer) clearTimeout(timer);
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.reconnectTimer = this.welcomeTimer = this.heartbeatTimer = null;
  }
}
