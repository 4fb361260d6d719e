import { fileURLToPath } from 'node:url';

/** The repository root, wherever the benchmark is started from. */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
