/**
 * hono and @hono/node-server for the bench server's bare routes: scripts/package.json declares
 * them at the control plane's versions, so pnpm links the same copies the product runs.
 */
export { Hono, type Context } from 'hono';
export { serve } from '@hono/node-server';
