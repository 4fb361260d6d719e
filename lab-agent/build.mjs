// Builds the `devicelab` command into dist/ as plain JavaScript for Node 20: one ES module
// with the workspace's protocol package (@devicelab/shared) compiled in, so the packed
// tarball (`pnpm pack`, which runs this first) installs from the npm registry alone.
// The npm dependencies stay dependencies: npm installs them beside it.
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const here = (path) => new URL(path, import.meta.url);
const pkg = JSON.parse(readFileSync(here('package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).flatMap((name) => [name, `${name}/*`]);

rmSync(here('dist'), { recursive: true, force: true });
mkdirSync(here('dist'));
await build({
  entryPoints: [{ in: new URL('src/cli.ts', import.meta.url).pathname, out: 'devicelab' }],
  outdir: new URL('dist', import.meta.url).pathname,
  // The agent is imported only by `agent start`: a chunk of its own keeps `devicelab run` quick
  // to start. Chunks sit beside the entry, since the agent finds ../package.json and
  // ./fake-xcrun.mjs relative to its own file.
  splitting: true,
  chunkNames: '[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  sourcemap: 'linked',
  logLevel: 'warning',
});
// Files the code opens by path next to itself (import.meta.url) rather than imports.
copyFileSync(here('../virtual-devices/src/ios/fake-xcrun.mjs'), here('dist/fake-xcrun.mjs'));
copyFileSync(here('../virtual-devices/src/ios/fake-xcodebuild.mjs'), here('dist/fake-xcodebuild.mjs'));
