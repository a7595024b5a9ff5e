import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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
