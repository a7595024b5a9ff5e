import { fromBaseUnits, type TransferRecord } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import type { AssetsApi } from '../assets';
import type { IdentityApi } from '../identity';
import type { LedgerReads } from '../ledger';
import { transferIdsOf, transferRow } from './transfer.repository';

export interface TransferRecords {
  /** One transfer as the viewer (sender or receiver) sees it. */
  recordFor(transferId: string, viewerId: string): Promise<TransferRecord>;
  /** A page of the customer's transfers, sent or received, newest first. */
  records(userId: string, page: { pageNo: number; pageSize: number }): Promise<TransferRecord[]>;
}

/** The records of internal transfers (moved out of `transfer.service.ts` unchanged). */
export function createTransferRecords(deps: {
  db: Db;
  assets: Pick<AssetsApi, 'scaleOf'>;
  identity: Pick<IdentityApi, 'describe'>;
  ledgerReads: Pick<LedgerReads, 'availableBalanceAfterJournal'>;
}): TransferRecords {
  const { db, assets, identity, ledgerReads } = deps;

  async function recordFor(transferId: string, viewerId: string): Promise<TransferRecord> {
    const row = await transferRow(db, transferId);
    const scale = await assets.scaleOf(row.asset);
    const isOutgoing = row.from_user_id === viewerId;
    const balanceAfter = await ledgerReads.availableBalanceAfterJournal(row.journal_id, viewerId);
    const counterpart = await identity.describe(isOutgoing ? row.to_user_id : row.from_user_id);
    const self = await identity.describe(viewerId);
    return {
      flowId: row.flow_id,
      orderNo: row.order_no,
      coin: row.asset,
      quantity: fromBaseUnits(BigInt(row.amount), scale),
      handlingFee: fromBaseUnits(BigInt(row.fee), scale),
      accountBalance: balanceAfter ? fromBaseUnits(BigInt(balanceAfter), scale) : '0',
      businessType: isOutgoing ? 'transferOut' : 'transferIn',
      remarks: row.note,
      recordedTime: row.created_at.toISOString(),
      source: isOutgoing ? self.masked : counterpart.masked,
      hash: null,
      toAddress: isOutgoing ? counterpart.masked : self.masked,
      status: 'credited',
    };
  }

  return {
    recordFor,
    async records(userId: string, page: { pageNo: number; pageSize: number }) {
      const ids = await transferIdsOf(db, userId, page);
      return Promise.all(ids.map((id) => recordFor(id, userId)));
    },
  };
}
