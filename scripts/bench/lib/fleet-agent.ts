/**
 * A protocol-level lab agent that runs the tests it is offered on its own, for benchmarks of a
 * whole lab (lab-scale.ts): it says hello with its devices, accepts every job.offer, keeps the
 * device busy for `deviceMs` (the test's time on the device; no step is decided) and sends
 * job.result succeeded. Like the real agent (lab-agent/src/connection.ts), it keeps results
 * until job.result.ack, lists unfinished and unacknowledged jobs in its next hello and sends
 * the results again after the welcome; when its replica goes away, it connects to the next one
 * in its list. Jobs keep running on the device while the agent is disconnected.
 */
import { AGENT_PROTOCOL_VERSION, type AgentMessageInput, parseServerMessage } from '@devicelab/shared';
import { androidEmulator } from './fake-agent.js';
import { WebSocket } from './ws.js';

/** One offer as the agent saw it, on the benchmark's clock (performance.now()). */
export interface OfferSeen {
  jobId: string;
  runId: string;
  serial: string;
  tryNumber: number;
  at: number;
  /** When the device's previous test ended here (the result was sent), or null for its first test. */
  deviceFreeSince: number | null;
}

export interface FleetAgent {
  agentId: string;
  offers: OfferSeen[];
  /** job.result.ack frames received, and results sent (re-sends after a reconnect included). */
  acks: number;
  resultsSent: number;
  reconnects: number;
  problems: string[];
  welcomed: Promise<void>;
  /** Index into `urls` of the replica the agent is connected (or connecting) to. */
  readonly replicaIndex: number;
  close(): Promise<void>;
}

export function startFleetAgent(opts: {
  urls: readonly string[];
  firstReplica: number;
  token: string;
  agentId: string;
  devices: number;
  deviceMs: number;
  /** Each test's time on the device varies uniformly within deviceMs × (1 ± spread); 0: every test takes deviceMs. */
  spread?: number;
  heartbeatMs?: number;
  /** Replicas known dead (kill -9 by the benchmark): skipped when reconnecting. */
  isDead?: (index: number) => boolean;
}): FleetAgent {
  const serials = Array.from({ length: opts.devices }, (_, i) => `${opts.agentId}-emu-${i}`);
  const running = new Map<string, NodeJS.Timeout | null>();
  const unacked = new Map<string, AgentMessageInput>();
  const freeSince = new Map<string, number>();
  let replicaIndex = opts.firstReplica;
  let ws: WebSocket | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let stopping = false;
  let welcome!: () => void;
  const agent: FleetAgent = {
    agentId: opts.agentId,
    offers: [],
    acks: 0,
    resultsSent: 0,
    reconnects: 0,
    problems: [],
    welcomed: new Promise<void>((resolve) => (welcome = resolve)),
    get replicaIndex() {
      return replicaIndex;
    },
    async close() {
      stopping = true;
      if (heartbeat) clearInterval(heartbeat);
      for (const t of running.values()) if (t) clearTimeout(t);
      if (!ws || ws.readyState === ws.CLOSED) return;
      const closed = new Promise<void>((resolve) => ws!.once('close', () => resolve()));
      ws.close(1000, 'benchmark done');
      setTimeout(() => ws?.terminate(), 3000).unref();
      await closed;
    },
  };

  const send = (m: AgentMessageInput) => {
    if (ws?.readyState === ws?.OPEN) ws!.send(JSON.stringify(m));
  };

  const testMs = () => opts.deviceMs * (1 + (opts.spread ?? 0) * (2 * Math.random() - 1));

  function finish(jobId: string, serial: string, ms: number): void {
    running.set(jobId, null);
    const result: AgentMessageInput = { type: 'job.result', jobId, verdict: 'succeeded', durationSeconds: ms / 1000 };
    unacked.set(jobId, result);
    freeSince.set(serial, performance.now());
    agent.resultsSent += 1;
    send(result);
  }

  function connect(): void {
    const url = `${opts.urls[replicaIndex]!.replace(/\/$/, '').replace(/^http/, 'ws')}/agent/connect`;
    const socket = new WebSocket(url, { headers: { authorization: `Bearer ${opts.token}` }, handshakeTimeout: 5000 });
    ws = socket;
    socket.on('open', () => {
      send({
        type: 'hello',
        protocolVersion: AGENT_PROTOCOL_VERSION,
        agentVersion: 'bench',
        agentId: opts.agentId,
        hostname: `bench-${opts.agentId}`,
        capabilities: { platforms: ['android'], virtual: true },
        devices: serials.map(androidEmulator),
        jobs: [...running.keys()].map((jobId) => ({ jobId, state: unacked.has(jobId) ? ('finished' as const) : ('running' as const) })),
      });
    });
    socket.on('message', (data) => {
      const at = performance.now();
      const parsed = parseServerMessage(data.toString());
      if (!parsed.ok) return void agent.problems.push(`invalid frame: ${parsed.error}`);
      const m = parsed.message;
      switch (m.type) {
        case 'welcome':
          welcome();
          if (heartbeat) clearInterval(heartbeat);
          heartbeat = setInterval(() => {
            send({ type: 'heartbeat', at: new Date().toISOString() });
            if (socket.readyState === socket.OPEN) socket.ping();
          }, opts.heartbeatMs ?? m.heartbeatIntervalMs);
          for (const result of unacked.values()) {
            agent.resultsSent += 1;
            send(result);
          }
          break;
        case 'job.offer': {
          agent.offers.push({
            jobId: m.jobId,
            runId: m.runId,
            serial: m.serial,
            tryNumber: m.tryNumber,
            at,
            deviceFreeSince: freeSince.get(m.serial) ?? null,
          });
          if (running.has(m.jobId)) return void agent.problems.push(`offered ${m.jobId} again while it runs here`);
          send({ type: 'job.accepted', jobId: m.jobId });
          const ms = testMs();
          running.set(
            m.jobId,
            setTimeout(() => finish(m.jobId, m.serial, ms), ms),
          );
          break;
        }
        case 'job.result.ack':
          agent.acks += 1;
          unacked.delete(m.jobId);
          running.delete(m.jobId);
          break;
        case 'error':
          agent.problems.push(`error frame: ${m.detail}`);
          break;
        default:
          break; // job.cancel, step.decision: not asked for here
      }
    });
    socket.on('error', () => {}); // 'close' follows
    socket.on('close', () => {
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = null;
      if (stopping) return;
      agent.reconnects += 1;
      // The next replica of the list that is not known dead; a refused attempt moves on again.
      for (let i = 1; i <= opts.urls.length; i += 1) {
        const next = (replicaIndex + i) % opts.urls.length;
        if (!opts.isDead?.(next)) {
          replicaIndex = next;
          break;
        }
      }
      setTimeout(connect, 50 + Math.random() * 200);
    });
  }
  connect();
  return agent;
}
