import { describe, expect, it } from 'vitest';
import { apiResponseSigningHeaders, canonicalResponseString } from './api-response-signing';

describe('canonical response string', () => {
  it('joins status, request nonce, timestamp and lower-case body hash by line, with no final line break', () => {
    const text = canonicalResponseString({
      status: 200,
      requestNonce: '2m02tcTCPwlGF4ANfnISIcRi',
      timestamp: '1767323045999',
      bodySha256Hex: 'E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855',
    });
    expect(text).toBe('200\n2m02tcTCPwlGF4ANfnISIcRi\n1767323045999\ne3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(apiResponseSigningHeaders).toEqual({ timestamp: 'x-coffer-timestamp', signature: 'x-coffer-signature' });
  });
});
