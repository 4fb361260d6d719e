import type { Server } from 'node:http';
import { createDispatcher, type Dispatcher } from './agents/dispatcher.js';
import { createAgentHub, type AgentHub } from './agents/hub.js';
import type { Config } from './config.js';
import type { Db } from './db/index.js';
import { createGenerator } from './engine/generation.js';
import { modelFromConfig } from './engine/model.js';
import { createStepEngine } from './engine/step-engine.js';
import type { Deps } from './http/env.js';
import { resetAgentsAtStart } from './queries/agents.js';
import type { FileStorage } from './storage/files.js';

export type Services = Deps & { dispatcher: Dispatcher };

/** Everything the routes use, wired once; main.ts and the test harness share it. */
export function createServices(base: { db: Db; config: Config; storage: FileStorage }): Services {
  const model = modelFromConfig(base.config);
  const engine = createStepEngine({ db: base.db, model, storage: base.storage });
  return {
    ...base,
    engine,
    generator: createGenerator(base.db, { concurrency: base.config.generationConcurrency }),
    dispatcher: createDispatcher({ db: base.db, config: base.config, engine }),
  };
}

/**
 * Opens the agents' WebSocket endpoint on the HTTP server and starts dispatching.
 * Agents known from before count as disconnected until they say hello again.
 */
export async function attachAgents(server: Server, services: Services): Promise<AgentHub> {
  await resetAgentsAtStart(services.db);
  const hub = createAgentHub(services.db, services.dispatcher, { heartbeatIntervalMs: services.config.agentHeartbeatMs });
  hub.attach(server);
  services.dispatcher.bind(hub);
  return hub;
}
