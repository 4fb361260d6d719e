/**
 * The one error class of the control plane. Anything that should reach the
 * client as a 4xx is thrown as an ApiError; `onError` in app.ts maps it to
 * `{detail}` (plus `errors` for validation failures). Everything else is a bug
 * and answers 500 with a request id.
 */
export interface FieldError {
  path: string;
  message: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 408 | 409 | 410 | 413 | 415 | 422 | 429 | 502 | 503,
    readonly detail: string,
    readonly errors?: FieldError[],
  ) {
    super(detail);
    this.name = 'ApiError';
  }
}

export const badRequest = (detail: string, errors?: FieldError[]) => new ApiError(400, detail, errors);
export const notFound = (what: string) => new ApiError(404, `${what} not found`);
