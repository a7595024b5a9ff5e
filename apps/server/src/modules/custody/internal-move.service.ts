import { billTypes, checkCustodyNote, toBaseUnits, type custodyInternalMoveBodySchema, type CustodyInternalMove } from '@coffer/contract';
import type { z } from 'zod';
import type { Db } from '../../platform/db/database';
import type { AssetsApi } from '../assets';
import type { AuditApi } from '../audit';
import type { Ledger, LedgerReads } from '../ledger';
import { findAccounts } from './accounts.repository';
import { recordConsoleAction } from './console-audit';
import type { ConsoleCaller } from './console-guard';
import { hasControlCharacters } from './custody-destinations';
import { custodyError } from './custody.errors';
import { asPlatform, inOrganisation } from './tenant-transaction';
import { transferView } from './transfer-view';
import { insertTransfers, moveTransfers, type TransferRow } from './transfers.repository';

export type InternalMoveBody = z.output<typeof custodyInternalMoveBodySchema>;

export interface InternalMoves {
  /** Moves an asset between two of the caller's organisation's accounts, once per request id. */
  move(caller: Pick<ConsoleCaller, 'orgId' | 'memberId' | 'userId' | 'ip'>, body: InternalMoveBody): Promise<CustodyInternalMove>;
}

/** The amount in base units: greater than 0, at most the coin's decimals. */
export function unitsOf(amount: string, scale: number): bigint {
  let units = 0n;
  try {
    units = toBaseUnits(amount, scale);
  } catch {
    // Too many decimals: refused below with the coin's decimals named.
  }
  if (units <= 0n) throw custodyError('custodyAmountInvalid', { decimals: String(scale) }, 'amount');
  return units;
}

/**
 * Internal moves between two accounts of one organisation (hot ↔ cold, issue 17 item 6): one
 * ledger transfer and its two transfer records (out released, in credited, each with the
 * balance its account's entry left) in ONE transaction fenced to the organisation. The ledger
 * journal's key is the organisation and the client's request id, so a double click or a retry
 * moves once and answers the first move; the same id with other content is refused. A short
 * balance is the ledger's CHECK: nothing moves and nothing is recorded.
 */
export function createInternalMoves(deps: {
  db: Db;
  assets: Pick<AssetsApi, 'get'>;
  ledger: Pick<Ledger, 'custodyAccount' | 'transfer'>;
  ledgerReads: Pick<LedgerReads, 'custodyAvailableAfterJournal'>;
  audit: Pick<AuditApi, 'record'>;
}): InternalMoves {
  const { db, assets, ledger, ledgerReads, audit } = deps;

  function answer(rows: TransferRow[], scale: number): CustodyInternalMove {
    const out = rows.find((row) => row.business_type === 'internalOut');
    const into = rows.find((row) => row.business_type === 'internalIn');
    if (!out || !into) throw new Error(`internal move ${rows[0]?.move_request_id ?? ''} lacks one of its records`);
    return { orderNo: out.order_no, out: transferView(out, scale), in: transferView(into, scale) };
  }

  return {
    async move(caller, body) {
      if (checkCustodyNote(body.note)) throw custodyError('custodyNoteTooLong', {}, 'note');
      if (hasControlCharacters(body.note)) throw custodyError('invalidParameter', {}, 'note');
      if (body.fromAccountId === body.toAccountId) throw custodyError('custodyMoveSameAccount', {}, 'toAccountId');
      const asset = await assets.get(body.coin);
      const amount = unitsOf(body.amount, asset.scale);
      const found = await inOrganisation(db, caller.orgId, (trx) => findAccounts(trx, [body.fromAccountId, body.toAccountId]));
      if (!found.has(body.fromAccountId)) throw custodyError('noMatchingData', {}, 'fromAccountId');
      if (!found.has(body.toAccountId)) throw custodyError('noMatchingData', {}, 'toAccountId');
      // Opened before the transaction (each on its own connection), as every ledger caller does.
      const [from, to] = await Promise.all([
        ledger.custodyAccount(body.fromAccountId, asset.code),
        ledger.custodyAccount(body.toAccountId, asset.code),
      ]);

      const rows = await inOrganisation(db, caller.orgId, async (trx) => {
        const posted = await asPlatform(trx, () =>
          ledger.transfer(
            {
              idempotencyKey: `custody-move:${caller.orgId}:${body.requestId}`,
              billType: billTypes.transferOut,
              from,
              to,
              amount,
              reference: { type: 'custodyMove', id: `${caller.orgId}:${body.requestId}` },
              note: body.note,
            },
            trx,
          ),
        );
        if (posted.isReplay) return moveTransfers(trx, body.requestId);
        const after = await asPlatform(trx, () => ledgerReads.custodyAvailableAfterJournal(posted.journalId, trx));
        const common = {
          org_id: caller.orgId,
          asset: asset.code,
          amount,
          order_no: `M${posted.journalId}`,
          move_request_id: body.requestId,
          member_id: caller.memberId,
          note: body.note,
          journal_id: posted.journalId,
        };
        await insertTransfers(trx, [
          {
            ...common,
            account_id: body.fromAccountId,
            counterpart_account_id: body.toAccountId,
            business_type: 'internalOut',
            state: 'released',
            balance_after: after.get(body.fromAccountId) ?? null,
          },
          {
            ...common,
            account_id: body.toAccountId,
            counterpart_account_id: body.fromAccountId,
            business_type: 'internalIn',
            state: 'credited',
            balance_after: after.get(body.toAccountId) ?? null,
          },
        ]);
        // Last, just before the commit: the audit log's append lock is held until then.
        await recordConsoleAction(audit, trx, caller, {
          action: 'custody.account.move',
          subject: { kind: 'custodyMove', id: common.order_no },
          after: { from: body.fromAccountId, to: body.toAccountId, asset: asset.code, amount, requestId: body.requestId, note: body.note },
        });
        return moveTransfers(trx, body.requestId);
      });
      return answer(rows, asset.scale);
    },
  };
}
