import { describe, expect, it } from 'vitest';
import { ConfigError, hasDevFaucet, isProductionDeployment, loadConfig } from './config';
import { allowedOrigins } from './http/origin-check';
import { metricsAccess } from './observability/metrics';

describe('loadConfig', () => {
  it('gives the embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATA_DIR.endsWith('.data')).toBe(true);
    expect(config.JOBS_ENABLED).toBe(true);
  });

  it('names the variable that is wrong, with its value', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT="eighty"/);
    expect(() => loadConfig({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadConfig({ JOBS_ENABLED: 'maybe' })).toThrow(/JOBS_ENABLED/);
  });

  it('lists every bad variable at once', () => {
    try {
      loadConfig({ PORT: '-1', BODY_LIMIT_BYTES: '1' });
      expect.unreachable();
    } catch (error) {
      expect(String(error)).toMatch(/PORT/);
      expect(String(error)).toMatch(/BODY_LIMIT_BYTES/);
    }
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(8080);
  });
});

describe('production exposure', () => {
  const deployment = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://coffer@db.internal:5432/coffer',
    PASSWORD_PEPPER: 'a pepper that is long enough to be real',
    SECRET_KEY: 'ab'.repeat(32),
    SMTP_URL: 'smtp://mail.internal:587',
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: `AC${'1'.repeat(32)}`,
    TWILIO_AUTH_TOKEN: 'twilio-auth-token-for-tests',
    TWILIO_FROM: '+15005550006',
  };

  it('starts npm start (production, nothing set) as the embedded default: faucet, loopback origins, docs on, metrics closed', () => {
    const config = loadConfig({ NODE_ENV: 'production' });
    expect(isProductionDeployment(config)).toBe(false);
    expect(hasDevFaucet(config)).toBe(true);
    expect(allowedOrigins(config)).toEqual(['http://localhost:8080', 'http://127.0.0.1:8080', 'http://[::1]:8080']);
    expect(config.API_DOCS_PUBLIC).toBe(true);
    expect(metricsAccess(config)).toBe('closed');
  });

  it('has no faucet in production with the dev outbox off, even on the embedded database', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      DEV_OUTBOX: 'false',
      SMTP_URL: 'smtp://mail.example:587',
      ...Object.fromEntries(Object.entries(deployment).filter(([name]) => name.startsWith('SMS_') || name.startsWith('TWILIO_'))),
    });
    expect(isProductionDeployment(config)).toBe(false);
    expect(hasDevFaucet(config)).toBe(false);
  });

  it('refuses to start a real deployment without PUBLIC_ORIGIN', () => {
    expect(() => loadConfig(deployment)).toThrow(ConfigError);
    expect(() => loadConfig(deployment)).toThrow(/PUBLIC_ORIGIN must be set in production with DATABASE_URL/);
    const config = loadConfig({ ...deployment, PUBLIC_ORIGIN: 'https://coffer.example/' });
    expect(isProductionDeployment(config)).toBe(true);
    expect(hasDevFaucet(config)).toBe(false);
    expect(allowedOrigins(config)).toEqual(['https://coffer.example']);
  });

  it('keeps development as it was: Host-derived origins, open metrics, a faucet with any database', () => {
    const config = loadConfig({
      NODE_ENV: 'development',
      DATABASE_URL: 'postgres://localhost/coffer',
      PASSWORD_PEPPER: deployment.PASSWORD_PEPPER,
      SECRET_KEY: deployment.SECRET_KEY,
      DEV_OUTBOX: 'true',
    });
    expect(allowedOrigins(config)).toBeNull();
    expect(metricsAccess(config)).toBe('open');
    expect(hasDevFaucet(config)).toBe(true);
  });

  it('takes METRICS_TOKEN as a bearer token of at least 32 characters, never echoed', () => {
    expect(metricsAccess(loadConfig({ NODE_ENV: 'production', METRICS_TOKEN: 'm'.repeat(32) }))).toEqual({ token: 'm'.repeat(32) });
    expect(() => loadConfig({ METRICS_TOKEN: 'short-secret' })).toThrow(/METRICS_TOKEN=\[redacted\]/);
    expect(() => loadConfig({ API_DOCS_PUBLIC: 'maybe' })).toThrow(/API_DOCS_PUBLIC/);
    expect(loadConfig({ API_DOCS_PUBLIC: 'false' }).API_DOCS_PUBLIC).toBe(false);
  });
});
