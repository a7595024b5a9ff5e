/**
 * The audit log's hash chain. A row's hash is
 *
 *   hash = SHA-256( UTF-8( canonicalJson(content) ) ‖ prev_hash )
 *
 * where prev_hash is the previous row's hash (32 zero bytes before row 1) and `content` is the
 * JSON array, in this order:
 *
 *   ["coffer-audit-v1", seq, created_at, actor_kind, actor_id, actor_name, action,
 *    subject_kind, subject_id, ip, user_agent, reason, before, after]
 *
 * seq is its decimal text ("1"), created_at the UTC text of the stored microsecond
 * (`2025-01-02T03:04:05.123456Z`), an absent text field is null, and before/after are the stored
 * JSON values (null when absent). Being positional, the array needs no field names and no
 * separator can be forged inside a value. `canonicalJson` is RFC 8785 (JCS): no whitespace,
 * object keys sorted by UTF-16 code units, strings and numbers as ECMAScript's JSON.stringify
 * writes them — so a before/after value read back from jsonb encodes exactly as it did when written.
 */
import { createHash } from 'node:crypto';

/** The prev_hash of the first row. */
export const genesisHash: Buffer = Buffer.alloc(32);

const encodingTag = 'coffer-audit-v1';

/** What a row's hash covers: its whole content as stored, hash and prev_hash aside. */
export interface AuditContent {
  seq: string;
  createdAt: string;
  actorKind: 'operator' | 'customer' | 'system';
  actorId: string;
  actorName: string | null;
  action: string;
  subjectKind: string | null;
  subjectId: string | null;
  ip: string | null;
  userAgent: string | null;
  reason: string | null;
  /** A JSON value (as JSON.parse gives it), or null. */
  before: unknown;
  after: unknown;
}

/** RFC 8785 canonical JSON of a JSON value (what JSON.parse gives); anything else is refused. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`not a JSON number: ${value}`);
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const prototype: unknown = Object.getPrototypeOf(value);
    if (prototype !== Object.prototype && prototype !== null) throw new TypeError('not a plain JSON object');
    const record = value as Record<string, unknown>;
    // The default sort compares UTF-16 code units, as RFC 8785 asks.
    const keys = Object.keys(record).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
  }
  throw new TypeError(`not a JSON value: ${typeof value}`);
}

/** The exact text a row's hash covers (before prev_hash). */
export function canonicalAuditContent(content: AuditContent): string {
  return canonicalJson([
    encodingTag,
    content.seq,
    content.createdAt,
    content.actorKind,
    content.actorId,
    content.actorName,
    content.action,
    content.subjectKind,
    content.subjectId,
    content.ip,
    content.userAgent,
    content.reason,
    content.before,
    content.after,
  ]);
}

/** The hash a row with this content, following a row whose hash is `prevHash`, must carry. */
export function auditRowHash(content: AuditContent, prevHash: Buffer): Buffer {
  return createHash('sha256').update(canonicalAuditContent(content), 'utf8').update(prevHash).digest();
}
