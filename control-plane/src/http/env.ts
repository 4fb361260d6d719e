import type { DispatcherApi } from '../agents/dispatcher-api.js';
import type { Caller } from '../auth/caller.js';
import type { Config } from '../config.js';
import type { Db } from '../db/index.js';
import type { Generator } from '../engine/generation.js';
import type { StepEngine } from '../engine/step-engine.js';
import type { FileStorage } from '../storage/files.js';
import type { TunnelRegistry } from '../tunnels/registry.js';
import type { Readiness } from './readiness.js';

/** What every handler can reach: built once in createApp, never global. */
export interface Deps {
  db: Db;
  config: Config;
  storage: FileStorage;
  engine: StepEngine;
  generator: Generator;
  dispatcher: DispatcherApi;
  /** Tunnels connected to this process (GET /tunnels, relays, pre-requests through a tunnel). */
  tunnels: TunnelRegistry;
  /** Whether this process still wants new traffic (GET /readyz). */
  readiness: Readiness;
}

export type AppEnv = {
  Variables: {
    deps: Deps;
    caller: Caller;
    requestId: string;
  };
};
