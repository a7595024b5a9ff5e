import { billTypes } from '@coffer/contract';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { Ledger, LedgerReads } from '../ledger';
import type { CustodyPayout, CustodyPayoutSource } from '../withdrawals';
import { digestOfRow } from './order-view';
import { setOrderState } from './orders.repository';
import { insertTransfers } from './transfers.repository';
import { withinOrganisation } from './tenant-transaction';

/** What the payouts log: pino's logger fits. */
export interface PayoutLogger {
  error(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

/**
 * The custody module's side of sending withdrawal orders (issue 18 items 1 and 3), the
 * withdrawals module's `CustodyPayoutSource`. Reads across organisations as the platform (the
 * signer knows orders, not organisations); each change is fenced to the order's organisation.
 * Before an order is handed out, the digest of its row as stored now is recomputed and compared
 * with the digest the order was submitted with and the one each approval signed: any difference
 * (an amount or address changed in the database after approval) refuses it — transfer failed,
 * hold released in full without fee — and raises the `custody-order-tampered` alert.
 */
export function createCustodyPayouts(deps: {
  db: Db;
  ledger: Pick<Ledger, 'custodyAccount' | 'platformAccount' | 'releaseHold' | 'settleHold'>;
  /** The hold's own amount: released as the ledger froze it, whatever the order's row says now. */
  ledgerReads: Pick<LedgerReads, 'pendingHoldAmount' | 'custodyBalances'>;
  logger: PayoutLogger;
}): CustodyPayoutSource {
  const { db, ledger, logger } = deps;

  /**
   * Sending → transfer failed with the hold released, once: the row is locked and must still be
   * sending. The amount released is the hold's as the ledger froze it (amount + fee at
   * submission), not the row's, which may have been changed since.
   */
  async function fail(orderId: string): Promise<boolean> {
    const found = await db
      .selectFrom('custody_withdrawal_order')
      .select(['account_id', 'asset'])
      .where('id', '=', orderId)
      .executeTakeFirst();
    if (!found) return false;
    const ledgerAccount = await ledger.custodyAccount(found.account_id, found.asset);
    return db.transaction().execute(async (trx) => {
      const order = await trx.selectFrom('custody_withdrawal_order').selectAll().where('id', '=', orderId).forUpdate().executeTakeFirst();
      if (order?.state !== 'sending') return false;
      const held = await deps.ledgerReads.pendingHoldAmount(order.hold_id, trx);
      if (held === null) throw new Error(`custody order ${order.id} is sending without a pending hold`);
      await withinOrganisation(trx, order.org_id, () => setOrderState(trx, order.id, 'transfer_failed'));
      await ledger.releaseHold(
        {
          idempotencyKey: `custody-order:${order.id}:release`,
          billType: billTypes.withdrawal,
          holdId: order.hold_id,
          accountId: ledgerAccount,
          amount: held,
          reference: { type: 'custodyOrder', id: order.id },
        },
        trx,
      );
      return true;
    });
  }

  return {
    async sendable(chains, limit) {
      if (chains.length === 0) return [];
      const rows = await db
        .selectFrom('custody_withdrawal_order')
        .selectAll()
        .where('state', '=', 'sending')
        .where('chain', 'in', [...chains])
        .orderBy('id')
        .limit(limit)
        .execute();
      const payouts: CustodyPayout[] = [];
      for (const row of rows) {
        const signed = await db
          .selectFrom('custody_withdrawal_approval')
          .select(['member_id', 'digest'])
          .where('order_id', '=', row.id)
          .where('decision', '=', 'approve')
          .execute();
        const digest = digestOfRow(row);
        const mismatched = signed.filter((approval) => approval.digest !== digest).map((approval) => approval.member_id);
        if (digest !== row.digest || mismatched.length > 0) {
          const refused = await fail(row.id);
          logger.error(
            {
              alert: 'custody-order-tampered',
              orderId: row.id,
              orgId: row.org_id,
              stored: row.digest,
              recomputed: digest,
              mismatched,
              refused,
            },
            'custody withdrawal order changed after its approvals: refused, hold released',
          );
          continue;
        }
        payouts.push({
          orderId: row.id,
          orgId: row.org_id,
          accountId: row.account_id,
          asset: row.asset,
          chain: row.chain,
          address: row.address,
          tag: row.tag,
          amount: BigInt(row.amount).toString(),
          fee: BigInt(row.fee).toString(),
        });
      }
      return payouts;
    },

    async settled(orderId, txid, alongside) {
      const found = await db
        .selectFrom('custody_withdrawal_order')
        .select(['account_id', 'asset'])
        .where('id', '=', orderId)
        .executeTakeFirst();
      if (!found) return false;
      // The ledger's accounts are found before the transaction: it then needs no second connection.
      const [custodyAccount, omnibus, fees] = await Promise.all([
        ledger.custodyAccount(found.account_id, found.asset),
        ledger.platformAccount('omnibus', found.asset),
        ledger.platformAccount('fees', found.asset),
      ]);
      return db.transaction().execute(async (trx) => {
        const order = await trx.selectFrom('custody_withdrawal_order').selectAll().where('id', '=', orderId).forUpdate().executeTakeFirst();
        if (order?.state !== 'sending') return false;
        const amount = BigInt(order.amount);
        const fee = BigInt(order.fee);
        // The ledger refuses a settlement other than the hold's own amount: a row changed since it was handed out settles nothing.
        const posted = await ledger.settleHold(
          {
            idempotencyKey: `custody-order:${order.id}:settle`,
            billType: billTypes.withdrawal,
            holdId: order.hold_id,
            accountId: custodyAccount,
            amount: amount + fee,
            to: [{ accountId: omnibus, amount }, ...(fee > 0n ? [{ accountId: fees, amount: fee }] : [])],
            reference: { type: 'custodyOrder', id: order.id },
          },
          trx,
        );
        await trx
          .updateTable('custody_withdrawal_order')
          .set({ state: 'approved', decided_at: sql<Date>`now()`, txid })
          .where('id', '=', order.id)
          .where('state', '=', 'sending')
          .execute();
        const balance = (await deps.ledgerReads.custodyBalances([order.account_id], trx)).find((row) => row.asset === order.asset);
        if (!balance) throw new Error(`custody account ${order.account_id} has no ${order.asset} ledger account`);
        await withinOrganisation(trx, order.org_id, () =>
          insertTransfers(trx, [
            {
              org_id: order.org_id,
              account_id: order.account_id,
              business_type: 'withdrawal',
              state: 'released',
              asset: order.asset,
              chain: order.chain,
              amount: order.amount,
              fee: order.fee,
              balance_after: balance.available,
              journal_id: posted.journalId,
              order_no: order.serial_no,
              order_id: order.id,
              member_id: order.submitter_member_id,
              note: order.note,
              txid,
              to_address: order.tag === '' ? order.address : `${order.address}#${order.tag}`,
            },
          ]),
        );
        await alongside(trx);
        return true;
      });
    },

    async failed(orderId, reason) {
      const moved = await fail(orderId);
      if (moved) logger.warn({ orderId, reason }, 'custody withdrawal order failed; hold released without fee');
      return moved;
    },
  };
}
