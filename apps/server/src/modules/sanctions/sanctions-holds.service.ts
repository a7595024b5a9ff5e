import { fromBaseUnits, type SanctionsHold, type SanctionsHoldStatus } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import type { AssetsApi } from '../assets';
import type { AuditApi } from '../audit';
import type { IdentityApi } from '../identity';
import { operatorAuditFields, type OperatorIdentity } from '../operators';
import { sanctionsError } from './sanctions.errors';
import { decideHold, findHold, holdExists, holdsPage, type HoldRow } from './sanctions.repository';
import type { SanctionsHoldKind } from './sanctions.schema';

/** A hold being decided, as the module owning its subject needs it. */
export interface HeldSubject {
  holdId: string;
  /** The withdrawal's or the deposit's id. */
  subjectId: string;
  userId: string;
  asset: string;
  /** Base units frozen. */
  amount: bigint;
  /** The ledger hold freezing them, where the hold names one. */
  ledgerHoldId: string | null;
}

/**
 * What a decision does to the held withdrawal or deposit, in the decision's transaction: the
 * withdrawals module moves its withdrawal on (released) or cancels it and returns the funds
 * (refused); the deposits module releases the frozen credit (released) or leaves it frozen
 * (refused). Each throws rather than half-doing it: the decision rolls back with it.
 */
export interface SanctionsHoldSubject {
  release(trx: Db, held: HeldSubject): Promise<void>;
  refuse(trx: Db, held: HeldSubject, reason: string): Promise<void>;
}

export type SanctionsHoldSubjects = Readonly<Record<SanctionsHoldKind, SanctionsHoldSubject>>;

/** Compliance's side of the holds: the list, and one decision per hold. */
export interface SanctionsHoldDecisions {
  list(query: { status: SanctionsHoldStatus; page: number; pageSize: number }): Promise<{ total: number; items: SanctionsHold[] }>;
  /** Releases an open hold, its subject and its audit record in one transaction; once. */
  release(holdId: string, officer: OperatorIdentity, reason: string | null): Promise<SanctionsHold>;
  /** Refuses an open hold (the reason is kept for the authorities), in one transaction with its audit record; once. */
  refuse(holdId: string, officer: OperatorIdentity, reason: string): Promise<SanctionsHold>;
}

export function createSanctionsHoldDecisions(deps: {
  db: Db;
  assets: Pick<AssetsApi, 'scaleOf'>;
  identity: Pick<IdentityApi, 'describeMany'>;
  audit: Pick<AuditApi, 'record'>;
  /** The withdrawals' and deposits' sides, handed over by the composition once they exist. */
  subjects: () => SanctionsHoldSubjects;
}): SanctionsHoldDecisions {
  const { db, assets, identity, audit } = deps;

  /** The holds as compliance sees them: their customers in one query, each asset's scale once. */
  async function viewsOf(rows: readonly HoldRow[]): Promise<SanctionsHold[]> {
    if (rows.length === 0) return [];
    const assetCodes = [...new Set(rows.map((row) => row.asset))];
    const [customers, scales] = await Promise.all([
      identity.describeMany(rows.map((row) => row.user_id)),
      Promise.all(assetCodes.map(async (code) => [code, await assets.scaleOf(code)] as const)).then((pairs) => new Map(pairs)),
    ]);
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      subjectId: row.subject_id,
      status: row.status,
      userNo: customers.get(row.user_id)!.userNo,
      coin: row.asset,
      amount: fromBaseUnits(BigInt(row.amount), scales.get(row.asset)!),
      chain: row.chain,
      address: row.address,
      entry: { id: row.entry_id, source: row.entry_source, listVersion: row.entry_version_id, label: row.entry_label },
      isStillListed: row.is_still_listed,
      rescreenedAt: row.rescreened_at?.toISOString() ?? null,
      openedAt: row.opened_at.toISOString(),
      decidedBy: row.decided_by ? { id: row.decided_by, name: row.decided_by_name } : null,
      decidedAt: row.decided_at?.toISOString() ?? null,
      reason: row.reason,
    }));
  }

  async function decide(
    holdId: string,
    decision: 'released' | 'refused',
    officer: OperatorIdentity,
    reason: string | null,
  ): Promise<SanctionsHold> {
    const row = await db.transaction().execute(async (trx) => {
      const decided = await decideHold(trx, holdId, { status: decision, by: { id: officer.operatorId, name: officer.name }, reason });
      if (!decided) {
        if (await holdExists(trx, holdId)) throw sanctionsError('sanctionsHoldAlreadyDecided', {}, 'id');
        throw sanctionsError('sanctionsHoldNotFound', {}, 'id');
      }
      const held: HeldSubject = {
        holdId,
        subjectId: decided.subject_id,
        userId: decided.user_id,
        asset: decided.asset,
        amount: BigInt(decided.amount),
        ledgerHoldId: decided.ledger_hold_id,
      };
      const subject = deps.subjects()[decided.kind];
      if (decision === 'released') await subject.release(trx, held);
      else await subject.refuse(trx, held, reason ?? '');
      // The hold as decided, read in the decision's own transaction.
      const after = await findHold(trx, holdId);
      // Last, just before the commit: the audit log's append lock is held until then.
      await audit.record(trx, {
        ...operatorAuditFields(officer),
        action: decision === 'released' ? 'sanctions.hold.release' : 'sanctions.hold.refuse',
        subject: { kind: 'sanctionsHold', id: holdId },
        before: { status: 'open', kind: decided.kind, subjectId: decided.subject_id, entryId: decided.entry_id },
        after: {
          status: decision,
          kind: decided.kind,
          subjectId: decided.subject_id,
          asset: decided.asset,
          amount: decided.amount,
          chain: decided.chain,
          address: decided.address,
        },
        reason,
      });
      return after;
    });
    if (!row) throw sanctionsError('sanctionsHoldNotFound', {}, 'id');
    return (await viewsOf([row]))[0]!;
  }

  return {
    async list(query) {
      const page = await holdsPage(db, query.status, query.page, query.pageSize);
      return { total: page.total, items: await viewsOf(page.rows) };
    },
    release: (holdId, officer, reason) => decide(holdId, 'released', officer, reason),
    refuse: (holdId, officer, reason) => decide(holdId, 'refused', officer, reason),
  };
}
