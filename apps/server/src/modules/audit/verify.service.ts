import type { Db } from '../../platform/db/database';
import { auditRowHash, genesisHash } from './audit-hash';
import { auditChainPage } from './audit.repository';
import type { AuditVerification } from './index';

/**
 * Walks the chain in seq order, `pageSize` rows at a time, recomputing each row's hash from its
 * content (never trusting a stored hash) and checking its link: the first row that breaks it is
 * named. A seq that is not the previous one plus one is `missing` (a deleted row); a prev_hash
 * that is not the previous row's hash is `reordered`; a hash that does not match the content is
 * `altered`. Rows removed from the end leave no trace in the chain itself: compare the number
 * of rows with an earlier run.
 */
export async function verifyAuditChain(db: Db, pageSize: number): Promise<AuditVerification> {
  let previous = { seq: 0n, hash: genesisHash };
  let rows = 0;
  for (;;) {
    const page = await auditChainPage(db, previous.seq.toString(), pageSize);
    for (const row of page) {
      const expected = previous.seq + 1n;
      if (BigInt(row.seq) !== expected) return { ok: false, rows, firstBadSeq: expected.toString(), reason: 'missing' };
      if (!row.prevHash.equals(previous.hash)) return { ok: false, rows, firstBadSeq: row.seq, reason: 'reordered' };
      if (!auditRowHash(row, row.prevHash).equals(row.hash)) return { ok: false, rows, firstBadSeq: row.seq, reason: 'altered' };
      rows += 1;
      previous = { seq: expected, hash: row.hash };
    }
    if (page.length < pageSize) return { ok: true, rows };
  }
}
