/**
 * Another commit's source, runnable beside the working tree, for A/B benchmarks in the same
 * minutes (tunnel.ts `--compare <commit>`): `git archive` of the commit into a temporary
 * directory, with the working tree's installed packages. The packages' node_modules hold
 * relative links (pnpm: `../../node_modules/.pnpm/…`, `../../../shared`), so they are copied
 * as links and the root node_modules is linked: third-party packages are the installed ones,
 * while `@devicelab/shared` resolves to the commit's own shared/.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './paths.js';

export interface SourceTree {
  /** Root of the tree (as repoRoot is of the working tree). */
  root: string;
  /** The full commit id it was made from. */
  commit: string;
  remove(): void;
}

export function sourceTreeAt(commitish: string): SourceTree {
  const commit = execFileSync('git', ['rev-parse', '--verify', `${commitish}^{commit}`], { cwd: repoRoot, encoding: 'utf8' }).trim();
  const root = mkdtempSync(join(tmpdir(), `devicelab-tree-${commit.slice(0, 8)}-`));
  execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C "${root}"`], { cwd: repoRoot });
  symlinkSync(join(repoRoot, 'node_modules'), join(root, 'node_modules'));
  for (const pkg of ['control-plane', 'lab-agent', 'shared']) {
    const installed = join(repoRoot, pkg, 'node_modules');
    if (!existsSync(installed)) continue;
    mkdirSync(join(root, pkg, 'node_modules'), { recursive: true });
    for (const entry of readdirSync(installed)) {
      if (entry === '.cache') continue; // build caches: not needed to run from source
      cpSync(join(installed, entry), join(root, pkg, 'node_modules', entry), { recursive: true, verbatimSymlinks: true });
    }
  }
  return { root, commit, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/**
 * A commit of the working tree as it is, uncommitted and untracked files included (not the
 * ignored ones), for sourceTreeAt: made in a temporary index, so neither the index nor any
 * branch changes. The commit is left dangling for git's garbage collection.
 */
export function workingTreeSnapshot(): string {
  const scratch = mkdtempSync(join(tmpdir(), 'devicelab-snapshot-'));
  try {
    const env = {
      ...process.env,
      GIT_INDEX_FILE: join(scratch, 'index'),
      GIT_AUTHOR_NAME: 'bench',
      GIT_AUTHOR_EMAIL: 'bench@localhost',
      GIT_COMMITTER_NAME: 'bench',
      GIT_COMMITTER_EMAIL: 'bench@localhost',
    };
    const git = (...args: string[]) => execFileSync('git', args, { cwd: repoRoot, env, encoding: 'utf8' }).trim();
    git('read-tree', 'HEAD');
    git('add', '-A');
    return git('commit-tree', git('write-tree'), '-p', 'HEAD', '-m', 'benchmark: the working tree');
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
