import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context';
import type { Logger } from './logger';

/** Binds a child logger with the request id and logs one line per request when it completes. */
export function requestLogger(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const requestId = c.get('requestId');
    const log = logger.child({ reqId: requestId });
    c.set('logger', log);
    c.header('X-Request-Id', requestId);
    const started = performance.now();
    await next();
    const durationMs = Math.round((performance.now() - started) * 10) / 10;
    const status = c.res.status;
    const line = { method: c.req.method, path: c.req.path, status, durationMs };
    if (status >= 500) log.error(line, 'request failed');
    else log.info(line, 'request');
  };
}
