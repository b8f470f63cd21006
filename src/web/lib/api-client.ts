import { hc, type ClientResponse } from 'hono/client';
import type { ApiType } from '@/server/app';

/**
 * Each request is handed to the browser in a task of its own. A page's first effects start six to
 * ten requests at once, and each `fetch()` call holds the main thread for about a millisecond (four
 * on a phone): together they made one of the page's longest tasks (ADR 0061).
 */
const fetchInOwnTask: typeof fetch = (input, init) =>
  new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() => fetch(input, init));

export const api = hc<ApiType>('/api', { init: { credentials: 'same-origin' }, fetch: fetchInOwnTask });

/** An API answer other than 2xx, carrying the server's `{ error: { code, message } }`. */
/** A problem the server named at one place of the request (a field, a file's line): `path` says where. */
export interface ApiIssue {
  path: string;
  message: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** What the server found wrong, place by place, when it said (a refused form or file). */
  readonly issues: ApiIssue[];

  constructor(status: number, code: string, message: string, issues: ApiIssue[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.issues = issues;
  }
}

type SuccessBody<R> =
  R extends ClientResponse<infer T, infer S, 'json'> ? (S extends 200 | 201 ? T : never) : never;

async function send<R extends Response>(request: Promise<R>): Promise<R> {
  try {
    return await request;
  } catch {
    throw new ApiError(0, 'network', 'Cannot reach the server. Check your connection and try again.');
  }
}

async function errorOf(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as {
    error?: { code?: string; message?: string; issues?: ApiIssue[] };
  } | null;
  return new ApiError(
    response.status,
    body?.error?.code ?? 'unknown',
    body?.error?.message ?? `The server answered ${response.status}. Please try again.`,
    body?.error?.issues ?? [],
  );
}

/** Resolves to the 2xx body or throws ApiError with the server's message (what the toasts show). */
export async function unwrap<R extends ClientResponse<unknown, number, 'json'>>(
  request: Promise<R>,
): Promise<SuccessBody<R>> {
  const response = await send(request);
  if (response.ok) return (await response.json()) as SuccessBody<R>;
  throw await errorOf(response);
}

/** For answers without a body (201, 204): resolves on 2xx, else throws ApiError like unwrap. */
export async function unwrapEmpty(request: Promise<Response>): Promise<void> {
  const response = await send(request);
  if (!response.ok) throw await errorOf(response);
}
