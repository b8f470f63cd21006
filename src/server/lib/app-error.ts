import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The error codes the API answers with, and the HTTP status each maps to. */
export const errorStatus = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  validation_error: 422,
  rate_limited: 429,
  upstream_error: 502,
  unavailable: 503,
  internal: 500,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorCode = keyof typeof errorStatus;

export interface ErrorIssue {
  path: string;
  message: string;
}

/** Services throw this; the app's error handler turns it into `{ error: { code, message, issues? } }`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly issues: ErrorIssue[] | undefined;

  /** Seconds until a refused request may be tried again: answered as Retry-After. */
  retryAfter: number | undefined;

  constructor(code: ErrorCode, message: string, issues?: ErrorIssue[]) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.issues = issues;
  }

  /** A 429 with its Retry-After. */
  static rateLimited(message: string, retryAfterSeconds: number): AppError {
    const error = new AppError('rate_limited', message);
    error.retryAfter = Math.max(1, Math.ceil(retryAfterSeconds));
    return error;
  }

  get status(): ContentfulStatusCode {
    return errorStatus[this.code];
  }
}

export function errorBody(code: ErrorCode, message: string, issues?: ErrorIssue[]) {
  return { error: issues ? { code, message, issues } : { code, message } };
}
