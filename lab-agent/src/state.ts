/**
 * What the agent keeps on disk. The state dir (default ~/.devicelab-agent) holds one directory
 * per control plane and agent token, agents/<key>/ (agentStateDir), so two agents on one host
 * never share an agent id; in it:
 *   agent.json         {agentId}: stable per installation, so the control plane recognises
 *                      a reconnect (and a restart) as the same agent
 *   results/<job>.json job.result frames the server has not acknowledged yet; reported in
 *                      the next hello and re-sent, so an agent restart loses no verdict
 *   builds/<id>/<file> the build cache (builds.ts)
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { JobResult } from '@devicelab/shared';
import { JobResult as JobResultSchema } from '@devicelab/shared';

export function defaultStateDir(): string {
  return join(homedir(), '.devicelab-agent');
}

/**
 * This agent's own directory under the state dir: one per control plane (the URLs, in any
 * order) and agent token. A second agent on the host with another token or control plane gets
 * another agent id, where it used to take the first one's and be refused. identity.json names
 * the control planes (never the token). The state of an agent from before (agent.json at the
 * top) is moved into the first such directory made.
 */
export function agentStateDir(root: string, controlPlanes: readonly string[], token: string): string {
  const urls = [...new Set(controlPlanes.map((u) => new URL(u).href.replace(/\/+$/, '')))].sort();
  const key = createHash('sha256')
    .update(JSON.stringify([urls, token]))
    .digest('hex')
    .slice(0, 16);
  const agents = join(root, 'agents');
  const dir = join(agents, key);
  if (!existsSync(dir)) {
    const first = !existsSync(agents);
    mkdirSync(dir, { recursive: true });
    if (first)
      for (const name of ['agent.json', 'results', 'builds'])
        if (existsSync(join(root, name))) renameSync(join(root, name), join(dir, name));
    writeAtomic(join(dir, 'identity.json'), `${JSON.stringify({ controlPlanes: urls }, null, 2)}\n`);
  }
  return dir;
}

/** Writes via a temp file and rename, so a crash never leaves half a JSON file. */
function writeAtomic(path: string, text: string): void {
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, text);
  renameSync(temp, path);
}

export function loadAgentId(stateDir: string): string {
  mkdirSync(stateDir, { recursive: true });
  const file = join(stateDir, 'agent.json');
  try {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { agentId?: unknown };
    if (typeof saved.agentId === 'string' && /^[A-Za-z0-9._-]{1,100}$/.test(saved.agentId)) return saved.agentId;
  } catch {
    // Missing or unreadable: a new installation.
  }
  const agentId = `agent-${randomUUID()}`;
  writeAtomic(file, `${JSON.stringify({ agentId }, null, 2)}\n`);
  return agentId;
}

/** Unacknowledged job results, in memory and mirrored to disk. */
export class ResultOutbox {
  private readonly results = new Map<string, JobResult>();
  private readonly dir: string;

  constructor(stateDir: string) {
    this.dir = join(stateDir, 'results');
    mkdirSync(this.dir, { recursive: true });
    for (const name of readdirSync(this.dir)) {
      if (!name.endsWith('.json')) continue;
      try {
        const parsed = JobResultSchema.safeParse(JSON.parse(readFileSync(join(this.dir, name), 'utf8')));
        if (parsed.success) this.results.set(parsed.data.jobId, parsed.data);
      } catch {
        // A damaged file cannot be re-sent; the server's lease reaper retries that job.
      }
    }
  }

  private fileOf(jobId: string): string {
    // Job ids are server-chosen; keep them from naming paths outside the dir.
    return join(this.dir, `${encodeURIComponent(jobId)}.json`);
  }

  add(result: JobResult): void {
    this.results.set(result.jobId, result);
    writeAtomic(this.fileOf(result.jobId), JSON.stringify(result));
  }

  ack(jobId: string): boolean {
    const had = this.results.delete(jobId);
    rmSync(this.fileOf(jobId), { force: true });
    return had;
  }

  has(jobId: string): boolean {
    return this.results.has(jobId);
  }

  list(): JobResult[] {
    return [...this.results.values()];
  }
}
