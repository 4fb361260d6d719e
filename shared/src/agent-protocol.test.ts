import { describe, expect, it } from 'vitest';
import { AGENT_PROTOCOL_VERSION, parseAgentMessage, parseServerMessage } from './agent-protocol.js';

const device = { serial: 'emulator-5554', platform: 'android', kind: 'emulator', model: 'Pixel 7', osVersion: '14', ready: true };
const hello = {
  type: 'hello',
  protocolVersion: AGENT_PROTOCOL_VERSION,
  agentVersion: '0.1.0',
  agentId: 'agt_1',
  hostname: 'lab-1',
  capabilities: { platforms: ['android'] },
  devices: [device],
};

describe('agent protocol', () => {
  it('accepts a hello and fills defaults', () => {
    const parsed = parseAgentMessage(JSON.stringify(hello));
    expect(parsed).toEqual({
      ok: true,
      message: { ...hello, capabilities: { platforms: ['android'], virtual: false, screenRecording: false }, jobs: [] },
    });
  });

  it('names the field that is wrong', () => {
    const bad = parseAgentMessage(JSON.stringify({ ...hello, devices: [{ ...device, platform: 'windows' }] }));
    expect(bad).toMatchObject({ ok: false, error: expect.stringMatching(/^invalid hello: devices\.0\.platform/) });
  });

  it('refuses unknown types, non-JSON and messages of the other direction', () => {
    expect(parseAgentMessage('{"type":"explode"}').ok).toBe(false);
    expect(parseAgentMessage('not json')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^frame is not usable JSON: malformed JSON/),
    });
    expect(parseAgentMessage(`{"type":"heartbeat","x":${'['.repeat(100)}${']'.repeat(100)}}`)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/nested more than/),
    });
    expect(parseAgentMessage(JSON.stringify({ type: 'welcome', protocolVersion: 1, agentId: 'a', heartbeatIntervalMs: 1000 })).ok).toBe(
      false,
    );
    expect(parseServerMessage(JSON.stringify({ type: 'welcome', protocolVersion: 1, agentId: 'a', heartbeatIntervalMs: 1000 })).ok).toBe(
      true,
    );
  });

  it('defaults a step decision and a job result', () => {
    const decision = parseServerMessage(JSON.stringify({ type: 'step.decision', requestId: 'r1', ok: true }));
    expect(decision).toMatchObject({ ok: true, message: { actions: [], finished: true, failed: false, screenshotKey: null } });
    const result = parseAgentMessage(JSON.stringify({ type: 'job.result', jobId: 'j1', verdict: 'failed', durationSeconds: 3 }));
    expect(result).toMatchObject({ ok: true, message: { statusMessage: '', failedStep: null, recordingKey: null } });
    expect(parseAgentMessage(JSON.stringify({ type: 'job.result', jobId: 'j1', verdict: 'maybe', durationSeconds: 3 })).ok).toBe(false);
  });
});
