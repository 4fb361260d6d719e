import { z } from '@hono/zod-openapi';

/** What a device is, in the words of the API: a real phone is a handset. */
export const DeviceKindName = z.enum(['emulator', 'simulator', 'handset']);

/** Filters of GET /devices; unknown parameters are refused, so a misspelt filter never lists everything. */
export const DeviceQuery = z.strictObject({
  platform: z.enum(['android', 'ios']).optional(),
  kind: DeviceKindName.optional(),
  state: z.enum(['online', 'busy', 'offline']).optional(),
});

export const Device = z
  .object({
    id: z.string(),
    name: z.string().openapi({ description: 'Model and serial (adb serial or UDID), as results name the device' }),
    platform: z.enum(['android', 'ios']),
    kind: DeviceKindName,
    model: z.string(),
    osVersion: z.string(),
    state: z
      .enum(['online', 'busy', 'offline'])
      .openapi({ description: 'online: can take a test; busy: runs one; offline: gone, or its agent is' }),
    reserved: z.boolean().openapi({ description: "The organisation's own device (org-scoped agent), not the shared pool" }),
    agentName: z.string().openapi({ description: 'Hostname of the lab agent it is attached to' }),
    lastSeenAt: z.string(),
    notReadyReason: z.string().nullable().openapi({
      description:
        'Why an offline device cannot take a test, when known (its agent\'s words, e.g. "the iPhone is locked: unlock it"); null otherwise',
    }),
  })
  .openapi('Device');

export const DeviceList = z.object({ devices: z.array(Device), truncated: z.boolean() }).openapi('DeviceList');
