import pino from 'pino';

export type Logger = pino.Logger;

/** JSON logs on stdout; one line per event, with the request id bound by the request middleware. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'xrp-research' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', '*.password'],
      censor: '[redacted]',
    },
  });
}
