import { createHash } from 'node:crypto';
import {
  custodyBatchColumns,
  custodyBatchState,
  fromBaseUnits,
  type custodyBatchBodySchema,
  type custodyBatchFileSchema,
  type CustodyBatch,
  type CustodyBatchValidation,
  type Language,
} from '@coffer/contract';
import type { z } from 'zod';
import type { Db } from '../../platform/db/database';
import type { AssetsApi } from '../assets';
import type { AuditApi } from '../audit';
import type { Ledger } from '../ledger';
import { findAccount } from './accounts.repository';
import { applyBatchPolicy, batchAnswer, checkBatchRows, readBatchFile, type BatchRow } from './batch-validate';
import { recordConsoleAction } from './console-audit';
import type { ConsoleCaller } from './console-guard';
import type { OrderNotices } from './order-notices';
import { sqlStateOf } from './console-input';
import type { CustodyDestinations } from './custody-destinations';
import { custodyError } from './custody.errors';
import type { PolicyFacts } from './order-policy';
import { policyFacts } from './order-view';
import { lockLineAsset, nextOrderId, readPolicyRows } from './orders.repository';
import { placeOrder } from './order-placement';
import { inOrganisation } from './tenant-transaction';

type Caller = Pick<ConsoleCaller, 'orgId' | 'memberId' | 'userId' | 'ip' | 'membership'>;
type BatchFileBody = z.output<typeof custodyBatchFileSchema>;

export interface WithdrawalBatches {
  /** The line's CSV template: a comment naming the line and its currencies, the columns, one example row per coin and network. */
  template(orgId: string, lineId: string): Promise<{ fileName: string; body: string }>;
  validate(caller: Caller, body: BatchFileBody, language: Language): Promise<CustodyBatchValidation>;
  submit(caller: Caller, body: z.output<typeof custodyBatchBodySchema>, language: Language): Promise<CustodyBatch>;
}

/** A cell of the template, quoted when it must be (RFC 4180). */
function csvCell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Batch withdrawals by CSV (issue 18 item 7): the template, the pre-validation (nothing held),
 * and the submission of a clean batch — the rows checked again under the line's locks, then one
 * order per row, each with its amount + fee held, under one batch id in ONE transaction (all
 * held or none), idempotent by the client's request id.
 */
export function createWithdrawalBatches(deps: {
  db: Db;
  assets: Pick<AssetsApi, 'get' | 'chainSettings' | 'scaleOf'>;
  destinations: CustodyDestinations;
  ledger: Pick<Ledger, 'custodyAccount' | 'hold'>;
  audit: Pick<AuditApi, 'record'>;
  notices: Pick<OrderNotices, 'batchAwaitingReview'>;
}): WithdrawalBatches {
  const { db, assets, ledger, audit } = deps;

  /** The file read and each row's fields checked (outside any transaction: no policy yet). */
  async function checkedRows(caller: Caller, body: BatchFileBody): Promise<BatchRow[]> {
    const file = readBatchFile(body);
    const line = await inOrganisation(db, caller.orgId, async (trx) => {
      const found = await trx.selectFrom('custody_line').select(['id', 'currencies']).where('id', '=', body.lineId).executeTakeFirst();
      const account = await findAccount(trx, body.accountId);
      return { found, account };
    });
    if (!line.found) throw custodyError('noMatchingData', {}, 'lineId');
    if (!line.account) throw custodyError('noMatchingData', {}, 'accountId');
    return checkBatchRows(file, { lineId: body.lineId, currencies: line.found.currencies, destinations: deps.destinations, assets });
  }

  /** The policy engine over the rows, each coin's facts read once in `trx`. */
  async function policy(trx: Db, caller: Caller, body: BatchFileBody, rows: BatchRow[]): Promise<void> {
    const now = new Date();
    const facts = new Map<string, PolicyFacts>();
    for (const asset of new Set(rows.flatMap((row) => (row.order ? [row.order.asset] : [])))) {
      const read = await readPolicyRows(trx, {
        lineId: body.lineId,
        asset,
        submitterMemberId: caller.memberId,
        orderId: null,
        now,
        history: 'orders',
      });
      if (!read) throw custodyError('noMatchingData', {}, 'lineId');
      facts.set(asset, policyFacts(read, await assets.scaleOf(asset), now));
    }
    applyBatchPolicy(rows, { submitterMemberId: caller.memberId, accountId: body.accountId }, (asset) => facts.get(asset)!);
  }

  async function batchView(trx: Db, id: string): Promise<CustodyBatch | undefined> {
    const batch = await trx.selectFrom('custody_withdrawal_batch').selectAll().where('id', '=', id).executeTakeFirst();
    if (!batch) return undefined;
    const orders = await trx
      .selectFrom('custody_withdrawal_order')
      .select(['id', 'state'])
      .where('batch_id', '=', id)
      .orderBy('batch_line')
      .execute();
    return {
      id: batch.id,
      lineId: batch.line_id,
      accountId: batch.account_id,
      state: custodyBatchState(orders.map((order) => order.state)),
      orderIds: orders.map((order) => order.id),
      submittedAt: batch.created_at.toISOString(),
    };
  }

  return {
    async template(orgId, lineId) {
      const line = await inOrganisation(db, orgId, (trx) =>
        trx.selectFrom('custody_line').select(['id', 'name', 'currencies']).where('id', '=', lineId).executeTakeFirst(),
      );
      if (!line) throw custodyError('noMatchingData', {}, 'lineId');
      const settings = await assets.chainSettings();
      const examples = line.currencies.flatMap((coin) => settings.filter((setting) => setting.asset === coin));
      const networks = examples.map((setting) => `${setting.asset} (${setting.chain})`).join(', ');
      const comment = `# Coffer batch withdrawal · line:${line.id} ${line.name.replace(/[\r\n]/g, ' ')} · currencies: ${networks}`;
      const example = (coin: string, chain: string, scale: number) =>
        [coin, chain, fromBaseUnits(1n, scale), '', '', 'example: replace this row'].map(csvCell).join(',');
      const rows = await Promise.all(
        examples.map(async (setting) => example(setting.asset, setting.chain, await assets.scaleOf(setting.asset))),
      );
      const body = [csvCell(comment), custodyBatchColumns.join(','), ...rows].join('\r\n') + '\r\n';
      return { fileName: `coffer-batch-withdrawal-line-${line.id}.csv`, body };
    },

    async validate(caller, body, language) {
      const rows = await checkedRows(caller, body);
      await inOrganisation(db, caller.orgId, (trx) => policy(trx, caller, body, rows));
      return batchAnswer(rows, language);
    },

    async submit(caller, body, language) {
      const contentDigest = createHash('sha256')
        .update(JSON.stringify([body.lineId, body.accountId, body.content]))
        .digest('hex');
      const rows = await checkedRows(caller, body);
      const coins = [...new Set(rows.flatMap((row) => (row.order ? [row.order.asset] : [])))].sort();
      // Opened before the transaction (each on its own connection), as every ledger caller does.
      const ledgerAccounts = new Map<string, string>();
      for (const coin of coins) ledgerAccounts.set(coin, await ledger.custodyAccount(body.accountId, coin));
      const placed = await inOrganisation(db, caller.orgId, async (trx) => {
        for (const coin of coins) await lockLineAsset(trx, caller.orgId, body.lineId, coin);
        const twin = await trx
          .selectFrom('custody_withdrawal_batch')
          .select(['id', 'content_digest'])
          .where('request_id', '=', body.requestId)
          .executeTakeFirst();
        if (twin) {
          if (twin.content_digest !== contentDigest) throw custodyError('idempotencyConflict', {}, 'requestId');
          return { id: twin.id, isNew: false };
        }
        await policy(trx, caller, body, rows);
        if (rows.some((row) => row.problems.length > 0 || !row.order)) throw custodyError('custodyBatchNotClean');
        const batch = await trx
          .insertInto('custody_withdrawal_batch')
          .values({
            org_id: caller.orgId,
            request_id: body.requestId,
            content_digest: contentDigest,
            line_id: body.lineId,
            account_id: body.accountId,
            submitter_member_id: caller.memberId,
            row_count: rows.length,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
          .catch((error: unknown) => {
            throw sqlStateOf(error) === '23505' ? custodyError('idempotencyConflict', {}, 'requestId') : error;
          });
        for (const row of rows) {
          const order = row.order!;
          const orderId = await nextOrderId(trx);
          const payload = {
            id: orderId,
            account_id: body.accountId,
            asset: order.asset,
            chain: order.chain,
            amount: order.amount.toString(),
            address: order.address,
            tag: order.tag,
            fee: order.fee.toString(),
          };
          await placeOrder(trx, ledger, ledgerAccounts.get(order.asset)!, payload, {
            org_id: caller.orgId,
            request_id: `batch:${batch.id}:${row.line}`,
            line_id: body.lineId,
            submitter_member_id: caller.memberId,
            note: order.note,
            batch_id: batch.id,
            batch_line: row.line,
          });
        }
        await recordConsoleAction(audit, trx, caller, {
          action: 'custody.batch.submit',
          subject: { kind: 'custodyBatch', id: batch.id },
          after: { lineId: body.lineId, accountId: body.accountId, rows: rows.length, contentDigest, fileName: body.fileName },
        });
        return { id: batch.id, isNew: true };
      });
      if (placed.isNew) await deps.notices.batchAwaitingReview(caller.orgId, caller.membership.org_name, placed.id, language);
      const view = await inOrganisation(db, caller.orgId, (trx) => batchView(trx, placed.id));
      if (!view) throw new Error(`batch ${placed.id} not found after submission`);
      return view;
    },
  };
}
