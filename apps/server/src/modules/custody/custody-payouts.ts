import { billTypes, fromBaseUnits, type CustodyPolicyRule } from '@coffer/contract';
import { sql, type Selectable } from 'kysely';
import type { Messenger } from '../../platform/adapters/messenger';
import type { Db } from '../../platform/db/database';
import type { AssetsApi } from '../assets';
import type { IdentityApi } from '../identity';
import type { Ledger, LedgerReads } from '../ledger';
import type { CustodyPayout, CustodyPayoutSource } from '../withdrawals';
import type { CustodyWithdrawalOrderTable } from './custody.schema';
import { evaluatePolicy } from './order-policy';
import { digestOfRow, policyFacts } from './order-view';
import { payoutMessage, type PayoutFailure } from './payout-messages';
import { readPolicyRows, setOrderState } from './orders.repository';
import { inOrganisation } from './tenant-transaction';
import { insertTransfers } from './transfers.repository';
import { withinOrganisation } from './tenant-transaction';

/** What the payouts log: pino's logger fits. */
export interface PayoutLogger {
  error(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

type OrderRow = Selectable<CustodyWithdrawalOrderTable>;

/**
 * The policy rules that, failing at sending time, leave an approved order waiting in `sending`
 * rather than failing it: freezes are pauses (an organisation is frozen at once by any admin or
 * reviewer and unfrozen by the quorum; a frozen submitter can be unfrozen), so the order goes out
 * once they are lifted, its hold kept meanwhile. `memberFrozen` waits only for a submitter who is
 * `frozen`; any other rule that refuses or holds an approved order now fails it.
 */
const waitingRules: ReadonlySet<CustodyPolicyRule> = new Set(['memberFrozen', 'organisationFrozen']);

/** How many orders are read at a time while looking for sendable ones (orders waiting on a freeze are passed over). */
const pageSize = 100;

/**
 * The custody module's side of sending withdrawal orders (issue 18 items 1, 3, 4 and 11), the
 * withdrawals module's `CustodyPayoutSource`. Reads across organisations as the platform (the
 * signer knows orders, not organisations); each change is fenced to the order's organisation.
 * Before an order is handed out it is checked twice, in this order:
 * 1. its digest: the digest of its row as stored now is recomputed and compared with the one the
 *    order was submitted with and the one each approval signed; any difference (an amount or
 *    address changed in the database after approval) refuses it — transfer failed, hold released
 *    in full without fee — and raises the `custody-order-tampered` alert;
 * 2. the policy engine (`order-policy.ts`), evaluated again as at submission and approval, with
 *    the business line, whitelist, limits, reviewers and freezes as they are now: an
 *    organisation frozen, or a submitter frozen, leaves the order waiting in `sending` (see
 *    `waitingRules`), handed out once the freeze is lifted; any other rule that now refuses it
 *    (asset or account no longer on the line, destination off the whitelist or cooling, a limit
 *    lowered below it, approvals that no longer count: fewer than the minimum by reviewers still
 *    eligible) fails it — transfer failed, hold released in full, no fee — logged with the rule
 *    (`custody-order-policy-refused`).
 * The submitter is e-mailed (in their language, when they have withdrawal notices on) when the
 * order is sent (with its txid) and when it fails.
 */
export function createCustodyPayouts(deps: {
  db: Db;
  ledger: Pick<Ledger, 'custodyAccount' | 'platformAccount' | 'releaseHold' | 'settleHold'>;
  /** The hold's own amount: released as the ledger froze it, whatever the order's row says now. */
  ledgerReads: Pick<LedgerReads, 'pendingHoldAmount' | 'custodyBalances'>;
  /** The coin's scale: the line's limits are kept in coins, the policy engine counts base units; amounts in the e-mails. */
  assets: Pick<AssetsApi, 'scaleOf'>;
  /** Where the submitter's e-mails go, and in which language. */
  identity: Pick<IdentityApi, 'noticeRecipient'>;
  messenger: Messenger;
  logger: PayoutLogger;
}): CustodyPayoutSource {
  const { db, ledger, logger } = deps;

  /** Tells the order's submitter it was sent or failed; a mail that cannot go is not the order's failure. */
  async function tellSubmitter(orderId: string, kind: 'orderSent' | 'orderFailed', failure?: PayoutFailure, rule = ''): Promise<void> {
    try {
      const found = await db
        .selectFrom('custody_withdrawal_order as o')
        .innerJoin('custody_member as m', 'm.id', 'o.submitter_member_id')
        .innerJoin('custody_org as g', 'g.id', 'o.org_id')
        .select(['o.serial_no', 'o.asset', 'o.chain', 'o.amount', 'o.address', 'o.tag', 'o.txid', 'm.user_id', 'g.name as company'])
        .where('o.id', '=', orderId)
        .executeTakeFirst();
      if (!found?.user_id) return;
      const recipient = await deps.identity.noticeRecipient(found.user_id, 'withdrawal');
      if (!recipient) return;
      const scale = await deps.assets.scaleOf(found.asset);
      const message = payoutMessage(
        kind,
        recipient.language ?? 'en',
        {
          serial: found.serial_no,
          company: found.company,
          amount: fromBaseUnits(BigInt(found.amount), scale),
          coin: found.asset,
          chain: found.chain,
          address: found.tag === '' ? found.address : `${found.address} (${found.tag})`,
          txid: found.txid ?? '',
          rule,
        },
        failure,
      );
      await deps.messenger.send({ channel: 'email', to: recipient.email, ...message });
    } catch (error) {
      logger.warn({ err: error, orderId, kind }, 'could not e-mail the submitter of a custody withdrawal order');
    }
  }

  /**
   * Why an order that passed its digest check may not be sent now: `wait` (a freeze), `refuse`
   * (with the rule) or null when the policy engine passes it.
   */
  async function policyBlock(row: OrderRow): Promise<{ action: 'wait' | 'refuse'; rule: CustodyPolicyRule } | null> {
    const scale = await deps.assets.scaleOf(row.asset);
    return inOrganisation(db, row.org_id, async (trx) => {
      const now = new Date();
      const rows = await readPolicyRows(trx, {
        lineId: row.line_id,
        asset: row.asset,
        submitterMemberId: row.submitter_member_id,
        orderId: row.id,
        now,
        destination: { chain: row.chain, address: row.address, tag: row.tag },
      });
      // The line is gone: nothing allows the coin any more.
      if (!rows) return { action: 'refuse', rule: 'assetAllowed' };
      const verdict = evaluatePolicy(
        {
          orderId: row.id,
          submitterMemberId: row.submitter_member_id,
          accountId: row.account_id,
          asset: row.asset,
          chain: row.chain,
          address: row.address,
          tag: row.tag,
          amount: BigInt(row.amount),
        },
        policyFacts(rows, scale, now),
      );
      if (verdict.verdict === 'pass' || verdict.rule === null) return null;
      const waits = waitingRules.has(verdict.rule) && (verdict.rule !== 'memberFrozen' || rows.submitterState === 'frozen');
      return { action: waits ? 'wait' : 'refuse', rule: verdict.rule };
    });
  }

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

  /** Check 1: whether the order's payload differs from what its approvals signed (then refused, alerted, its submitter told). */
  async function refusedByDigest(row: OrderRow): Promise<boolean> {
    const signed = await db
      .selectFrom('custody_withdrawal_approval')
      .select(['member_id', 'digest'])
      .where('order_id', '=', row.id)
      .where('decision', '=', 'approve')
      .execute();
    const digest = digestOfRow(row);
    const mismatched = signed.filter((approval) => approval.digest !== digest).map((approval) => approval.member_id);
    if (digest === row.digest && mismatched.length === 0) return false;
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
    if (refused) await tellSubmitter(row.id, 'orderFailed', 'changed');
    return true;
  }

  return {
    async sendable(chains, limit, inFlight) {
      if (chains.length === 0 || limit <= 0) return [];
      const payouts: CustodyPayout[] = [];
      let after: string | null = null;
      while (payouts.length < limit) {
        let query = db
          .selectFrom('custody_withdrawal_order')
          .selectAll()
          .where('state', '=', 'sending')
          .where('chain', 'in', [...chains])
          .orderBy('id')
          .limit(pageSize);
        if (inFlight.length > 0) query = query.where('id', 'not in', [...inFlight]);
        if (after !== null) query = query.where('id', '>', after);
        const rows = await query.execute();
        for (const row of rows) {
          if (payouts.length >= limit) break;
          if (await refusedByDigest(row)) continue;
          const blocked = await policyBlock(row);
          if (blocked?.action === 'wait') continue;
          if (blocked) {
            const refused = await fail(row.id);
            logger.warn(
              { alert: 'custody-order-policy-refused', orderId: row.id, orgId: row.org_id, rule: blocked.rule, refused },
              'custody withdrawal order refused by the policy engine before sending: transfer failed, hold released',
            );
            if (refused) await tellSubmitter(row.id, 'orderFailed', 'policy', blocked.rule);
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
        if (rows.length < pageSize) break;
        after = rows[rows.length - 1]!.id;
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
      const moved = await db.transaction().execute(async (trx) => {
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
      if (moved) await tellSubmitter(orderId, 'orderSent');
      return moved;
    },

    async failed(orderId, reason) {
      const moved = await fail(orderId);
      if (moved) {
        logger.warn({ orderId, reason }, 'custody withdrawal order failed; hold released without fee');
        await tellSubmitter(orderId, 'orderFailed', 'chain');
      }
      return moved;
    },
  };
}
