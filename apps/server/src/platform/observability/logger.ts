import pino from 'pino';
import type { AppConfig } from '../config';

export type Logger = pino.Logger;

/** Structured JSON logs; secrets that may pass through requests are redacted. */
export function createLogger(config: Pick<AppConfig, 'LOG_LEVEL'>): Logger {
  return pino({
    level: config.LOG_LEVEL,
    base: { service: 'coffer' },
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers["jwt-token"]',
        'req.headers.authorization',
        'res.headers["set-cookie"]',
        // The HD master seed (deposit addresses) if a configuration object is ever logged.
        'HD_MNEMONIC',
        'HD_SEED_HEX',
        '*.HD_MNEMONIC',
        '*.HD_SEED_HEX',
      ],
      censor: '[redacted]',
    },
  });
}
