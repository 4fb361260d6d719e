/**
 * The lab agent protocol: JSON text frames on one WebSocket, `GET /agent/connect`
 * with `Authorization: Bearer <agent token>`. Both ends validate every frame with
 * these schemas (`parseAgentMessage`, `parseServerMessage`); an invalid frame is
 * answered with an `error` frame and otherwise ignored, never half-applied.
 *
 * Conversation:
 *   agent  → hello (protocol version, agent version, capabilities, devices, jobs it still runs)
 *   server → welcome (heartbeat interval)  |  close 4400 with a reason (incompatible version)
 *   agent  → heartbeat every heartbeatIntervalMs; device.added / device.changed / device.removed
 *   server → job.offer (one test on one device)      agent → job.accepted | job.rejected
 *   agent  → step.decide {requestId}                  server → step.decision {requestId}
 *   agent  → step.event (what was performed, with the screenshot's storage key)
 *   agent  → job.result (verdict)                     server → job.result.ack
 *   server → job.cancel                               agent  → job.result (verdict cancelled)
 *   agent  → job.released (shutting down: the job goes back to the queue)
 *
 * Request/reply pairs carry an id (`jobId`, `requestId`) and get exactly one final
 * reply. A job whose result the server has not acknowledged is reported again in the
 * next hello, so a control-plane restart loses nothing and runs nothing twice.
 */
import { z } from 'zod';
import { Action } from './actions.js';
import { parseJsonText } from './json-text.js';
import { Platform } from './platform.js';

/**
 * Bumped on any incompatible change; the server refuses other versions at hello.
 * 2: job.offer's try number is `tryNumber` (it was `attempt`).
 */
export const AGENT_PROTOCOL_VERSION = 2;
/** The oldest agent protocol a control plane still welcomes, so agents can be upgraded after it. */
export const OLDEST_AGENT_PROTOCOL_VERSION = 1;
/** WebSocket close codes the server uses. */
export const CLOSE_CODES = {
  incompatible: 4400,
  unauthorized: 4401,
  replaced: 4409, // another connection with the same agent id took over
  shuttingDown: 4503,
} as const;

const id = z.string().min(1).max(100);

export const DeviceKind = z.enum(['emulator', 'physical', 'simulator']);
export type DeviceKind = z.infer<typeof DeviceKind>;

export const DeviceInfo = z.object({
  /** Unique on its agent: the adb serial, the simulator UDID. */
  serial: id,
  platform: Platform,
  kind: DeviceKind,
  model: z.string().max(200),
  osVersion: z.string().max(50),
  /** Whether it can take a test now (adb `device` state, simulator booted). */
  ready: z.boolean(),
  /** Why it is not ready, in words an operator can act on ("the iPhone is locked: unlock it"). */
  reason: z.string().max(500).optional(),
});
export type DeviceInfo = z.infer<typeof DeviceInfo>;

export const Capabilities = z.object({
  platforms: z.array(Platform),
  /** Runs on the virtual handset (no hardware). */
  virtual: z.boolean().default(false),
  screenRecording: z.boolean().default(false),
});

// ---- agent → server -------------------------------------------------------

export const Hello = z.object({
  type: z.literal('hello'),
  protocolVersion: z.number().int(),
  agentVersion: z.string().max(50),
  /** Stable per installation (kept in the agent's state dir), so a reconnect is recognised. */
  agentId: id,
  hostname: z.string().max(200),
  capabilities: Capabilities,
  devices: z.array(DeviceInfo).max(1000),
  /** Jobs the agent is still running, or finished without an acknowledged result. */
  jobs: z
    .array(z.object({ jobId: id, state: z.enum(['running', 'finished']) }))
    .max(1000)
    .default([]),
});

export const Heartbeat = z.object({ type: z.literal('heartbeat'), at: z.string().optional() });

export const DeviceAdded = z.object({ type: z.literal('device.added'), device: DeviceInfo });
export const DeviceChanged = z.object({ type: z.literal('device.changed'), device: DeviceInfo });
export const DeviceRemoved = z.object({ type: z.literal('device.removed'), serial: id });

export const JobAccepted = z.object({ type: z.literal('job.accepted'), jobId: id });
export const JobRejected = z.object({ type: z.literal('job.rejected'), jobId: id, reason: z.string().max(2000) });

export const StepDecide = z.object({
  type: z.literal('step.decide'),
  requestId: id,
  jobId: id,
  /** Index of the test's command (0-based). */
  stepIndex: z.number().int().min(0),
  /** The command as written in the test; the server resolves {{references}} with the job's values. */
  command: z.string().max(4000),
  pageSource: z.string().max(10_000_000),
  /** Base64 PNG; stored by the server, which answers its storage key. */
  screenshot: z.string().max(20_000_000).optional(),
  /**
   * How the agent read this screen (docs/steps-and-waits.md); absent from older agents,
   * which get the old behaviour: decided once, cache replayed on any screen.
   * waitedMs: since the agent began reading screens for this decision (settling, re-reads).
   * settled: two consecutive reads were equal and showed no loading indicator.
   * mayRetry: the step's wait has time left: a decision that fails on this screen is
   * answered `retry` (and not recorded), and the agent reads the screen again.
   */
  waitedMs: z.number().int().min(0).optional(),
  settled: z.boolean().optional(),
  mayRetry: z.boolean().optional(),
});

export const StepEvent = z.object({
  type: z.literal('step.event'),
  jobId: id,
  /** The step.decide whose decision was performed (agents before it send none: the step index is matched). */
  requestId: id.optional(),
  stepIndex: z.number().int().min(0),
  command: z.string().max(4000),
  /** The actions the agent performed, and whether performing them worked. */
  actions: z.array(Action),
  outcome: z.enum(['performed', 'failed']),
  error: z.string().max(2000).optional(),
  screenshotKey: z.string().max(500).nullable().optional(),
  durationMs: z.number().min(0),
});

export const Verdict = z.enum(['succeeded', 'failed', 'blocked', 'cancelled']);
export type Verdict = z.infer<typeof Verdict>;

export const JobResult = z.object({
  type: z.literal('job.result'),
  jobId: id,
  verdict: Verdict,
  /** Why it failed or was blocked, in words a tester understands. */
  statusMessage: z.string().max(4000).default(''),
  /** Index of the command that failed, if one did. */
  failedStep: z.number().int().min(0).nullable().default(null),
  durationSeconds: z.number().min(0),
  /** Storage key of the screen recording, when one was made and uploaded. */
  recordingKey: z.string().max(500).nullable().default(null),
  /** Storage key of the device's log from the test's start to its end, when it was captured and uploaded. */
  deviceLogKey: z.string().max(500).nullable().default(null),
  /**
   * The recording is uploaded after this verdict (PUT to the offer's recordingUploadUrl, which
   * takes it for the finished try); until it lands the pages say it is still uploading.
   */
  recordingPending: z.boolean().default(false),
  /** As recordingPending, for the device log. */
  deviceLogPending: z.boolean().default(false),
  /** The verdict is blocked because the device went offline, unauthorized or away: the try is lost (retried on another device once). */
  deviceLost: z.boolean().default(false),
});

/** The agent gives a job back unfinished (it is shutting down): the server queues it again, not counting a try. */
export const JobReleased = z.object({ type: z.literal('job.released'), jobId: id, reason: z.string().max(2000) });

export const AgentMessage = z.discriminatedUnion('type', [
  Hello,
  Heartbeat,
  DeviceAdded,
  DeviceChanged,
  DeviceRemoved,
  JobAccepted,
  JobRejected,
  StepDecide,
  StepEvent,
  JobResult,
  JobReleased,
]);
export type AgentMessage = z.infer<typeof AgentMessage>;

// ---- server → agent -------------------------------------------------------

export const Welcome = z.object({
  type: z.literal('welcome'),
  protocolVersion: z.number().int(),
  agentId: id,
  heartbeatIntervalMs: z.number().int().positive(),
});

export const BuildRef = z.object({
  buildId: id,
  /** Absolute URL; GET it with the agent token as Bearer. */
  downloadUrl: z.string().url(),
  sha256: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  kind: z.enum(['apk', 'ipa', 'app']),
  fileName: z.string(),
});

export const JobOffer = z.object({
  type: z.literal('job.offer'),
  jobId: id,
  runId: id,
  testId: id,
  title: z.string(),
  /** Which try of the test's attempt this is: 1 for the first, 2 after a device was lost (also the job id's suffix). */
  tryNumber: z.number().int().min(1),
  serial: id,
  platform: Platform,
  /** The app: an uploaded build, or (bundle-id runs) an app already on the handset. */
  build: BuildRef.nullable(),
  packageName: z.string().min(1),
  commands: z.array(z.string()),
  launchParams: z.array(z.object({ key: z.string(), value: z.string() })),
  /** Test inputs and remembered values for {{references}}; the server resolves them, listed for logs. */
  values: z.record(z.string(), z.string()),
  /** Seconds a single step may take before the test fails. */
  stepTimeoutSeconds: z.number().positive(),
  /** Record the screen during the test, and PUT the recording here (agent token) before sending the result. */
  record: z.boolean().default(false),
  recordingUploadUrl: z.string().max(2000).optional(),
  /**
   * The run names a tunnel (docs/architecture.md#tunnels): the agent opens `GET /agent/tunnel?job=<jobId>`
   * and routes the device's HTTP(S) through a proxy whose streams go there. Absent: no tunnel.
   * Optional, so agents from before tunnels keep working (their tests reach no internal host).
   */
  tunnel: z.object({ name: z.string().min(1).max(100) }).optional(),
});
export type JobOffer = z.infer<typeof JobOffer>;

export const JobCancel = z.object({ type: z.literal('job.cancel'), jobId: id, reason: z.string() });

export const StepDecision = z.object({
  type: z.literal('step.decision'),
  requestId: id,
  ok: z.boolean(),
  /** ok: the brain's answer. */
  actions: z.array(Action).default([]),
  kind: z.enum(['ai', 'cached', 'deterministic']).optional(),
  finished: z.boolean().default(true),
  failed: z.boolean().default(false),
  reason: z.string().default(''),
  screenshotKey: z.string().nullable().default(null),
  /** The step cannot be done on this screen yet (its target is absent, or still there): read it again and ask again. */
  retry: z.boolean().default(false),
  /** !ok: why the server could not decide (the step fails with it). */
  error: z.string().optional(),
  /** !ok: the failure is not the test's (the AI model is unavailable): the test is blocked, not failed. */
  blocked: z.boolean().optional(),
});

export const JobResultAck = z.object({ type: z.literal('job.result.ack'), jobId: id });

export const ErrorMessage = z.object({ type: z.literal('error'), detail: z.string() });

export const ServerMessage = z.discriminatedUnion('type', [Welcome, JobOffer, JobCancel, StepDecision, JobResultAck, ErrorMessage]);
export type ServerMessage = z.infer<typeof ServerMessage>;

export type ParseResult<T> = { ok: true; message: T } | { ok: false; error: string };

function parseWith<T>(schema: z.ZodType<T>, raw: string): ParseResult<T> {
  const parsed = parseJsonText(raw);
  if (!parsed.ok) return { ok: false, error: `frame is not usable JSON: ${parsed.error}` };
  const json = parsed.value;
  const result = schema.safeParse(json);
  if (result.success) return { ok: true, message: result.data };
  const issue = result.error.issues[0]!;
  return {
    ok: false,
    error: `invalid ${String((json as { type?: unknown })?.type ?? 'message')}: ${issue.path.join('.') || '(frame)'}: ${issue.message}`,
  };
}

export const parseAgentMessage = (raw: string) => parseWith(AgentMessage, raw);
export const parseServerMessage = (raw: string) => parseWith(ServerMessage, raw);

export type Hello = z.infer<typeof Hello>;
export type DeviceAdded = z.infer<typeof DeviceAdded>;
export type StepDecide = z.infer<typeof StepDecide>;
export type StepEvent = z.infer<typeof StepEvent>;
export type JobResult = z.infer<typeof JobResult>;
export type Welcome = z.infer<typeof Welcome>;
export type BuildRef = z.infer<typeof BuildRef>;
export type JobCancel = z.infer<typeof JobCancel>;
export type StepDecision = z.infer<typeof StepDecision>;
/** What a sender writes: defaults may be left out. */
export type AgentMessageInput = z.input<typeof AgentMessage>;
export type ServerMessageInput = z.input<typeof ServerMessage>;
