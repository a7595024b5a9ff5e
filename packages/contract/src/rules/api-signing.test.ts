import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalQuery, canonicalRequestString, emptyBodySha256, encodeQueryPart } from './api-signing';

describe('canonical request string', () => {
  it('joins method, path, sorted query, body hash, timestamp and nonce by line', () => {
    const body = '{"pair":"BTC/USDT"}';
    const text = canonicalRequestString({
      method: 'post',
      url: '/trade/v1/quote?b=2&a=1',
      bodySha256Hex: createHash('sha256').update(body).digest('hex'),
      timestamp: '1764115200000',
      nonce: 'n0nce-0000000001',
    });
    expect(text.split('\n')).toEqual([
      'POST',
      '/trade/v1/quote',
      'a=1&b=2',
      createHash('sha256').update(body).digest('hex'),
      '1764115200000',
      'n0nce-0000000001',
    ]);
  });

  it('hashes no bytes for a request without a body and leaves an empty query line', () => {
    expect(createHash('sha256').update('').digest('hex')).toBe(emptyBodySha256);
    expect(
      canonicalRequestString({ method: 'GET', url: '/a', bodySha256Hex: emptyBodySha256, timestamp: '1', nonce: 'x' }).split('\n')[2],
    ).toBe('');
  });

  it('decodes, re-encodes as RFC 3986 and sorts by name then value', () => {
    expect(canonicalQuery('z=%7e&a=b+c&a=a&m=%E4%B8%AD')).toBe('a=a&a=b%20c&m=%E4%B8%AD&z=~');
    expect(canonicalQuery('flag&x=')).toBe('flag=&x=');
    expect(encodeQueryPart("!'()*")).toBe('%21%27%28%29%2A');
  });

  it('keeps malformed percent-encoding as sent (it can only fail to verify)', () => {
    expect(canonicalQuery('a=%E4%B8')).toBe('a=%25E4%25B8');
  });
});
