import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { agentStateDir, loadAgentId } from './state.js';

describe('agentStateDir', () => {
  it('is one directory per control plane and token: another token or control plane, another agent id', () => {
    const root = mkdtempSync(join(tmpdir(), 'agent-root-'));
    const a = agentStateDir(root, ['http://cp:8080'], 'dl_agent_a');
    const b = agentStateDir(root, ['http://cp:8080'], 'dl_agent_b');
    const c = agentStateDir(root, ['http://other:8080'], 'dl_agent_a');
    expect(new Set([a, b, c]).size).toBe(3);
    expect(new Set([loadAgentId(a), loadAgentId(b), loadAgentId(c)]).size).toBe(3);
    // The same pair again (URL order and a trailing slash aside) is the same agent.
    expect(agentStateDir(root, ['http://cp:8080/'], 'dl_agent_a')).toBe(a);
    expect(agentStateDir(root, ['http://r2:8080', 'http://r1:8080'], 't')).toBe(
      agentStateDir(root, ['http://r1:8080', 'http://r2:8080'], 't'),
    );
    expect(JSON.parse(readFileSync(join(a, 'identity.json'), 'utf8'))).toEqual({ controlPlanes: ['http://cp:8080'] });
    expect(readFileSync(join(a, 'identity.json'), 'utf8')).not.toContain('dl_agent_a');
  });

  it('moves the state of an agent from before (agent.json at the top) into the first directory made', () => {
    const root = mkdtempSync(join(tmpdir(), 'agent-root-'));
    writeFileSync(join(root, 'agent.json'), JSON.stringify({ agentId: 'agent-from-before' }));
    mkdirSync(join(root, 'results'));
    const first = agentStateDir(root, ['http://cp:8080'], 'tok');
    expect(loadAgentId(first)).toBe('agent-from-before');
    expect(existsSync(join(first, 'results'))).toBe(true);
    expect(existsSync(join(root, 'agent.json'))).toBe(false);
    expect(loadAgentId(agentStateDir(root, ['http://cp:8080'], 'another'))).not.toBe('agent-from-before');
  });
});
