/**
 * Prepares the embedded database's template ahead of the first start (`pnpm install` runs
 * it through scripts/build-control-plane.mjs --template): see pglite-template.ts.
 */
import { ensureTemplate } from './pglite-template.js';

const started = performance.now();
const dir = await ensureTemplate();
console.log(`embedded database template ready in ${Math.round(performance.now() - started)} ms: ${dir}`);
