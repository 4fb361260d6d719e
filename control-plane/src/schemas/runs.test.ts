// shared/ loaded before @hono/zod-openapi, as in a process whose first import reaches the run
// schemas through a transition: schemas/runs.ts must still be able to document them.
import { RunResult, RunStatus as SharedRunStatus } from '@devicelab/shared';
import { describe, expect, it } from 'vitest';

describe('the run schemas built from shared/', () => {
  it('load and document whatever was imported first, and answer as shared/ says', async () => {
    const runs = await import('./runs.js');
    expect(runs.RunStatus.options).toEqual(SharedRunStatus.options);
    expect(Object.keys(runs.Run.shape).sort()).toEqual(Object.keys(RunResult.shape).sort());
    const { OpenAPIHono } = await import('@hono/zod-openapi');
    const app = new OpenAPIHono();
    app.openAPIRegistry.registerPath({
      method: 'get',
      path: '/r',
      responses: { 200: { description: 'r', content: { 'application/json': { schema: runs.Run } } } },
    });
    const doc = app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 't', version: '1' } });
    const entry = doc.components!.schemas!.RunResultEntry as { properties: Record<string, { description?: string }> };
    expect(entry.properties.id!.description).toBe('The test id');
  });
});
