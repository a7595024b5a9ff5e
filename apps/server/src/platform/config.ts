import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { displayFeatures, type DisplayFeature } from '@coffer/contract';
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
  /** Connections this process keeps to PostgreSQL (postings and trades group their commits over them). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(20),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(50 * 1024 * 1024)
    .default(1024 * 1024),
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
  /**
   * Keep every e-mail and SMS in the dev outbox at /dev/outbox (the embedded default). Unset:
   * on with the embedded database, off with DATABASE_URL (a real deployment).
   */
  DEV_OUTBOX: booleanFromEnv.optional(),
  /** SMS delivery: `twilio` (Programmable Messaging API); unset: SMS only in the dev outbox. */
  SMS_PROVIDER: z.enum(['twilio']).optional(),
  TWILIO_ACCOUNT_SID: z
    .string()
    .trim()
    .regex(/^AC[0-9a-fA-F]{32}$/, 'must be an account SID such as AC followed by 32 hexadecimal characters')
    .optional(),
  TWILIO_AUTH_TOKEN: z.string().trim().min(16, 'must be at least 16 characters').optional(),
  /** Sender: an E.164 number, a Messaging Service SID (MG…), or an alphanumeric sender ID. */
  TWILIO_FROM: z
    .string()
    .trim()
    .regex(
      /^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32}|(?=[A-Za-z0-9 ]*[A-Za-z])[A-Za-z0-9 ]{1,11})$/,
      'must be +<number>, a Messaging Service SID (MG…) or an alphanumeric sender ID of up to 11 characters',
    )
    .optional(),
  /** Base URL of Twilio's REST API (a local stand-in in tests). */
  TWILIO_API_URL: z.url().default('https://api.twilio.com'),
  /**
   * The site's own origin (`https://coffer.example`) for the Origin check of state-changing
   * requests. Required in production with DATABASE_URL; unset: the loopback origins at PORT in
   * production (the embedded default), the request's Host in development and tests.
   */
  PUBLIC_ORIGIN: optionalUrl.optional(),
  /** Mark the session cookie Secure and send Strict-Transport-Security (the site is served over HTTPS). */
  COOKIE_SECURE: booleanFromEnv.default(false),
  /** Bearer token for /metrics; unset: /metrics is open in development and tests, closed in production. */
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').max(200).optional(),
  /** Serve the OpenAPI reference at /docs and /docs/json (it documents the public API, so on by default). */
  API_DOCS_PUBLIC: booleanFromEnv.default(true),
  /** Seed of the built-in market's random walk: the same seed, the same prices everywhere. */
  MARKET_SEED: z.string().min(1).max(200).default('coffer'),
  /** Where prices come from: the built-in simulated market, or a major exchange's public ticker. */
  PRICE_SOURCE: z.enum(['simulated', 'binance']).default('simulated'),
  PRICE_SOURCE_URL: z.url().default('https://api.binance.com'),
  /** The platform's bank account that custody organisations wire their bills to (issue 18, shown on every bill). */
  BILLING_BANK_NAME: z.string().min(1).max(200).default('Coffer Trust Bank'),
  BILLING_BANK_ADDRESS: z.string().min(1).max(300).default('1 Harbour Street, Singapore 049319'),
  BILLING_BANK_CODE: z.string().min(1).max(50).default('7171'),
  BILLING_BANK_SWIFT: z
    .string()
    .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, 'must be a SWIFT/BIC code of 8 or 11 characters')
    .default('COFFSGSGXXX'),
  BILLING_BANK_ACCOUNT_NAME: z.string().min(1).max(200).default('Coffer Custody Ltd'),
  BILLING_BANK_ACCOUNT_NUMBER: z.string().min(1).max(50).default('001-234567-8'),
  /** CNY per USD for valuations, until the markets capability brings live rates. */
  USD_CNY_RATE: z
    .string()
    .regex(/^\d{1,6}(\.\d{1,8})?$/, 'must be a decimal such as 7.1')
    .default('7.1'),
  /**
   * The captcha's proof of work (ALTCHA, PBKDF2/SHA-256 at cost 1000): a challenge's secret
   * counter is drawn between half this and this, so a browser with a few workers solves the
   * default in about half a second to a second.
   */
  CAPTCHA_MAX_NUMBER: z.coerce.number().int().min(1).max(10_000_000).default(1000),
  /** Wrong passwords (or codes) of one account in the attempt window after which its calls need a captcha. */
  CAPTCHA_AFTER_FAILURES: z.coerce.number().int().min(1).max(1_000_000).default(3),
  /** Failures (and code sends) of one IP address in the window after which its calls need a captcha. */
  CAPTCHA_AFTER_IP_FAILURES: z.coerce.number().int().min(1).max(1_000_000).default(10),
  /**
   * Gray release of optional menu entries (spec §7 gray/displayName): `entry:percent` pairs,
   * comma-separated (e.g. `loan:0,api:25`); an entry is shown to that share of customers (by a
   * stable hash of the customer), entries not listed to everyone. Entries: ${displayFeatures.join(', ')}.
   */
  GRAY_RELEASE: z
    .string()
    .trim()
    .default('')
    .transform((text, context) => {
      const shares: Partial<Record<DisplayFeature, number>> = {};
      for (const pair of text.split(',').filter((part) => part.trim() !== '')) {
        const match = /^\s*([A-Za-z]+)\s*:\s*(\d{1,3})\s*$/.exec(pair);
        const feature = match?.[1] as DisplayFeature | undefined;
        const percent = Number(match?.[2]);
        if (!feature || !displayFeatures.includes(feature) || !(percent <= 100)) {
          context.addIssue({ code: 'custom', message: `"${pair.trim()}" is not entry:percent (0-100) of ${displayFeatures.join(', ')}` });
          return z.NEVER;
        }
        shares[feature] = percent;
      }
      return shares;
    }),
  /** E-mails and SMS one IP address may cause per hour (abuse limit). */
  CODE_SENDS_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
  /** Spot trade (RFQ): pairs BASE/QUOTE, spread and fee as decimal fractions, quote validity, circuit breaker. */
  TRADE_PAIRS: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{2,10}\/[A-Z0-9]{2,10}(,[A-Z0-9]{2,10}\/[A-Z0-9]{2,10})*$/, 'must be pairs such as BTC/USDT,ETH/USDT')
    .default('BTC/USDT,ETH/USDT,XRP/USDT,USDC/USDT,BTC/USDC,ETH/USDC'),
  TRADE_SPREAD_RATE: z
    .string()
    .regex(/^0(\.\d{1,8})?$/, 'must be a fraction such as 0.002')
    .default('0.002'),
  TRADE_FEE_RATE: z
    .string()
    .regex(/^0(\.\d{1,8})?$/, 'must be a fraction such as 0.001')
    .default('0.001'),
  QUOTE_TTL_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
  TRADE_BREAKER_PERCENT: z
    .string()
    .regex(/^\d{1,3}(\.\d{1,4})?$/, 'must be a percentage such as 5')
    .default('5'),
  TRADE_BREAKER_WINDOW_SECONDS: z.coerce.number().int().min(60).max(86_400).default(300),
  /** Quotes are refused when the newest price is older than this. */
  TRADE_MAX_PRICE_AGE_SECONDS: z.coerce.number().int().min(10).max(86_400).default(180),
  /** Largest trade, in USD of the coin paid. */
  TRADE_MAX_USD: z.coerce.number().int().min(1).max(1_000_000_000).default(1_000_000),
  /** Orders paying at least this (USD) settle through the liquidity channel: payment held, then filled or refunded. */
  TRADE_CHANNEL_MIN_USD: z.coerce.number().int().min(1).max(1_000_000_000).default(100_000),
  /** The simulated channel rejects an order when the market moved against the desk by more than this percentage since its quote. */
  TRADE_CHANNEL_TOLERANCE_PERCENT: z
    .string()
    .regex(/^\d{1,3}(\.\d{1,4})?$/, 'must be a percentage such as 0.5')
    .default('0.5'),
  /** Ed25519 seed (64 hex) signing quotes; generated under DATA_DIR when unset. */
  TRADE_SIGNING_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters')
    .optional(),
  /** HD master seed of the deposit addresses, as a BIP39 mnemonic or 64 bytes of hex; generated under DATA_DIR for the local chain. */
  HD_MNEMONIC: z.string().trim().min(1).optional(),
  HD_SEED_HEX: z
    .string()
    .trim()
    .regex(/^(0x)?[0-9a-fA-F]{128}$/, 'must be 64 bytes of hexadecimal')
    .optional(),
  /** Ethereum JSON-RPC node; unset: a local anvil chain under DATA_DIR/anvil with test USDT/USDC. */
  EVM_RPC_URL: optionalUrl.optional(),
  USDT_CONTRACT: z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed contract address')
    .optional(),
  USDC_CONTRACT: z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x-prefixed contract address')
    .optional(),
  /** Seconds between blocks of the local anvil chain. */
  EVM_BLOCK_TIME_SECONDS: z.coerce.number().int().min(1).max(60).default(2),
  /** Loopback port of the embedded anvil; a free one when unset. */
  EVM_LOCAL_PORT: z.coerce.number().int().min(1024).max(65_535).optional(),
  /** Bitcoin Core JSON-RPC (`http://user:password@host:8332/wallet/coffer`); unset: the built-in regtest devnet beside the local EVM chain. */
  BTC_RPC_URL: optionalUrl.optional(),
  /** Network of the Bitcoin Core node of `BTC_RPC_URL` (the devnet is always regtest). */
  BTC_NETWORK: z.enum(['mainnet', 'testnet', 'regtest']).default('mainnet'),
  /** Milliseconds between blocks of the built-in Bitcoin devnet. */
  BTC_BLOCK_INTERVAL_MS: z.coerce.number().int().min(200).max(600_000).default(10_000),
  /** Milliseconds between ledger closes of the built-in XRP devnet (the embedded default only: there is no rippled adapter). */
  XRP_LEDGER_INTERVAL_MS: z.coerce.number().int().min(200).max(60_000).default(4_000),
  /** How often the deposit watchers look for new blocks. */
  DEPOSIT_POLL_MS: z.coerce.number().int().min(100).max(60_000).default(500),
  /** Withdrawals: the large-withdrawal threshold needing a second confirmation (each KYC level's 24-hour limit is in the back office). */
  LARGE_WITHDRAWAL_USD: z
    .string()
    .regex(/^\d{1,12}(\.\d{1,2})?$/, 'must be a USD amount such as 1000')
    .default('1000'),
  /** Hours a newly trusted address waits before withdrawals to it skip verification (spec §5). */
  TRUSTED_ADDRESS_COOLING_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 30)
    .default(24),
  /** KYC level a withdrawal needs (spec §5: identity verification); each level's limits are in the back office. */
  WITHDRAWAL_MIN_KYC_LEVEL: z.coerce.number().int().min(0).max(3).default(1),
  /**
   * The identity-verification provider of KYC2: `sandbox` (served by the app under /sandbox/kyc,
   * the default outside production) or `sumsub` (the SUMSUB_* variables). Production without
   * one configured offers no KYC2.
   */
  KYC_PROVIDER: z.enum(['sandbox', 'sumsub']).optional(),
  SUMSUB_API_URL: z.url().default('https://api.sumsub.com'),
  SUMSUB_APP_TOKEN: z.string().min(1).max(500).optional(),
  SUMSUB_SECRET_KEY: z.string().min(1).max(500).optional(),
  SUMSUB_WEBHOOK_SECRET: z.string().min(1).max(500).optional(),
  SUMSUB_LEVEL_NAME: z.string().min(1).max(200).default('basic-kyc-level'),
  /** How often the withdrawal signer looks for work. */
  WITHDRAWAL_POLL_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
  /** API keys (issue 16, spec §6/§9): the most keys one customer may hold. */
  API_KEYS_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /** Pending (pre-requested, not yet verified nor expired) key changes one customer may hold open at once. */
  API_KEY_PENDING_CHANGES_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /** Signed requests one API key may make per second on each node (token bucket), and the burst above it. */
  API_KEY_RATE_PER_SECOND: z.coerce.number().int().min(1).max(10_000).default(20),
  API_KEY_RATE_BURST: z.coerce.number().int().min(1).max(100_000).default(40),
});

export type AppConfig = Omit<z.infer<typeof configSchema>, 'DEV_OUTBOX'> & { DEV_OUTBOX: boolean };

/** Variables whose values a configuration error must not echo. */
const secretVariables = new Set([
  'PASSWORD_PEPPER',
  'SECRET_KEY',
  'HD_MNEMONIC',
  'HD_SEED_HEX',
  'TRADE_SIGNING_KEY',
  'BTC_RPC_URL',
  'SMTP_URL',
  'TWILIO_AUTH_TOKEN',
  'METRICS_TOKEN',
  'SUMSUB_APP_TOKEN',
  'SUMSUB_SECRET_KEY',
  'SUMSUB_WEBHOOK_SECRET',
]);

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Reads and validates the environment; a bad variable is named in the error. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const known = Object.fromEntries(Object.keys(configSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]));
  const parsed = configSchema.safeParse(known);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const variable = String(issue.path[0] ?? '?');
      const shown = secretVariables.has(variable) ? '[redacted]' : JSON.stringify(env[variable] ?? '');
      return `${variable}=${shown}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const config: AppConfig = { ...parsed.data, DEV_OUTBOX: parsed.data.DEV_OUTBOX ?? parsed.data.DATABASE_URL === undefined };
  const missing = (variables: string[]) => variables.filter((variable) => config[variable as keyof AppConfig] === undefined);
  if (config.SMS_PROVIDER === 'twilio') {
    const unset = missing(['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM']);
    if (unset.length > 0) throw new ConfigError(`Invalid configuration:\n  ${unset.join(', ')} must be set when SMS_PROVIDER=twilio`);
  }
  // Without the outbox a code has exactly one way out: the real channel. Refuse to start rather
  // than let a channel fall back to somewhere a code can be read.
  if (!config.DEV_OUTBOX) {
    const unset = missing(['SMTP_URL', 'SMS_PROVIDER']);
    if (unset.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n  ${unset.join(' and ')} must be set when DEV_OUTBOX is off (it is off by default with DATABASE_URL): e-mail needs SMTP_URL, SMS needs SMS_PROVIDER; or set DEV_OUTBOX=true to keep codes in the outbox (never in a real deployment)`,
      );
    }
  }
  if (config.DATABASE_URL && (!config.PASSWORD_PEPPER || !config.SECRET_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  PASSWORD_PEPPER and SECRET_KEY must be set when DATABASE_URL is (they are generated only for the embedded database)',
    );
  }
  if (config.EVM_RPC_URL && (!config.USDT_CONTRACT || !config.USDC_CONTRACT)) {
    throw new ConfigError('Invalid configuration:\n  USDT_CONTRACT and USDC_CONTRACT must be set when EVM_RPC_URL is');
  }
  if ((config.EVM_RPC_URL || config.BTC_RPC_URL) && config.NODE_ENV === 'production' && !config.HD_MNEMONIC && !config.HD_SEED_HEX) {
    throw new ConfigError(
      'Invalid configuration:\n  HD_MNEMONIC or HD_SEED_HEX must be set when EVM_RPC_URL or BTC_RPC_URL is (a seed is generated only for the local chains)',
    );
  }
  if (config.HD_MNEMONIC && config.HD_SEED_HEX) {
    throw new ConfigError('Invalid configuration:\n  set HD_MNEMONIC or HD_SEED_HEX, not both');
  }
  if (isProductionDeployment(config) && !config.PUBLIC_ORIGIN) {
    throw new ConfigError(
      'Invalid configuration:\n  PUBLIC_ORIGIN must be set in production with DATABASE_URL (the origin customers reach the site at, e.g. https://coffer.example); without it the Origin check would trust the Host header',
    );
  }
  return config;
}

/**
 * A real deployment: production on its own database. `npm start` without variables is
 * production too, but on the embedded database with local chains — the embedded default,
 * which keeps its conveniences (the dev faucet, loopback origins).
 */
export function isProductionDeployment(config: Pick<AppConfig, 'NODE_ENV' | 'DATABASE_URL'>): boolean {
  return config.NODE_ENV === 'production' && config.DATABASE_URL !== undefined;
}

/**
 * The dev faucet (test coins on the local chains) goes with the other developer convenience,
 * the dev outbox: never in a real deployment, and not in production with `DEV_OUTBOX=false`.
 */
export function hasDevFaucet(config: Pick<AppConfig, 'NODE_ENV' | 'DATABASE_URL' | 'DEV_OUTBOX'>): boolean {
  return !isProductionDeployment(config) && (config.DEV_OUTBOX || config.NODE_ENV !== 'production');
}
