import {
  billTypes,
  fromBaseUnits,
  type AutoSwapRecord,
  type AutoSwapRecordPage,
  type AutoSwapRecordsQuery,
  type AutoSwapSetting,
  type AutoSwapSettingBody,
  type AutoSwapSettings,
  type AutoSwapStatus,
  type ErrorKey,
} from '@coffer/contract';
import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { JobDefinition } from '../../platform/jobs/job-queue';
import type { Logger } from '../../platform/observability/logger';
import type { Ledger } from '../ledger';
import type { QuoteRow, QuoteService } from './quote.service';
import { postSettlement, settlementJournal } from './settlement';
import type { TradeSettings } from './trade-settings';
import type { AutoSwapRecordTable } from './trade.schema';

type RecordRow = Selectable<AutoSwapRecordTable>;

const cursorName = 'auto-swap-deposits';
const scanBatch = 500;
const processBatch = 200;
/**
 * The scanner reads the journal by id, but ids are taken at insert and transactions commit
 * in any order: the cursor only passes journals older than this, so a later-committing
 * deposit is still seen on the next scan (records are unique per deposit, re-reading is safe).
 */
const cursorLagMs = 60_000;
/** A record claimed by a process that then stopped is taken over after this long. */
const staleClaimMs = 60_000;
/** Transient pricing failures are retried on each scan for this long, then rejected. */
const retryWindowMs = 3600_000;

const permanentRejections = new Set<ErrorKey>(['tradeAmountTooSmall', 'tradeAmountTooLarge', 'tradePairNotSupported', 'invalidParameter']);

export const autoSwapJournalKey = (recordId: string) => `trade:auto-swap:${recordId}`;

function parseInstant(value: string | undefined, field: string): Date | undefined {
  if (value === undefined || value === '') return undefined;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) throw new AppError('invalidParameter', {}, field);
  return instant;
}

/**
 * Automatic swap (spec §2, §3, §4): per source coin, a customer's deposits of that coin are
 * converted into the target coin at a fresh quote.
 *
 * Trigger: the ledger is the source of truth. `scanDeposits` reads journals of bill type
 * 2001 crediting a customer, by id cursor (a pg-boss job every minute); the deposit module
 * may also call `onDepositCredited(journalId)` right after crediting, for an immediate swap.
 * Either way a deposit makes at most one record (unique magic key = deposit journal, customer,
 * coin) and a record settles at most once (ledger idempotency key per record, state change in
 * the same transaction).
 */
export function createAutoSwapService(deps: {
  db: Db;
  ledger: Ledger;
  quotes: QuoteService;
  settings: TradeSettings;
  clock: () => Date;
  logger?: Logger;
}) {
  const { db, ledger, quotes, settings, clock } = deps;

  function settingView(row: { source_asset: string; target_asset: string; enabled: boolean; updated_at: Date }): AutoSwapSetting {
    return { sourceCoin: row.source_asset, targetCoin: row.target_asset, enabled: row.enabled, updatedAt: row.updated_at.toISOString() };
  }

  function supported() {
    return settings.pairs.flatMap((pair) => [
      { sourceCoin: pair.base, targetCoin: pair.quote },
      { sourceCoin: pair.quote, targetCoin: pair.base },
    ]);
  }

  async function moveRecord(
    id: string,
    from: AutoSwapStatus[],
    to: AutoSwapStatus,
    reason: string | null,
    executor: Db = db,
  ): Promise<boolean> {
    const now = clock();
    const result = await executor
      .updateTable('auto_swap_record')
      .set({ status: to, status_reason: reason, updated_at: now, ...(to === 'completed' ? { completed_at: now } : {}) })
      .where('id', '=', id)
      .where('status', 'in', from)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  /** Records for the customer credits of the given 2001 journals, where a setting is on. */
  async function acceptDeposits(where: RawBuilder<unknown>, executor: Db = db): Promise<{ isFull: boolean; lastSettledId: string | null }> {
    const now = clock();
    const horizon = new Date(now.getTime() - cursorLagMs);
    const credits = await sql<{ journal_id: string; created_at: Date; user_id: string; asset: string; amount: string }>`
      select j.id::text as journal_id, j.created_at, a.owner_ref as user_id, e.asset, sum(e.amount)::text as amount
        from journal j
        join entry e on e.journal_id = j.id
        join ledger_account a on a.id = e.account_id
       where ${where} and j.bill_type = ${billTypes.deposit}
         and a.owner_type = 'customer' and a.purpose = 'wallet' and e.bucket = 'available'
       group by j.id, j.created_at, a.owner_ref, e.asset
      having sum(e.amount) > 0
       order by j.id
       limit ${scanBatch}`.execute(executor);
    if (credits.rows.length > 0) {
      const values = credits.rows.map(
        (row) =>
          sql`(${row.journal_id}::bigint, ${row.user_id}::bigint, ${row.asset}, ${row.amount}::numeric, ${row.created_at}::timestamptz)`,
      );
      await sql`
        with credit (journal_id, user_id, asset, amount, credited_at) as (values ${sql.join(values)})
        insert into auto_swap_record (user_id, deposit_journal_id, source_asset, target_asset, source_amount, status, created_at, updated_at)
        select c.user_id, c.journal_id, c.asset, s.target_asset, c.amount, 'accepted', ${now}, ${now}
          from credit c
          join auto_swap_setting s on s.user_id = c.user_id and s.source_asset = c.asset and s.enabled and s.enabled_at <= c.credited_at
        on conflict on constraint auto_swap_record_once_per_deposit do nothing`.execute(executor);
    }
    const last = credits.rows[credits.rows.length - 1];
    const isFull = credits.rows.length === scanBatch;
    // The cursor passes only the old prefix (and, in a full batch, never into the last journal,
    // whose rows may continue in the next batch).
    let lastSettledId: string | null = null;
    for (const row of credits.rows) {
      if (row.created_at >= horizon || (isFull && row.journal_id === last?.journal_id)) break;
      lastSettledId = row.journal_id;
    }
    return { isFull, lastSettledId };
  }

  async function settleRecord(record: RecordRow, quoteRow: QuoteRow): Promise<void> {
    const journal = await settlementJournal(ledger, {
      row: quoteRow,
      userId: record.user_id,
      idempotencyKey: autoSwapJournalKey(record.id),
      reference: { type: 'auto_swap', id: record.id },
    });
    try {
      await db.transaction().execute(async (trx) => {
        // Claims the settling record (row lock): a second settler finds it completed.
        const claimed = await trx
          .updateTable('auto_swap_record')
          .set({ updated_at: clock() })
          .where('id', '=', record.id)
          .where('status', '=', 'settling')
          .executeTakeFirst();
        if (claimed.numUpdatedRows !== 1n) return;
        await postSettlement(ledger, journal, trx);
        await moveRecord(record.id, ['settling'], 'completed', null, trx);
      });
    } catch (error) {
      if (error instanceof AppError && error.key === 'tradeInsufficientBalance') {
        await moveRecord(record.id, ['settling'], 'unsettle', 'insufficientBalance');
        return;
      }
      throw error;
    }
  }

  /** Prices and settles one record; safe to call from several processes at once. */
  async function processRecord(id: string): Promise<void> {
    const now = clock();
    const staleBefore = new Date(now.getTime() - staleClaimMs);
    const claimed = await db
      .updateTable('auto_swap_record')
      .set((eb) => ({ status: 'processing', updated_at: now, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where((eb) => eb.or([eb('status', '=', 'accepted'), eb.and([eb('status', '=', 'processing'), eb('updated_at', '<', staleBefore)])]))
      .returningAll()
      .executeTakeFirst();
    if (!claimed) {
      // A settler that stopped after locking the price: settle at that price.
      const stalled = await db
        .selectFrom('auto_swap_record')
        .selectAll()
        .where('id', '=', id)
        .where('status', '=', 'settling')
        .where('updated_at', '<', staleBefore)
        .executeTakeFirst();
      if (stalled?.quote_id) {
        const quoteRow = await db.selectFrom('trade_quote').selectAll().where('id', '=', stalled.quote_id).executeTakeFirstOrThrow();
        await settleRecord(stalled, quoteRow);
      }
      return;
    }

    const setting = await db
      .selectFrom('auto_swap_setting')
      .selectAll()
      .where('user_id', '=', claimed.user_id)
      .where('source_asset', '=', claimed.source_asset)
      .executeTakeFirst();
    if (!setting?.enabled || setting.target_asset !== claimed.target_asset) {
      await moveRecord(id, ['processing'], 'cancelled', 'settingDisabled');
      return;
    }
    const route = await quotes.pairFor(claimed.source_asset, claimed.target_asset).catch(() => null);
    if (!route) {
      await moveRecord(id, ['processing'], 'rejected', 'tradePairNotSupported');
      return;
    }
    const sourceScale = route.side === 'sell' ? route.pair.baseScale : route.pair.quoteScale;
    let quoteRow: QuoteRow;
    try {
      quoteRow = (
        await quotes.createQuote(
          claimed.user_id,
          {
            pair: route.pair.pair,
            side: route.side,
            amount: fromBaseUnits(BigInt(claimed.source_amount), sourceScale),
            amountCoin: claimed.source_asset,
          },
          'autoSwap',
        )
      ).row;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const isPermanent = permanentRejections.has(error.key) || now.getTime() - claimed.created_at.getTime() > retryWindowMs;
      await moveRecord(id, ['processing'], isPermanent ? 'rejected' : 'accepted', error.key);
      return;
    }
    const locked = await db
      .updateTable('auto_swap_record')
      .set({ status: 'settling', quote_id: quoteRow.id, status_reason: null, updated_at: clock() })
      .where('id', '=', id)
      .where('status', '=', 'processing')
      .returningAll()
      .executeTakeFirst();
    if (locked) await settleRecord(locked, quoteRow);
  }

  /** Every record waiting for work (new, or claimed by a process that stopped). */
  async function processOpen(): Promise<number> {
    const staleBefore = new Date(clock().getTime() - staleClaimMs);
    const open = await db
      .selectFrom('auto_swap_record')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('status', '=', 'accepted'),
          eb.and([eb('status', 'in', ['processing', 'settling']), eb('updated_at', '<', staleBefore)]),
        ]),
      )
      .orderBy('id')
      .limit(processBatch)
      .execute();
    for (const record of open) {
      try {
        await processRecord(record.id);
      } catch (error) {
        deps.logger?.error({ err: error, autoSwapRecord: record.id }, 'auto-swap failed; retried on the next run');
      }
    }
    return open.length;
  }

  /** Reads new deposit journals after the cursor; the cursor row serialises concurrent scanners. */
  async function scanDeposits(): Promise<void> {
    for (;;) {
      const more = await db.transaction().execute(async (trx) => {
        const cursor = await sql<{
          last_id: string;
        }>`select last_id::text as last_id from trade_cursor where name = ${cursorName} for update`.execute(trx);
        const lastId = cursor.rows[0]?.last_id ?? '0';
        const { isFull, lastSettledId } = await acceptDeposits(sql`j.id > ${lastId}::bigint`, trx);
        if (lastSettledId) await sql`update trade_cursor set last_id = ${lastSettledId}::bigint where name = ${cursorName}`.execute(trx);
        // Another batch only when this one was full and moved the cursor.
        return isFull && lastSettledId !== null;
      });
      if (!more) return;
    }
  }

  async function recordView(row: RecordRow): Promise<AutoSwapRecord> {
    const quoteRow = row.quote_id
      ? await db.selectFrom('trade_quote').selectAll().where('id', '=', row.quote_id).executeTakeFirst()
      : undefined;
    const quote = quoteRow ? await quotes.describe(quoteRow) : null;
    return {
      id: row.id,
      magicKey: row.deposit_journal_id,
      sourceCoin: row.source_asset,
      targetCoin: row.target_asset,
      sourceAmount: fromBaseUnits(BigInt(row.source_amount), await quotes.scaleOf(row.source_asset)),
      targetAmount: quote?.receiveAmount ?? null,
      fee: quote?.fee ?? null,
      price: quote?.price ?? null,
      pair: quote?.pair ?? null,
      status: row.status,
      statusReason: row.status_reason,
      time: row.created_at.toISOString(),
      completedAt: row.completed_at?.toISOString() ?? null,
    };
  }

  return {
    async settings(userId: string): Promise<AutoSwapSettings> {
      const rows = await db.selectFrom('auto_swap_setting').selectAll().where('user_id', '=', userId).orderBy('source_asset').execute();
      return { settings: rows.map(settingView), supported: supported() };
    },

    async saveSetting(userId: string, body: AutoSwapSettingBody): Promise<AutoSwapSetting> {
      if (body.sourceCoin === body.targetCoin) throw new AppError('invalidParameter', {}, 'targetCoin');
      const route = await quotes.pairFor(body.sourceCoin, body.targetCoin);
      if (!route) throw new AppError('tradePairNotSupported', {}, 'targetCoin');
      const now = clock();
      const row = await db
        .insertInto('auto_swap_setting')
        .values({
          user_id: userId,
          source_asset: body.sourceCoin,
          target_asset: body.targetCoin,
          enabled: body.enabled,
          enabled_at: now,
          updated_at: now,
        })
        .onConflict((conflict) =>
          conflict.columns(['user_id', 'source_asset']).doUpdateSet((eb) => ({
            target_asset: eb.ref('excluded.target_asset'),
            enabled: eb.ref('excluded.enabled'),
            // Switching on (again) starts from now: earlier deposits are not swapped.
            enabled_at: sql<Date>`case when auto_swap_setting.enabled then auto_swap_setting.enabled_at else excluded.enabled_at end`,
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
      return settingView(row);
    },

    async removeSetting(userId: string, sourceCoin: string): Promise<void> {
      const result = await db
        .deleteFrom('auto_swap_setting')
        .where('user_id', '=', userId)
        .where('source_asset', '=', sourceCoin)
        .executeTakeFirst();
      if (result.numDeletedRows !== 1n) throw new AppError('autoSwapSettingNotFound', {}, 'sourceCoin');
    },

    async records(userId: string, query: AutoSwapRecordsQuery): Promise<AutoSwapRecordPage> {
      const start = parseInstant(query.start, 'start');
      const end = parseInstant(query.end, 'end');
      if (start && end && end <= start) throw new AppError('invalidParameter', {}, 'end');
      let base = db.selectFrom('auto_swap_record').where('user_id', '=', userId);
      if (query.sourceCoin) base = base.where('source_asset', '=', query.sourceCoin);
      if (query.status) base = base.where('status', '=', query.status);
      if (start) base = base.where('created_at', '>=', start);
      if (end) base = base.where('created_at', '<', end);
      const [count, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirst(),
        base
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(query.pageSize)
          .offset((query.pageNo - 1) * query.pageSize)
          .execute(),
      ]);
      return {
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total: Number(count?.total ?? 0),
        records: await Promise.all(rows.map(recordView)),
      };
    },

    /** For the deposit module: swap this credited deposit now (the scan would find it within a minute). */
    async onDepositCredited(journalId: string): Promise<void> {
      await acceptDeposits(sql`j.id = ${journalId}::bigint`);
      const records = await db
        .selectFrom('auto_swap_record')
        .select('id')
        .where('deposit_journal_id', '=', journalId)
        .where('status', '=', 'accepted')
        .execute();
      for (const record of records) await processRecord(record.id);
    },

    scanDeposits,
    processOpen,
    /** One run of the trigger: new deposits, then every open record. */
    async run(): Promise<void> {
      await scanDeposits();
      await processOpen();
    },

    job(): JobDefinition {
      return {
        name: 'trade.auto-swap',
        cron: '* * * * *',
        handle: async () => {
          await scanDeposits();
          await processOpen();
        },
      };
    },
  };
}

export type AutoSwapService = ReturnType<typeof createAutoSwapService>;
