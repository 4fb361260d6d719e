import { OpenAPIHono } from '@hono/zod-openapi';
import type { ZodError } from 'zod';
import { ApiError, type FieldError } from '../errors.js';
import type { AppEnv } from './env.js';

/** Where a request's validated part came from (the validator's target). */
export type RequestPart = 'json' | 'query' | 'param' | 'header' | 'form' | 'cookie';
const WHOLE: Record<RequestPart, string> = {
  json: '(body)',
  form: '(body)',
  query: '(query)',
  param: '(path)',
  header: '(headers)',
  cookie: '(cookies)',
};
const UNKNOWN: Record<RequestPart, string> = {
  json: 'unknown field(s)',
  form: 'unknown field(s)',
  query: 'unknown query parameter(s)',
  param: 'unknown path parameter(s)',
  header: 'unknown header(s)',
  cookie: 'unknown cookie(s)',
};

export function fieldErrors(error: ZodError, part: RequestPart = 'json'): FieldError[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || WHOLE[part],
    message: issue.code === 'unrecognized_keys' ? `${UNKNOWN[part]}: ${issue.keys.join(', ')}` : issue.message,
  }));
}

/** One readable sentence from a validation failure, e.g. "name: Too big: expected ..." */
export function validationError(error: ZodError, status: 400 | 422 = 400, part: RequestPart = 'json'): ApiError {
  const errors = fieldErrors(error, part);
  const summary = errors
    .slice(0, 3)
    .map((e) => (e.path.startsWith('(') ? e.message : `${e.path}: ${e.message}`))
    .join('; ');
  return new ApiError(status, `invalid request: ${summary}`, errors);
}

/** A router whose request validation failures become 400 {detail, errors} (422 where docs/api.md says so: the usage report). */
export function createRouter(invalidStatus: 400 | 422 = 400) {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error, invalidStatus, (result as { target?: RequestPart }).target ?? 'json');
    },
  });
}
