import {
  fromBaseUnits,
  type AutoSwapRecord,
  type AutoSwapRecordPage,
  type AutoSwapRecordsQuery,
  type AutoSwapSetting,
  type AutoSwapSettingBody,
  type AutoSwapSettings,
} from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import type { JobDefinition } from '../../platform/jobs/job-queue';
import type { Logger } from '../../platform/observability/logger';
import { createLedgerReads, type Ledger } from '../ledger';
import { createAutoSwapProcessor } from './auto-swap-processor';
import { acceptedRecordIdsOf, deleteSetting, recordPage, saveSettingRow, settingsOf, type RecordRow } from './auto-swap.repository';
import type { QuoteService } from './quote.service';
import { findQuote } from './quote.repository';
import { tradeError } from './trade.errors';
import type { TradeSettings } from './trade-settings';

export { autoSwapJournalKey } from './auto-swap-processor';

function parseInstant(value: string | undefined, field: string): Date | undefined {
  if (value === undefined || value === '') return undefined;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) throw tradeError('invalidParameter', {}, field);
  return instant;
}

/** Automatic swap: the customer's settings and records, and the trigger the deposit module and the job pull. */
export interface AutoSwapService {
  settings(userId: string): Promise<AutoSwapSettings>;
  saveSetting(userId: string, body: AutoSwapSettingBody): Promise<AutoSwapSetting>;
  removeSetting(userId: string, sourceCoin: string): Promise<void>;
  records(userId: string, query: AutoSwapRecordsQuery): Promise<AutoSwapRecordPage>;
  /** For the deposit module: swap this credited deposit now (the scan would find it within a minute). */
  onDepositCredited(journalId: string): Promise<void>;
  /** Reads new deposit journals after the cursor. */
  scanDeposits(): Promise<void>;
  /** Every record waiting for work; answers how many were tried. */
  processOpen(): Promise<number>;
  /** One run of the trigger: new deposits, then every open record. */
  run(): Promise<void>;
  job(): JobDefinition;
}

/**
 * Automatic swap (spec §2, §3, §4): per source coin, a customer's deposits of that coin are
 * converted into the target coin at a fresh quote.
 *
 * Trigger: the ledger is the source of truth. `scanDeposits` reads journals of bill type
 * 2001 crediting a customer, by id cursor (a pg-boss job every minute); the deposit module
 * may also call `onDepositCredited(journalId)` right after crediting, for an immediate swap.
 * Either way a deposit makes at most one record and a record settles at most once
 * (`auto-swap-processor.ts`).
 */
export function createAutoSwapService(deps: {
  db: Db;
  ledger: Ledger;
  quotes: QuoteService;
  settings: TradeSettings;
  clock: () => Date;
  logger?: Logger;
}): AutoSwapService {
  const { db, ledger, quotes, settings, clock } = deps;
  const { acceptDeposits, processRecord, processOpen, scanDeposits } = createAutoSwapProcessor({
    db,
    ledger,
    ledgerReads: createLedgerReads(db),
    quotes,
    clock,
    ...(deps.logger ? { logger: deps.logger } : {}),
  });

  function settingView(row: { source_asset: string; target_asset: string; enabled: boolean; updated_at: Date }): AutoSwapSetting {
    return { sourceCoin: row.source_asset, targetCoin: row.target_asset, enabled: row.enabled, updatedAt: row.updated_at.toISOString() };
  }

  function supported() {
    return settings.pairs.flatMap((pair) => [
      { sourceCoin: pair.base, targetCoin: pair.quote },
      { sourceCoin: pair.quote, targetCoin: pair.base },
    ]);
  }

  async function recordView(row: RecordRow): Promise<AutoSwapRecord> {
    const quoteRow = row.quote_id ? await findQuote(db, row.quote_id) : undefined;
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
    async settings(userId) {
      const rows = await settingsOf(db, userId);
      return { settings: rows.map(settingView), supported: supported() };
    },

    async saveSetting(userId, body) {
      if (body.sourceCoin === body.targetCoin) throw tradeError('invalidParameter', {}, 'targetCoin');
      const route = await quotes.pairFor(body.sourceCoin, body.targetCoin);
      if (!route) throw tradeError('tradePairNotSupported', {}, 'targetCoin');
      return settingView(await saveSettingRow(db, userId, body, clock()));
    },

    async removeSetting(userId, sourceCoin) {
      if (!(await deleteSetting(db, userId, sourceCoin))) throw tradeError('autoSwapSettingNotFound', {}, 'sourceCoin');
    },

    async records(userId, query) {
      const start = parseInstant(query.start, 'start');
      const end = parseInstant(query.end, 'end');
      if (start && end && end <= start) throw tradeError('invalidParameter', {}, 'end');
      const page = await recordPage(
        db,
        userId,
        { sourceCoin: query.sourceCoin, status: query.status, start, end },
        query.pageSize,
        (query.pageNo - 1) * query.pageSize,
      );
      return {
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total: page.total,
        records: await Promise.all(page.rows.map(recordView)),
      };
    },

    async onDepositCredited(journalId) {
      await acceptDeposits({ id: journalId });
      const records = await acceptedRecordIdsOf(db, journalId);
      for (const record of records) await processRecord(record.id);
    },

    scanDeposits,
    processOpen,
    async run() {
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
