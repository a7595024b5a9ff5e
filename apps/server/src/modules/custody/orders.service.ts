import {
  type custodyOrderBodySchema,
  type custodyOrdersQuerySchema,
  fromBaseUnits,
  toBaseUnits,
  type CustodyOrderDetail,
  type CustodyOrderLine,
  type CustodyPolicyAnswer,
  type Language,
} from '@coffer/contract';
import type { z } from 'zod';
import type { Db } from '../../platform/db/database';
import type { AssetsApi } from '../assets';
import type { AuditApi } from '../audit';
import type { Ledger } from '../ledger';
import { recordConsoleAction } from './console-audit';
import type { ConsoleCaller } from './console-guard';
import type { CustodyDestinations } from './custody-destinations';
import { sqlStateOf } from './console-input';
import { custodyError } from './custody.errors';
import { createOrderDrafts, type Draft } from './order-draft';
import { orderDetail, verdictOf } from './order-detail';
import { orderView, policyAnswer, refusalOf } from './order-view';
import { readLines } from './lines.repository';
import { findOrderByRequest, lockLineAsset, nextOrderId, ordersPage } from './orders.repository';
import { parseInstant } from './report-range';
import type { OrderNotices } from './order-notices';
import { placeOrder } from './order-placement';
import { inOrganisation } from './tenant-transaction';

type Caller = Pick<ConsoleCaller, 'orgId' | 'memberId' | 'userId' | 'ip' | 'membership'>;

export interface WithdrawalOrders {
  submit(caller: Caller, body: z.output<typeof custodyOrderBodySchema>, language: Language): Promise<CustodyOrderDetail>;
  dryRun(caller: Caller, body: Draft, language: Language): Promise<CustodyPolicyAnswer>;
  page(
    orgId: string,
    query: z.output<typeof custodyOrdersQuerySchema>,
  ): Promise<{ pageNo: number; pageSize: number; total: number; records: ReturnType<typeof orderView>[] }>;
  detail(orgId: string, id: string, language: Language): Promise<CustodyOrderDetail>;
  /** The organisation's lines as a submitter needs them (no reviewers, no whitelist). */
  lines(orgId: string): Promise<CustodyOrderLine[]>;
}

/** The scale of the limit columns (NUMERIC(38, 18)); a stored limit is shown as its shortest exact decimal. */
const limitScale = 18;
const limitText = (value: string) => fromBaseUnits(toBaseUnits(value, limitScale), limitScale);

/**
 * Single withdrawal orders (issue 18 item 1): checked by the policy engine in its fixed order,
 * then written with their digest and amount + fee held in the ledger, in ONE transaction fenced
 * to the organisation and serialised per line and coin (the limits hold under any concurrency).
 * Sending them through the withdrawal signer is the next slice's.
 */
export function createWithdrawalOrders(deps: {
  db: Db;
  assets: Pick<AssetsApi, 'get' | 'chainSettings' | 'scaleOf'>;
  destinations: CustodyDestinations;
  ledger: Pick<Ledger, 'custodyAccount' | 'hold'>;
  audit: Pick<AuditApi, 'record'>;
  notices: Pick<OrderNotices, 'orderAwaitingReview'>;
}): WithdrawalOrders {
  const { db, assets, ledger, audit } = deps;
  const { prepare, sameRequest } = createOrderDrafts(deps);

  async function detail(orgId: string, id: string, language: Language): Promise<CustodyOrderDetail> {
    const found = await inOrganisation(db, orgId, (trx) => orderDetail(trx, id, assets, language));
    if (!found) throw custodyError('noMatchingData', {}, 'id');
    return found;
  }

  return {
    detail,

    async submit(caller, body, language) {
      const prepared = await prepare(caller, body);
      const { order, fee, scale } = prepared;
      const ledgerAccount = await ledger.custodyAccount(order.accountId, order.asset);
      const placed = await inOrganisation(db, caller.orgId, async (trx) => {
        await lockLineAsset(trx, caller.orgId, order.lineId, order.asset);
        const twin = await findOrderByRequest(trx, body.requestId);
        if (twin) {
          if (!sameRequest(twin, prepared, body.note)) throw custodyError('idempotencyConflict', {}, 'requestId');
          return { id: twin.id, isNew: false };
        }
        const verdict = await verdictOf(trx, order, scale);
        if (!verdict) throw custodyError('noMatchingData', {}, 'lineId');
        if (verdict.verdict === 'refused') {
          const refusal = refusalOf(verdict, scale);
          throw custodyError(refusal.key, refusal.params);
        }
        const orderId = await nextOrderId(trx);
        const payload = {
          id: orderId,
          account_id: order.accountId,
          asset: order.asset,
          chain: order.chain,
          amount: order.amount.toString(),
          address: order.address,
          tag: order.tag,
          fee: fee.toString(),
        };
        // A twin request with other content that took another line's lock is stopped by the unique request id.
        await placeOrder(trx, ledger, ledgerAccount, payload, {
          org_id: caller.orgId,
          request_id: body.requestId,
          line_id: order.lineId,
          submitter_member_id: caller.memberId,
          note: body.note,
        }).catch((error: unknown) => {
          throw sqlStateOf(error) === '23505' ? custodyError('idempotencyConflict', {}, 'requestId') : error;
        });
        await recordConsoleAction(audit, trx, caller, {
          action: 'custody.order.submit',
          subject: { kind: 'custodyOrder', id: orderId },
          after: { ...payload, lineId: order.lineId, note: body.note },
        });
        return { id: orderId, isNew: true };
      });
      if (placed.isNew) await deps.notices.orderAwaitingReview(caller.orgId, caller.membership.org_name, placed.id, language);
      return detail(caller.orgId, placed.id, language);
    },

    async dryRun(caller, body, language) {
      const { order, scale } = await prepare(caller, body);
      const verdict = await inOrganisation(db, caller.orgId, (trx) => verdictOf(trx, order, scale));
      if (!verdict) throw custodyError('noMatchingData', {}, 'lineId');
      return policyAnswer(verdict, scale, language);
    },

    async page(orgId, query) {
      const filters = { ...query, start: parseInstant(query.start, 'start'), end: parseInstant(query.end, 'end') };
      const { rows, total } = await inOrganisation(db, orgId, (trx) =>
        ordersPage(trx, filters, { limit: query.pageSize, offset: (query.pageNo - 1) * query.pageSize }),
      );
      const records = await Promise.all(rows.map(async (row) => orderView(row, await assets.scaleOf(row.asset))));
      return { pageNo: query.pageNo, pageSize: query.pageSize, total, records };
    },

    async lines(orgId) {
      const records = await inOrganisation(db, orgId, (trx) => readLines(trx));
      return records.map((record) => ({
        id: record.line.id,
        name: record.line.name,
        currencies: record.line.currencies,
        accountIds: record.accountIds,
        minReviewers: record.line.min_reviewers,
        limits: record.limits.map((limit) => ({
          asset: limit.asset,
          perTransaction: limitText(limit.per_transaction),
          perDay: limitText(limit.per_day),
          perWeek: limitText(limit.per_week),
          perMonth: limitText(limit.per_month),
        })),
      }));
    },
  };
}
