import { createRoute, type z } from '@hono/zod-openapi';
import { createRouter } from '../http/validation.js';
import { DEVICE_LIST_LIMIT, type LabDevice, listOrgDevices } from '../queries/devices.js';
import { errorResponses, jsonResponse } from '../schemas/common.js';
import { type Device, DeviceList, DeviceQuery } from '../schemas/devices.js';

const list = createRoute({
  method: 'get',
  path: '/devices',
  tags: ['Devices'],
  security: [{ bearer: [] }],
  summary: 'The devices the organisation can use: its reserved handsets and the shared pool',
  request: { query: DeviceQuery },
  responses: { ...jsonResponse(DeviceList, 'Devices by platform, kind and model'), ...errorResponses },
});

const deviceView = (d: LabDevice): z.infer<typeof Device> => ({
  id: d.id,
  // The same words a result's `device` uses, so a result and the lab can be matched by eye.
  name: `${d.model} (${d.serial})`,
  platform: d.platform,
  kind: d.kind === 'physical' ? 'handset' : d.kind,
  model: d.model,
  osVersion: d.osVersion,
  state: d.state,
  reserved: d.reserved,
  agentName: d.agentName,
  lastSeenAt: new Date(d.lastSeenAt).toISOString(),
  notReadyReason: d.notReadyReason ?? null,
});

export function deviceRoutes() {
  const app = createRouter();
  app.openapi(list, async (c) => {
    const q = c.req.valid('query');
    const all = await listOrgDevices(c.var.deps.db, c.var.caller.org.id);
    const devices = all
      .map(deviceView)
      .filter((d) => (!q.platform || d.platform === q.platform) && (!q.kind || d.kind === q.kind) && (!q.state || d.state === q.state));
    return c.json({ devices, truncated: all.length >= DEVICE_LIST_LIMIT }, 200);
  });
  return app;
}
