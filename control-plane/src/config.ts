import { resolve } from 'node:path';

/** Every environment variable the control plane reads, read once, with its default. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  baseUrl: string;
  appUrl: string;
  /** Largest accepted build upload, in bytes (413 beyond). */
  uploadMaxBytes: number;
  /** Largest accepted JSON body, in bytes (413 beyond). */
  jsonMaxBytes: number;
  /** Largest SDK session body: a page source plus a base64 screenshot. */
  sessionMaxBytes: number;
  /** Operator token for /admin/*; when unset one is generated at first start. */
  adminToken: string | undefined;
  logRequests: boolean;
  /** An OpenAI-compatible chat-completions model; undefined = the built-in offline model. */
  ai:
    | {
        baseUrl: string;
        apiKey: string | undefined;
        model: string;
        timeoutMs: number;
        /** Send screenshots (the model accepts images). */
        images: boolean;
        responseFormat: 'json_schema' | 'json_object';
      }
    | undefined;
  /** Automation generations run at once in the background. */
  generationConcurrency: number;
  /** Lab agents: heartbeat interval, and how long a silent agent's tests wait before they are retried elsewhere. */
  agentHeartbeatMs: number;
  agentLostSeconds: number;
  /** How long a test waits for a matching device before it is blocked. */
  runDeviceWaitSeconds: number;
  /** One step's limit on the device (agents fail the test beyond it). */
  stepTimeoutSeconds: number;
  /** How often lost agents and over-long waits are looked for; each replica renews its lease as often. */
  sweepMs: number;
  /** A replica silent this long is dead: its agents count as disconnected (they fail over to another). */
  replicaLeaseSeconds: number;
  /**
   * REPLICA_URL: where the other replicas reach this process (they relay to the tunnels it
   * holds). Default: this HOST and PORT, or loopback when HOST is a wildcard address, which
   * suits replicas on one machine only.
   */
  replicaUrl: string;
  /** STORAGE_URL: where builds and artifacts live (storage/open.ts). */
  storage: StorageSettings;
  /** Retention (retention/sweep.ts): days after which blobs are deleted; null = kept for ever (the default). */
  retention: RetentionSettings;
  /** Idle and header timeouts of the HTTP server, above a load balancer's (docs/storage-and-scale.md). */
  http: HttpTimeouts;
  /** Signed webhooks (webhooks/): who may be called, how long one attempt may take, and the retry schedule. */
  webhooks: WebhookSettings;
  /** Pre-requests and teardown requests sent directly, not through a tunnel. */
  requests: RequestSettings;
  /** What one organisation or key may hold or do at once, and how long a slow client may take (docs/limits-and-abuse.md). */
  limits: LimitSettings;
}

export interface LimitSettings {
  /** ORG_MAX_FOLDERS: folders one organisation may have (429 beyond). */
  foldersPerOrg: number;
  /** ORG_MAX_TESTS: tests in one organisation's library (429 beyond). */
  testsPerOrg: number;
  /** ORG_MAX_TUNNELS: tunnels one organisation may have connected at once, on all replicas (429 beyond). */
  tunnelsPerOrg: number;
  /** KEY_MAX_UPLOADS: build uploads in progress at once per key, on one replica (429 beyond). */
  uploadsPerKey: number;
  /** HEADERS_TIMEOUT_SECONDS: a request's headers must all arrive within this (Node's headersTimeout; 408). */
  headersTimeoutMs: number;
  /**
   * BODY_IDLE_TIMEOUT_SECONDS: a request body (an upload, a JSON body) that sends nothing for this
   * long is given up (408). Time the server itself takes to read does not count.
   */
  bodyIdleTimeoutMs: number;
  /**
   * UPLOAD_TIMEOUT_SECONDS: the longest any request may take to arrive whole, an upload of
   * UPLOAD_MAX_BYTES on the slowest link you serve included (Node's requestTimeout; 408).
   */
  requestTimeoutMs: number;
}

export type StorageSettings = { kind: 'directory'; path: string } | S3Settings;

export interface S3Settings {
  kind: 's3';
  /** As given (s3://bucket/prefix), for messages. */
  url: string;
  bucket: string;
  /** '' or a prefix ending in '/', put before every key. */
  prefix: string;
  /** AWS_REGION / AWS_DEFAULT_REGION; otherwise the SDK's own chain (profile), or us-east-1 with a custom endpoint. */
  region: string | undefined;
  /** AWS_ENDPOINT_URL_S3, else AWS_ENDPOINT_URL (MinIO, R2…); undefined = AWS S3. */
  endpoint: string | undefined;
  /** S3_FORCE_PATH_STYLE=1: http://endpoint/bucket/key instead of http://bucket.endpoint/key. */
  forcePathStyle: boolean;
  /**
   * AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY (/ AWS_SESSION_TOKEN) when both are set; otherwise
   * undefined, and the SDK's default chain finds them (AWS_PROFILE, SSO, an instance or task role).
   */
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | undefined;
}

export interface RetentionSettings {
  /** BUILD_RETENTION_DAYS: builds no run used (nor was uploaded) for this long. */
  buildDays: number | null;
  /** ARTIFACT_RETENTION_DAYS: recordings, device logs and screenshots of runs that ended this long ago. */
  artifactDays: number | null;
  /** RETENTION_SWEEP_MS: how often a replica tries to take the sweep's lease. */
  sweepMs: number;
}

export interface HttpTimeouts {
  /**
   * KEEP_ALIVE_TIMEOUT_MS: how long an idle keep-alive connection is kept. Above the
   * balancer's own idle timeout (nginx keepalive_timeout 60 s, an ALB's 60 s), so the
   * balancer, never this server, closes an idle connection: a server closing it first
   * races the balancer's next request on it, which then fails with a reset.
   */
  keepAliveTimeoutMs: number;
  /**
   * DRAIN_DELAY_MS: after SIGTERM, how long the process keeps serving with /readyz answering
   * 503 before it stops taking work and closes: long enough for a balancer's health checks
   * to take it out of rotation first (interval × unhealthy threshold). 0 (the default): no wait.
   */
  drainDelayMs: number;
}

export interface RequestSettings {
  /**
   * REQUESTS_ALLOW_PRIVATE=1: they may reach loopback, private, link-local… addresses (a
   * single-tenant lab, tests). Otherwise internal hosts are reached through a tunnel only,
   * so no organisation's test reaches the operator's own network.
   */
  allowPrivate: boolean;
}

export interface WebhookSettings {
  /** WEBHOOK_ALLOW_PRIVATE=1: endpoints on loopback, private, link-local… addresses are allowed (a lab on one LAN, tests). */
  allowPrivate: boolean;
  timeoutMs: number;
  /** The wait after the first failed attempt; each further wait is 4 times the previous, at most 6 hours. */
  retryBaseMs: number;
  /** Attempts before a delivery is given up (the first one included). */
  maxAttempts: number;
  /** Deliveries in flight at once per control plane. */
  concurrency: number;
  /** The fallback poll when no wake-up arrives (another replica's NOTIFY lost, a retry coming due). */
  pollMs: number;
}

/** Every setting loadConfig reads, with its default, for `start --help` (a test keeps the two in step). */
export const SETTINGS: ReadonlyArray<{ name: string; default: string; meaning: string }> = [
  { name: 'PORT', default: '8080', meaning: 'HTTP port' },
  { name: 'HOST', default: '127.0.0.1', meaning: 'interface to listen on; 0.0.0.0 exposes the service to the network' },
  {
    name: 'DATA_DIR',
    default: './data',
    meaning: 'embedded database (pglite/) and stored files (files/); one control plane per embedded database',
  },
  { name: 'DATABASE_URL', default: 'unset', meaning: 'postgres://… of a real PostgreSQL server; unset: embedded PGlite in DATA_DIR' },
  { name: 'BASE_URL', default: 'http://localhost:PORT', meaning: 'public address of the API, used in links' },
  { name: 'APP_URL', default: 'BASE_URL/app', meaning: 'address of the pages, used in links' },
  {
    name: 'ADMIN_TOKEN',
    default: 'unset',
    meaning: 'chooses the operator token (stored once per database; a new value replaces it); unset: kept, or generated and printed once',
  },
  { name: 'UPLOAD_MAX_BYTES', default: '4 GiB', meaning: 'largest build upload' },
  { name: 'JSON_MAX_BYTES', default: '1 MiB', meaning: 'largest JSON request body' },
  { name: 'SESSION_MAX_BYTES', default: '25 MiB', meaning: 'largest SDK session body' },
  { name: 'LOG_REQUESTS', default: '1', meaning: 'one log line per request; 0 silences it (health checks are never logged)' },
  { name: 'AI_BASE_URL', default: 'unset', meaning: 'an OpenAI-compatible chat-completions endpoint; unset: the built-in offline model' },
  { name: 'AI_API_KEY', default: 'unset', meaning: 'sent to it as Bearer' },
  { name: 'AI_MODEL', default: 'gpt-4o-mini', meaning: 'model name sent to the provider' },
  { name: 'AI_TIMEOUT_MS', default: '30000', meaning: "one model call's time limit" },
  { name: 'GENERATION_CONCURRENCY', default: '2', meaning: 'automation generations run at once' },
  { name: 'AGENT_HEARTBEAT_MS', default: '5000', meaning: 'heartbeat interval asked of lab agents' },
  { name: 'AGENT_LOST_SECONDS', default: '20', meaning: "a silent agent's tests are retried elsewhere after this" },
  { name: 'RUN_DEVICE_WAIT_SECONDS', default: '900', meaning: 'a test waiting this long for a device is blocked' },
  { name: 'STEP_TIMEOUT_SECONDS', default: '120', meaning: "one step's limit on the device" },
  { name: 'SWEEP_MS', default: '1000', meaning: 'how often lost agents and over-long waits are looked for' },
  { name: 'REPLICA_LEASE_SECONDS', default: '10', meaning: 'a replica silent this long is dead; at least 3 sweeps' },
  { name: 'REPLICA_URL', default: 'http://HOST:PORT', meaning: 'where the other replicas reach this one (127.0.0.1 when HOST is 0.0.0.0)' },
  { name: 'WEBHOOK_ALLOW_PRIVATE', default: 'unset', meaning: '1: webhooks may call loopback and private addresses' },
  { name: 'REQUESTS_ALLOW_PRIVATE', default: 'unset', meaning: '1: direct pre-requests may reach loopback and private addresses' },
  { name: 'WEBHOOK_TIMEOUT_MS', default: '10000', meaning: "one webhook attempt's limit" },
  { name: 'WEBHOOK_RETRY_BASE_MS', default: '5000', meaning: "wait after a webhook's first failed attempt (then 4 times longer each)" },
  { name: 'WEBHOOK_MAX_ATTEMPTS', default: '8', meaning: 'attempts of one delivery' },
  { name: 'WEBHOOK_CONCURRENCY', default: '4', meaning: 'webhook deliveries in flight at once' },
  { name: 'WEBHOOK_POLL_MS', default: '1000', meaning: 'fallback look for due webhook deliveries' },
  { name: 'AI_IMAGES', default: '1', meaning: '0: send the model the hierarchy without the screenshot (docs/steps-and-waits.md)' },
  { name: 'AI_RESPONSE_FORMAT', default: 'json_schema', meaning: 'json_object for providers without structured output' },
  { name: 'STORAGE_URL', default: 'DATA_DIR/files', meaning: 'a folder, or s3://bucket/prefix (docs/storage-and-scale.md)' },
  {
    name: 'AWS_REGION',
    default: 'unset',
    meaning:
      "the bucket's region (or AWS_DEFAULT_REGION); credentials: the AWS default chain (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN, …)",
  },
  { name: 'AWS_DEFAULT_REGION', default: 'unset', meaning: 'read when AWS_REGION is unset' },
  {
    name: 'AWS_ACCESS_KEY_ID',
    default: 'unset',
    meaning: 'with AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN): static credentials for the bucket',
  },
  { name: 'AWS_SECRET_ACCESS_KEY', default: 'unset', meaning: 'see AWS_ACCESS_KEY_ID' },
  { name: 'AWS_SESSION_TOKEN', default: 'unset', meaning: 'see AWS_ACCESS_KEY_ID' },
  {
    name: 'AWS_ENDPOINT_URL_S3',
    default: 'unset',
    meaning: 'an S3-compatible endpoint (MinIO, R2, …); AWS_ENDPOINT_URL is read when unset',
  },
  { name: 'AWS_ENDPOINT_URL', default: 'unset', meaning: 'see AWS_ENDPOINT_URL_S3' },
  { name: 'S3_FORCE_PATH_STYLE', default: 'unset', meaning: '1: path-style bucket addressing (most S3-compatible servers)' },
  { name: 'BUILD_RETENTION_DAYS', default: 'unset', meaning: 'delete builds no run used for this long; unset: keep' },
  { name: 'ARTIFACT_RETENTION_DAYS', default: 'unset', meaning: 'delete recordings, device logs and screenshots this old; unset: keep' },
  { name: 'RETENTION_SWEEP_MS', default: '3600000', meaning: 'how often a replica tries to take the retention sweep' },
  {
    name: 'KEEP_ALIVE_TIMEOUT_MS',
    default: '75000',
    meaning: "an idle keep-alive connection is kept this long; above a load balancer's idle timeout",
  },
  {
    name: 'DRAIN_DELAY_MS',
    default: '0',
    meaning: 'after SIGTERM, serve this long with /readyz answering 503 before stopping (for the balancer)',
  },
  { name: 'HEADERS_TIMEOUT_SECONDS', default: '20', meaning: "a request's headers must arrive within this (408)" },
  { name: 'BODY_IDLE_TIMEOUT_SECONDS', default: '60', meaning: 'a pause this long in a request body ends it (408)' },
  { name: 'UPLOAD_TIMEOUT_SECONDS', default: '3600', meaning: 'a whole request must arrive within this (408)' },
  { name: 'ORG_MAX_FOLDERS', default: '1000', meaning: 'folders per organisation (429 beyond)' },
  { name: 'ORG_MAX_TESTS', default: '10000', meaning: 'tests per organisation (429 beyond)' },
  { name: 'ORG_MAX_TUNNELS', default: '20', meaning: 'tunnels connected at once per organisation (429 beyond)' },
  { name: 'KEY_MAX_UPLOADS', default: '4', meaning: 'uploads in progress per API key on one replica (429 beyond)' },
];

const GiB = 1024 ** 3;
export const DEFAULT_HOST = '127.0.0.1';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = intFrom(env, 'PORT', 8080);
  const baseUrl = stripSlash(env.BASE_URL || `http://localhost:${port}`);
  const sweepMs = intFrom(env, 'SWEEP_MS', 1000);
  const replicaLeaseSeconds = intFrom(env, 'REPLICA_LEASE_SECONDS', 10);
  // A replica renews its lease once per sweep: a lease shorter than a few sweeps would
  // have live replicas declared dead (and their agents disconnected) between two renewals.
  if (replicaLeaseSeconds * 1000 < 3 * sweepMs) {
    throw new Error(`REPLICA_LEASE_SECONDS (${replicaLeaseSeconds}) must be at least 3 sweeps (SWEEP_MS ${sweepMs})`);
  }
  // Loopback unless the operator chooses otherwise: a first start prints secrets, and a laptop
  // trying DeviceLab must not offer them to its network (the start line says how: HOST=0.0.0.0).
  const host = env.HOST || DEFAULT_HOST;
  const dataDir = resolve(env.DATA_DIR || './data');
  // The header timeout (HEADERS_TIMEOUT_SECONDS, limits) need not exceed this one: since
  // Node 18 it counts only while a request's headers arrive, never on an idle connection.
  const keepAliveTimeoutMs = intFrom(env, 'KEEP_ALIVE_TIMEOUT_MS', 75_000);
  return {
    port,
    host,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    baseUrl,
    appUrl: stripSlash(env.APP_URL || `${baseUrl}/app`),
    uploadMaxBytes: intFrom(env, 'UPLOAD_MAX_BYTES', 4 * GiB),
    jsonMaxBytes: intFrom(env, 'JSON_MAX_BYTES', 1024 * 1024),
    sessionMaxBytes: intFrom(env, 'SESSION_MAX_BYTES', 25 * 1024 * 1024),
    adminToken: env.ADMIN_TOKEN || undefined,
    logRequests: env.LOG_REQUESTS !== '0',
    ai: env.AI_BASE_URL
      ? {
          baseUrl: stripSlash(env.AI_BASE_URL),
          apiKey: env.AI_API_KEY || undefined,
          model: env.AI_MODEL || 'gpt-4o-mini',
          timeoutMs: intFrom(env, 'AI_TIMEOUT_MS', 30_000),
          images: env.AI_IMAGES !== '0',
          responseFormat: env.AI_RESPONSE_FORMAT === 'json_object' ? 'json_object' : 'json_schema',
        }
      : undefined,
    generationConcurrency: intFrom(env, 'GENERATION_CONCURRENCY', 2),
    agentHeartbeatMs: intFrom(env, 'AGENT_HEARTBEAT_MS', 5000),
    agentLostSeconds: intFrom(env, 'AGENT_LOST_SECONDS', 20),
    runDeviceWaitSeconds: intFrom(env, 'RUN_DEVICE_WAIT_SECONDS', 900),
    stepTimeoutSeconds: intFrom(env, 'STEP_TIMEOUT_SECONDS', 120),
    sweepMs,
    replicaLeaseSeconds,
    replicaUrl: httpUrl('REPLICA_URL', env.REPLICA_URL || `http://${reachableHost(host)}:${port}`),
    webhooks: {
      allowPrivate: env.WEBHOOK_ALLOW_PRIVATE === '1',
      timeoutMs: intFrom(env, 'WEBHOOK_TIMEOUT_MS', 10_000),
      retryBaseMs: intFrom(env, 'WEBHOOK_RETRY_BASE_MS', 5000),
      maxAttempts: intFrom(env, 'WEBHOOK_MAX_ATTEMPTS', 8),
      concurrency: intFrom(env, 'WEBHOOK_CONCURRENCY', 4),
      pollMs: intFrom(env, 'WEBHOOK_POLL_MS', 1000),
    },
    requests: { allowPrivate: env.REQUESTS_ALLOW_PRIVATE === '1' },
    storage: storageFrom(env, dataDir),
    retention: {
      buildDays: optionalIntFrom(env, 'BUILD_RETENTION_DAYS'),
      artifactDays: optionalIntFrom(env, 'ARTIFACT_RETENTION_DAYS'),
      sweepMs: intFrom(env, 'RETENTION_SWEEP_MS', 3_600_000),
    },
    http: { keepAliveTimeoutMs, drainDelayMs: env.DRAIN_DELAY_MS?.trim() === '0' ? 0 : intFrom(env, 'DRAIN_DELAY_MS', 0) },
    limits: loadLimits(env),
  };
}

function loadLimits(env: NodeJS.ProcessEnv): LimitSettings {
  const limits: LimitSettings = {
    foldersPerOrg: intFrom(env, 'ORG_MAX_FOLDERS', 1000),
    testsPerOrg: intFrom(env, 'ORG_MAX_TESTS', 10_000),
    tunnelsPerOrg: intFrom(env, 'ORG_MAX_TUNNELS', 20),
    uploadsPerKey: intFrom(env, 'KEY_MAX_UPLOADS', 4),
    headersTimeoutMs: intFrom(env, 'HEADERS_TIMEOUT_SECONDS', 20) * 1000,
    bodyIdleTimeoutMs: intFrom(env, 'BODY_IDLE_TIMEOUT_SECONDS', 60) * 1000,
    requestTimeoutMs: intFrom(env, 'UPLOAD_TIMEOUT_SECONDS', 3600) * 1000,
  };
  // Node refuses a server whose headers may take longer than the whole request.
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) {
    throw new Error(
      `HEADERS_TIMEOUT_SECONDS (${limits.headersTimeoutMs / 1000}) must not exceed UPLOAD_TIMEOUT_SECONDS (${limits.requestTimeoutMs / 1000})`,
    );
  }
  return limits;
}

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

function optionalIntFrom(env: NodeJS.ProcessEnv, name: string): number | null {
  return env[name] === undefined || env[name] === '' ? null : intFrom(env, name, 0);
}

/** STORAGE_URL: s3://bucket[/prefix], or a folder (a path or file:// URL); default DATA_DIR/files. */
function storageFrom(env: NodeJS.ProcessEnv, dataDir: string): StorageSettings {
  const raw = env.STORAGE_URL || '';
  if (raw === '') return { kind: 'directory', path: resolve(dataDir, 'files') };
  if (raw.startsWith('file://')) return { kind: 'directory', path: resolve(new URL(raw).pathname) };
  if (!/^s3:\/\//i.test(raw)) {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) throw new Error(`STORAGE_URL must be a folder or s3://bucket/prefix, got "${raw}"`);
    return { kind: 'directory', path: resolve(raw) };
  }
  const match = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/i.exec(raw);
  if (!match) throw new Error(`STORAGE_URL: "${raw}" is not s3://bucket/prefix (bucket: 3-63 letters, digits, dots, hyphens)`);
  const prefix = (match[2] ?? '').replace(/^\/+|\/+$/g, '');
  const endpoint = env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL || undefined;
  if (endpoint) httpUrl(env.AWS_ENDPOINT_URL_S3 ? 'AWS_ENDPOINT_URL_S3' : 'AWS_ENDPOINT_URL', endpoint);
  return {
    kind: 's3',
    url: raw,
    bucket: match[1]!,
    prefix: prefix === '' ? '' : `${prefix}/`,
    region: env.AWS_REGION || env.AWS_DEFAULT_REGION || (endpoint ? 'us-east-1' : undefined),
    endpoint,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === '1' || env.S3_FORCE_PATH_STYLE === 'true',
    credentials:
      env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
        ? {
            accessKeyId: env.AWS_ACCESS_KEY_ID,
            secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
            ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}),
          }
        : undefined,
  };
}

/** An http(s) base URL without its trailing slash; anything else stops the start with the setting's name. */
function httpUrl(name: string, raw: string): string {
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    /* reported below */
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new Error(`${name} must be an http(s) URL, got "${raw}"`);
  return stripSlash(raw);
}

/** A wildcard listen address is not an address to call: loopback is (on this machine). */
function reachableHost(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1';
  if (host === '::' || host === '[::]') return '[::1]';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

const stripSlash = (url: string) => url.replace(/\/+$/, '');
