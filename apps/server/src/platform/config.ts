import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The checkout's root: `./.data` and the built web app are found relative to it. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(z.url().optional());

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: optionalUrl.optional(),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, '.data')),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65_535).default(54_329),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(50 * 1024 * 1024).default(1024 * 1024),
  WEB_DIST_DIR: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
  MOBILE_SITE_URL: optionalUrl.optional(),
  BRAND_VARIANT: booleanFromEnv.default(false),
  JOBS_ENABLED: booleanFromEnv.default(true),
  TRUST_PROXY: booleanFromEnv.default(false),
  /** Server-side pepper for password hashes; generated under DATA_DIR when unset. */
  PASSWORD_PEPPER: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Key for token MACs and encrypted secrets (64 hex characters); generated when unset. */
  SECRET_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters')
    .optional(),
  SMTP_URL: optionalUrl.optional(),
  MAIL_FROM: z.string().min(3).default('Coffer <no-reply@coffer.local>'),
  /** Keep every e-mail and SMS in the dev outbox at /dev/outbox (the embedded default). */
  DEV_OUTBOX: booleanFromEnv.default(true),
  /** The site's own origin for the Origin check; derived from the Host header when unset. */
  PUBLIC_ORIGIN: optionalUrl.optional(),
  COOKIE_SECURE: booleanFromEnv.default(false),
  /** Seed of the built-in market's random walk: the same seed, the same prices everywhere. */
  MARKET_SEED: z.string().min(1).max(200).default('coffer'),
  /** CNY per USD for valuations, until the markets capability brings live rates. */
  USD_CNY_RATE: z.string().regex(/^\d{1,6}(\.\d{1,8})?$/, 'must be a decimal such as 7.1').default('7.1'),
  /** E-mails and SMS one IP address may cause per hour (abuse limit). */
  CODE_SENDS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
  SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 90).default(24 * 7),
});

export type AppConfig = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Reads and validates the environment; a bad variable is named in the error. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const known = Object.fromEntries(
    Object.keys(configSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const parsed = configSchema.safeParse(known);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const variable = String(issue.path[0] ?? '?');
      return `${variable}=${JSON.stringify(env[variable] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const config = parsed.data;
  if (config.DATABASE_URL && (!config.PASSWORD_PEPPER || !config.SECRET_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  PASSWORD_PEPPER and SECRET_KEY must be set when DATABASE_URL is (they are generated only for the embedded database)',
    );
  }
  return config;
}
