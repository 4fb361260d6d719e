import { z } from '@hono/zod-openapi';

/** GET /tunnels takes no parameters; unknown ones are refused like every list's misspelt filter. */
export const TunnelQuery = z.strictObject({});

export const Tunnel = z
  .object({
    name: z.string().openapi({ description: "The tunnel client's --tunnel-name: what runs give as tunnelName" }),
    connectedAt: z.string(),
    apiKeyId: z.string().openapi({ description: 'The API key that opened it (`legacy` for the organisation key)' }),
    streamsOpened: z.number().int().openapi({ description: 'Connections relayed through it since it connected' }),
  })
  .openapi('Tunnel');

export const TunnelList = z.object({ tunnels: z.array(Tunnel) }).openapi('TunnelList');
