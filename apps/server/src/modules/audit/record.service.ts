import type { Db } from '../../platform/db/database';
import { type AuditContent, auditRowHash, genesisHash } from './audit-hash';
import { auditChainHead, insertAuditRow, lockAuditChain } from './audit.repository';
import type { AuditEntry } from './index';

const actorKinds = new Set(['operator', 'customer', 'system']);
const actionPattern = /^[A-Za-z][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*$/;
const userAgentLength = 512;

/**
 * A text field as PostgreSQL will hold it: the driver sends UTF-8, which turns a lone surrogate
 * into U+FFFD, so the hash must cover the replaced text or the row would read back as altered.
 */
function text(value: string | null | undefined, field: string, maxLength: number): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.length > maxLength)
    throw new TypeError(`audit entry: ${field} must be text of at most ${maxLength} characters`);
  return Buffer.from(value, 'utf8').toString('utf8');
}

function requiredText(value: string, field: string, maxLength: number): string {
  const checked = text(value, field, maxLength);
  if (checked === null || checked === '') throw new TypeError(`audit entry: ${field} is required`);
  return checked;
}

/**
 * The JSON value that will be stored, so that what is hashed is what is read back: bigints
 * become decimal strings, `toJSON` is applied (a Date becomes its ISO text), `undefined` and
 * JSON null become no record (SQL NULL).
 */
function jsonValue(value: unknown): unknown {
  if (value === undefined) return null;
  const json = JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item));
  return json === undefined ? null : (JSON.parse(json) as unknown);
}

/** An entry checked and put in its stored form; seq and time come from the chain. */
function contentOf(entry: AuditEntry): Omit<AuditContent, 'seq' | 'createdAt'> {
  if (!actorKinds.has(entry.actor.kind)) throw new TypeError(`audit entry: unknown actor kind ${String(entry.actor.kind)}`);
  const action = requiredText(entry.action, 'action', 100);
  if (!actionPattern.test(action)) throw new TypeError(`audit entry: action must look like "domain.verb", not ${JSON.stringify(action)}`);
  const subject = entry.subject ?? null;
  return {
    actorKind: entry.actor.kind,
    actorId: requiredText(entry.actor.id, 'actor.id', 200),
    actorName: text(entry.actor.name, 'actor.name', 200),
    action,
    subjectKind: subject === null ? null : requiredText(subject.kind, 'subject.kind', 100),
    subjectId: subject === null ? null : requiredText(subject.id, 'subject.id', 200),
    ip: text(entry.ip, 'ip', 100),
    userAgent: text(entry.userAgent?.slice(0, userAgentLength), 'userAgent', userAgentLength),
    reason: text(entry.reason, 'reason', 4000),
    before: jsonValue(entry.before),
    after: jsonValue(entry.after),
  };
}

/**
 * Appends one entry to the chain on `executor`: inside the caller's transaction when it is one,
 * else in a transaction of its own. Under the chain's lock it reads the last row and the
 * database clock, hashes the new row and inserts it; the lock is held until that transaction
 * ends, so appends never fork the chain.
 */
export async function recordAuditEntry(executor: Db, entry: AuditEntry): Promise<{ seq: string }> {
  const content = contentOf(entry);
  const append = async (trx: Db): Promise<{ seq: string }> => {
    await lockAuditChain(trx);
    const head = await auditChainHead(trx);
    const prevHash = head.hash ?? genesisHash;
    const row: AuditContent = { ...content, seq: (BigInt(head.seq ?? '0') + 1n).toString(), createdAt: head.now };
    await insertAuditRow(trx, { ...row, prevHash, hash: auditRowHash(row, prevHash) });
    return { seq: row.seq };
  };
  return executor.isTransaction ? append(executor) : executor.transaction().execute(append);
}
