/**
 * A protocol-level stand-in for a lab agent in control-plane tests: a real
 * WebSocket client that speaks the shared protocol and lets the test script what
 * the agent says. (The real agent is tested end to end in e2e.test.ts.)
 */
import { AGENT_PROTOCOL_VERSION, type AgentMessageInput, type DeviceInfo, parseServerMessage, type ServerMessage } from '@devicelab/shared';
import WebSocket from 'ws';

export interface FakeAgent {
  ws: WebSocket;
  received: ServerMessage[];
  send(message: AgentMessageInput): void;
  /** The next received message of this type (already received ones count), within `timeoutMs`. */
  next<T extends ServerMessage['type']>(type: T, timeoutMs?: number): Promise<Extract<ServerMessage, { type: T }>>;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

export const androidDevice = (serial: string, over: Partial<DeviceInfo> = {}): DeviceInfo => ({
  serial,
  platform: 'android',
  kind: 'emulator',
  model: 'Virtual Pixel',
  osVersion: '14',
  ready: true,
  ...over,
});

export async function connectFakeAgent(
  url: string,
  token: string,
  hello: {
    agentId: string;
    devices?: DeviceInfo[];
    jobs?: Array<{ jobId: string; state: 'running' | 'finished' }>;
    protocolVersion?: number;
  },
): Promise<FakeAgent> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/agent/connect`, { headers: { authorization: `Bearer ${token}` } });
  const received: ServerMessage[] = [];
  const consumed = new Set<ServerMessage>();
  const waiters: Array<() => void> = [];
  ws.on('message', (data) => {
    const parsed = parseServerMessage(data.toString());
    if (!parsed.ok) throw new Error(`the control plane sent an invalid frame: ${parsed.error}`);
    received.push(parsed.message);
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const agent: FakeAgent = {
    ws,
    received,
    send: (message) => ws.send(JSON.stringify(message)),
    // A bound for a message that must come, not a timing: a loaded CI machine has taken over 5 s.
    async next(type, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find((m): m is Extract<ServerMessage, { type: typeof type }> => m.type === type && !consumed.has(m));
        if (found) {
          consumed.add(found);
          return found;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no ${type} within ${timeoutMs} ms (got: ${received.map((m) => m.type).join(', ')})`);
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(t);
            resolve();
          });
        });
      }
    },
    closed,
    close: () => ws.close(),
  };
  agent.send({
    type: 'hello',
    protocolVersion: hello.protocolVersion ?? AGENT_PROTOCOL_VERSION,
    agentVersion: 'test',
    agentId: hello.agentId,
    hostname: 'test-host',
    capabilities: { platforms: ['android'] },
    devices: hello.devices ?? [],
    jobs: hello.jobs ?? [],
  });
  return agent;
}

/** Fake agents a test file connects (`connect`), all cut off at once by `terminateAll` (afterEach). */
export function fakeAgents(options: { welcomed?: boolean } = {}) {
  const connected: FakeAgent[] = [];
  return {
    async connect(...args: Parameters<typeof connectFakeAgent>): Promise<FakeAgent> {
      const agent = await connectFakeAgent(...args);
      connected.push(agent);
      if (options.welcomed) await agent.next('welcome');
      return agent;
    },
    terminateAll(): void {
      for (const a of connected.splice(0)) a.ws.terminate();
    },
  };
}
