import pino, { Logger } from 'pino';

export type { Logger };

/** Structured JSON logs. Every request gets a child logger carrying its request id. */
export function createLogger(level: string, name = 'platform'): Logger {
  return pino({
    name,
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: ['password', '*.password', 'token', '*.token', 'authorization', '*.authorization'], censor: '[redacted]' },
  });
}
