import type { Server } from 'node:http';
import { createDispatcher, type Dispatcher } from './agents/dispatcher.js';
import { type AgentHub, createAgentHub } from './agents/hub.js';
import type { Config } from './config.js';
import type { Db } from './db/index.js';
import { createGenerator } from './engine/generation.js';
import { modelFromConfig } from './engine/model.js';
import { createStepEngine } from './engine/step-engine.js';
import type { Deps } from './http/env.js';
import { createReadiness } from './http/readiness.js';
import { newId } from './ids.js';
import { registerReplica } from './queries/replicas.js';
import { createRetentionSweeper, type RetentionSweeper } from './retention/sweep.js';
import { subscribeRunEvents } from './runs/run-events.js';
import type { FileStorage } from './storage/files.js';
import { agentRelayEndpoint, internalRelayEndpoint } from './tunnels/agent-relay.js';
import { type ClusterSecret, clusterSecret } from './tunnels/cluster-secret.js';
import { createTunnelRegistry } from './tunnels/registry.js';
import { tunnelEndpoint } from './tunnels/tunnel-endpoint.js';
import { webhookOutbox } from './webhooks/outbox.js';
import { createDeliveryWorker, type DeliveryWorker } from './webhooks/worker.js';

export type Services = Deps & {
  dispatcher: Dispatcher;
  webhooks: DeliveryWorker;
  clusterSecret: ClusterSecret;
  retention: RetentionSweeper;
};

/** Everything the routes use, wired once; main.ts and the test harness share it. */
export function createServices(base: { db: Db; config: Config; storage: FileStorage }): Services {
  subscribeRunEvents(webhookOutbox);
  const model = modelFromConfig(base.config);
  const engine = createStepEngine({ db: base.db, model, storage: base.storage });
  const replicaId = newId('rep');
  const secret = clusterSecret(base.db);
  const tunnels = createTunnelRegistry({ db: base.db, replicaId, leaseSeconds: base.config.replicaLeaseSeconds, secret });
  return {
    ...base,
    engine,
    generator: createGenerator(base.db, { concurrency: base.config.generationConcurrency }),
    tunnels,
    clusterSecret: secret,
    readiness: createReadiness(),
    dispatcher: createDispatcher({ db: base.db, config: base.config, engine, tunnels, replicaId }),
    webhooks: createDeliveryWorker(base.db, base.config),
    retention: createRetentionSweeper({ db: base.db, storage: base.storage, retention: base.config.retention, replicaId }),
  };
}

/**
 * Registers this process as a replica, opens the agents' WebSocket endpoint on the
 * HTTP server and starts dispatching, starts sending webhook deliveries, and clears what
 * killed uploads left in the scratch folder. Agents held by a previous process get a
 * grace period to reconnect (queries/replicas.ts).
 */
export async function attachAgents(server: Server, services: Services): Promise<AgentHub> {
  await registerReplica(services.db, services.dispatcher.replicaId, services.config.replicaUrl);
  const hub = createAgentHub(services.db, services.dispatcher, { heartbeatIntervalMs: services.config.agentHeartbeatMs });
  // Tunnel clients, the agents' tunnel relays and other replicas' relays to tunnels held here have their WebSocket endpoints beside the agents'.
  hub.attach(server, [
    tunnelEndpoint(services.db, services.tunnels, services.config.limits.tunnelsPerOrg),
    agentRelayEndpoint(services.db, services.tunnels),
    internalRelayEndpoint(services.tunnels, services.clusterSecret),
  ]);
  await services.dispatcher.bind(hub);
  await services.webhooks.start();
  sweepUploadScratch(server, services.storage);
  services.retention.start(); // stopped with the services (main.ts), before the database closes
  return hub;
}

/** Upload scratch files of a process killed mid-upload: removed at start, then hourly, while the server runs. */
function sweepUploadScratch(server: Server, storage: FileStorage): void {
  const sweep = () =>
    void storage.removeStaleScratch().then(
      (n) => {
        if (n > 0) console.log(`removed ${n} upload scratch file(s) left by a stopped process`);
      },
      (e: unknown) => console.error('upload scratch clean-up failed:', e),
    );
  sweep();
  const timer = setInterval(sweep, 3_600_000);
  timer.unref();
  server.once('close', () => clearInterval(timer));
}
