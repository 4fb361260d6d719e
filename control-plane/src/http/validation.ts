import { OpenAPIHono } from '@hono/zod-openapi';
import type { ZodError } from 'zod';
import { ApiError, type FieldError } from '../errors.js';
import type { AppEnv } from './env.js';

export function fieldErrors(error: ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || '(body)',
    message: issue.code === 'unrecognized_keys' ? `unknown field(s): ${issue.keys.join(', ')}` : issue.message,
  }));
}

/** One readable sentence from a validation failure, e.g. "name: Too big: expected ..." */
export function validationError(error: ZodError, status: 400 | 422 = 400): ApiError {
  const errors = fieldErrors(error);
  const summary = errors
    .slice(0, 3)
    .map((e) => (e.path === '(body)' ? e.message : `${e.path}: ${e.message}`))
    .join('; ');
  return new ApiError(status, `invalid request: ${summary}`, errors);
}

/** A router whose request validation failures become 400 {detail, errors} (422 where docs/api.md says so: the usage report). */
export function createRouter(invalidStatus: 400 | 422 = 400) {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error, invalidStatus);
    },
  });
}
