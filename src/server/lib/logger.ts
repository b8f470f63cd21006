import pino from 'pino';

export type Logger = pino.Logger;

/**
 * JSON logs on stdout (or `destination`, for tests); one line per event, with the request id bound by
 * the request middleware. JSON escapes CR and LF, so no value can start a forged line.
 */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: 'xrp-research' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', '*.password'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
