import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type AuditContent, auditRowHash, canonicalAuditContent, canonicalJson, genesisHash } from './audit-hash';

describe('canonical JSON (RFC 8785)', () => {
  it('sorts keys by UTF-16 code units, writes no whitespace and numbers as ECMAScript does', () => {
    expect(canonicalJson({ b: 1, a: [true, null, 'x'], c: { z: 0, y: -0 } })).toBe('{"a":[true,null,"x"],"b":1,"c":{"y":0,"z":0}}');
    expect(canonicalJson([1e21, 1e-7, 0.1, 100, 1.5])).toBe('[1e+21,1e-7,0.1,100,1.5]');
    // U+1F600 is a surrogate pair (0xD83D…), which sorts before U+FF61 by code units.
    expect(canonicalJson({ '\uFF61': 1, '\u{1F600}': 2, é: 3 })).toBe('{"é":3,"😀":2,"｡":1}');
    expect(canonicalJson('line\n"quoted"\u0001')).toBe('"line\\n\\"quoted\\"\\u0001"');
  });

  it('refuses what is not a JSON value', () => {
    expect(() => canonicalJson(undefined)).toThrow(TypeError);
    expect(() => canonicalJson(Number.NaN)).toThrow(TypeError);
    expect(() => canonicalJson(new Date())).toThrow(TypeError);
    expect(() => canonicalJson(1n)).toThrow(TypeError);
  });
});

describe('the row hash', () => {
  const content: AuditContent = {
    seq: '1',
    createdAt: '2025-01-02T03:04:05.123456Z',
    actorKind: 'operator',
    actorId: 'op-1',
    actorName: null,
    action: 'kyc.approve',
    subjectKind: 'customer',
    subjectId: 'c-1',
    ip: null,
    userAgent: null,
    reason: null,
    before: null,
    after: { b: 2, a: 1 },
  };

  it('is SHA-256 of the canonical content followed by prev_hash', () => {
    const text = canonicalAuditContent(content);
    expect(text).toBe(
      '["coffer-audit-v1","1","2025-01-02T03:04:05.123456Z","operator","op-1",null,"kyc.approve","customer","c-1",null,null,null,null,{"a":1,"b":2}]',
    );
    const expected = createHash('sha256').update(text).update(genesisHash).digest();
    expect(auditRowHash(content, genesisHash).equals(expected)).toBe(true);
  });

  it('changes with any field and with the previous hash', () => {
    const base = auditRowHash(content, genesisHash);
    expect(auditRowHash({ ...content, reason: '' }, genesisHash).equals(base)).toBe(false);
    expect(auditRowHash({ ...content, seq: '2' }, genesisHash).equals(base)).toBe(false);
    expect(auditRowHash({ ...content, subjectKind: 'customer,c-1', subjectId: null }, genesisHash).equals(base)).toBe(false);
    expect(auditRowHash(content, Buffer.alloc(32, 1)).equals(base)).toBe(false);
  });
});
