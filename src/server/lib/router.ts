import { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { limitParamSchema, pageParamSchema } from '@/domain/pagination/pagination.schema';
import { errorBody } from './app-error';
import type { AppEnv } from './context';

export const errorSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    }),
  })
  .meta({ id: 'Error' });

/** The response entry of one error status for a route contract. */
export function errorResponse(description: string) {
  return { description, content: { 'application/json': { schema: errorSchema } } } as const;
}

export function jsonContent<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { 'application/json': { schema } } } as const;
}

/** Every feature router is made here so that invalid input answers 422 in the one error shape. */
export function createRouter() {
  return new OpenAPIHono<AppEnv>({
    defaultHook: (result, c) => {
      if (result.success) return;
      const issues = result.error.issues.map((issue) => ({
        path: issue.path.join('.'),
        message: issue.message,
      }));
      const first = issues[0];
      const message = first
        ? first.path
          ? `${first.path}: ${first.message}`
          : first.message
        : 'Invalid request';
      return c.json(errorBody('validation_error', message, issues), 422);
    },
  });
}

/** A route's required JSON body, checked against `schema` before the handler runs (422 otherwise). */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return { required: true, content: { 'application/json': { schema } } } as const;
}

/** `{id}` in a route's path: a UUID; anything else answers 422 with `notFound` as the message. */
export function idParams(notFound: string) {
  return z.object({ id: z.uuid(notFound) });
}

/** `?page=` of a paged list: 1-based, at most `maxPage`. Add a list's filters with `.extend()`. */
export function pageQuery(maxPage = 10_000) {
  return z.object({ page: pageParamSchema(maxPage) });
}

/** `?limit=` of a list: 1 to `max` items, `fallback` when absent. Add a cursor or filters with `.extend()`. */
export function limitQuery(max: number, fallback: number) {
  return z.object({ limit: limitParamSchema(max, fallback) });
}
