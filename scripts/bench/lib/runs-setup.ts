/**
 * What a run needs, made through the product's own endpoints as a customer and an operator
 * would (the steps of control-plane/test/e2e.test.ts): a shared-pool agent token
 * (POST /admin/agent-tokens), an uploaded .apk (multipart POST /uploadBuild, built with
 * scripts/fixtures/builds.ts) and a test that is `ready` on Android (POST /tests, then
 * GET /tests/{id} until the generation settled).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeApk } from '../../fixtures/builds.js';
import { keepAliveAgent, sendJson } from './http.js';
import { createOrganisation, type ServerAddress } from './server.js';

/** A token of the shared pool (emulators every organisation may use). */
export async function createSharedAgentToken(server: ServerAddress): Promise<string> {
  const agent = keepAliveAgent(1);
  const r = await sendJson<{ agentToken: string }>(server.url, agent, {
    method: 'POST',
    path: '/admin/agent-tokens',
    headers: { authorization: `Bearer ${server.adminToken}` },
    json: { shared: true },
  });
  agent.destroy();
  if (r.status !== 200) throw new Error(`create agent token: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.agentToken;
}

/** A small real .apk (compiled manifest) through POST /uploadBuild; answers the build id. */
export async function uploadSampleApk(server: ServerAddress, apiKey: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'devicelab-bench-apk-'));
  try {
    const file = join(dir, 'sample.apk');
    await makeApk(file, { packageName: 'com.devicelab.sample', versionName: '1.0', versionCode: 1, label: 'DeviceLab Sample' });
    const form = new FormData();
    form.append('build', new Blob([readFileSync(file)]), 'sample.apk');
    form.append('metadata', JSON.stringify({ name: 'bench' }));
    const res = await fetch(new URL('/uploadBuild', server.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}` },
      body: form,
    });
    const body = (await res.json()) as { buildId?: string };
    if (res.status !== 200 || !body.buildId) throw new Error(`upload: ${res.status} ${JSON.stringify(body)}`);
    return body.buildId;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A test whose Android automation is generated and `ready` (the offline model); answers its id. */
export async function createReadyTest(server: ServerAddress, apiKey: string, title: string, commands: string[]): Promise<string> {
  const agent = keepAliveAgent(1);
  const auth = { authorization: `Bearer ${apiKey}` };
  try {
    const created = await sendJson<{ testId: string }>(server.url, agent, {
      method: 'POST',
      path: '/tests',
      headers: auth,
      json: { title, commands },
    });
    if (created.status !== 200) throw new Error(`create test: ${created.status} ${JSON.stringify(created.body)}`);
    const deadline = Date.now() + 30_000;
    for (;;) {
      const t = await sendJson<{ platforms: Record<string, { status: string }> }>(server.url, agent, {
        method: 'GET',
        path: `/tests/${created.body.testId}`,
        headers: auth,
      });
      if (t.status !== 200) throw new Error(`GET /tests/${created.body.testId}: ${t.status}`);
      const android = t.body.platforms.android?.status;
      if (android === 'ready') return created.body.testId;
      if (android !== 'generating')
        throw new Error(`test ${created.body.testId} is ${android} on Android, not ready: ${JSON.stringify(t.body.platforms)}`);
      if (Date.now() > deadline) throw new Error(`test ${created.body.testId} still generating after 30 s`);
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    agent.destroy();
  }
}

/** What a run of the benchmarks sends: the organisation's key, and a build and a test that is ready on Android. */
export interface RunFixture {
  organisationId: string;
  apiKey: string;
  /** The organisation's key as a request header. */
  auth: Record<string, string>;
  /** A shared-pool agent token for the fake agent. */
  agentToken: string;
  buildId: string;
  testId: string;
}

/** A new organisation, a shared-pool agent token, the sample .apk and a test "Log in" ready on Android. */
export async function prepareRunFixture(server: ServerAddress, orgName: string): Promise<RunFixture> {
  const org = await createOrganisation(server, orgName);
  const agentToken = await createSharedAgentToken(server);
  const buildId = await uploadSampleApk(server, org.apiKey);
  const testId = await createReadyTest(server, org.apiKey, 'Log in', ['Tap the Log in button', 'assertVisible: "Products"']);
  return {
    organisationId: org.organisationId,
    apiKey: org.apiKey,
    auth: { authorization: `Bearer ${org.apiKey}` },
    agentToken,
    buildId,
    testId,
  };
}
