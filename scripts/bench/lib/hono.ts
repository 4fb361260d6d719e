/**
 * hono and @hono/node-server for the bench server's bare routes: scripts/package.json declares
 * them at the control plane's versions, so pnpm links the same copies the product runs.
 */

export { serve } from '@hono/node-server';
export { type Context, Hono } from 'hono';
