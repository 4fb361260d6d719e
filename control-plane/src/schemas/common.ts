import { PLATFORMS } from '@devicelab/shared';
import { z } from '@hono/zod-openapi';

/** A request's platform field: shared's platforms, with the 400's wording. */
export const platformField = z.enum(PLATFORMS, { message: 'platform must be "android" or "ios"' });

/** Counts characters as people do (code points), not UTF-16 units. */
export const chars = (s: string) => [...s].length;

/** A trimmed, non-empty string of at most `max` characters. */
export const text = (field: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, `${field} must not be empty`)
    .refine((s) => chars(s) <= max, `${field} must be at most ${max} characters`)
    .openapi({ minLength: 1, maxLength: max });

export const id = (field: string) => z.string().min(1, `${field} must not be empty`).max(64, `${field} is too long`);

export const ErrorBody = z
  .object({
    detail: z.string(),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .openapi('Error');

/** The error responses every authenticated JSON route can give, for the OpenAPI document. */
export const errorResponses = {
  400: { description: 'Invalid request', content: { 'application/json': { schema: ErrorBody } } },
  401: { description: 'Missing or invalid API key', content: { 'application/json': { schema: ErrorBody } } },
  403: { description: 'Read-only key', content: { 'application/json': { schema: ErrorBody } } },
  404: { description: 'Unknown id, or one of another organisation', content: { 'application/json': { schema: ErrorBody } } },
} as const;

export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});

export const jsonResponse = <T extends z.ZodType>(schema: T, description: string) => ({
  200: { description, content: { 'application/json': { schema } } },
});

/**
 * A list's `limit` query parameter. Each failure says what is wrong with it: `limit=0` is out of
 * range, not "not a number" (a message given to the whole schema would be used for every check).
 */
export const pageLimit = (max: number, fallback: number) =>
  z.coerce
    .number({ error: (issue) => (issue.code === 'invalid_type' ? 'must be a number' : undefined) })
    .int({ message: `must be a whole number from 1 to ${max}` })
    .min(1, `must be from 1 to ${max}`)
    .max(max, `must be from 1 to ${max}`)
    .default(fallback);
