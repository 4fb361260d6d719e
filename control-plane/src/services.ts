import type { Config } from './config.js';
import type { Db } from './db/index.js';
import { createGenerator } from './engine/generation.js';
import { modelFromConfig } from './engine/model.js';
import { createStepEngine } from './engine/step-engine.js';
import type { Deps } from './http/env.js';
import type { FileStorage } from './storage/files.js';

/** Everything the routes use, wired once; main.ts and the test harness share it. */
export function createServices(base: { db: Db; config: Config; storage: FileStorage }): Deps {
  const model = modelFromConfig(base.config);
  return {
    ...base,
    engine: createStepEngine({ db: base.db, model, storage: base.storage }),
    generator: createGenerator(base.db, { concurrency: base.config.generationConcurrency }),
  };
}
