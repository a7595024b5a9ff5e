import { billTypes, fromBaseUnits, type AutoSwapStatus, type ErrorKey } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import { DomainError } from '../../platform/errors/domain-error';
import type { Logger } from '../../platform/observability/logger';
import type { Ledger, LedgerReads } from '../ledger';
import {
  advanceScanCursor,
  claimRecordForPricing,
  findSetting,
  insertAcceptedRecords,
  lockRecordPrice,
  lockScanCursor,
  moveAutoSwapRecord,
  openRecordIds,
  stalledSettlingRecord,
  touchSettlingRecord,
  type RecordRow,
} from './auto-swap.repository';
import type { QuoteService } from './quote.service';
import { getQuote, type QuoteRow } from './quote.repository';
import { postSettlement, settlementJournal } from './settlement';

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

/** The swapping side of automatic swap: deposits found, records priced and settled. */
export interface AutoSwapProcessor {
  /** Records for the customer credits of 2001 journals (after the cursor, or one journal), where a setting is on. */
  acceptDeposits(journals: { afterId: string } | { id: string }, executor?: Db): Promise<{ isFull: boolean; lastSettledId: string | null }>;
  /** Prices and settles one record; safe to call from several processes at once. */
  processRecord(id: string): Promise<void>;
  /** Every record waiting for work (new, or claimed by a process that stopped); answers how many were tried. */
  processOpen(): Promise<number>;
  /** Reads new deposit journals after the cursor; the cursor row serialises concurrent scanners. */
  scanDeposits(): Promise<void>;
}

/**
 * A deposit makes at most one record (unique magic key = deposit journal, customer, coin) and a
 * record settles at most once (ledger idempotency key per record, state change in the same
 * transaction).
 */
export function createAutoSwapProcessor(deps: {
  db: Db;
  ledger: Ledger;
  ledgerReads: LedgerReads;
  quotes: QuoteService;
  clock: () => Date;
  logger?: Logger;
}): AutoSwapProcessor {
  const { db, ledger, ledgerReads, quotes, clock } = deps;

  const moveRecord = (id: string, from: AutoSwapStatus[], to: AutoSwapStatus, reason: string | null, executor: Db = db) =>
    moveAutoSwapRecord(executor, { id, from, to, reason, now: clock() });

  async function acceptDeposits(
    journals: { afterId: string } | { id: string },
    executor: Db = db,
  ): Promise<{ isFull: boolean; lastSettledId: string | null }> {
    const now = clock();
    const horizon = new Date(now.getTime() - cursorLagMs);
    const credits =
      'afterId' in journals
        ? await ledgerReads.customerCreditsAfter(billTypes.deposit, journals.afterId, scanBatch, executor)
        : await ledgerReads.customerCreditsOf(billTypes.deposit, journals.id, executor);
    if (credits.length > 0) await insertAcceptedRecords(executor, credits, now);
    const last = credits[credits.length - 1];
    const isFull = credits.length === scanBatch;
    // The cursor passes only the old prefix (and, in a full batch, never into the last journal,
    // whose rows may continue in the next batch).
    let lastSettledId: string | null = null;
    for (const row of credits) {
      if (row.createdAt >= horizon || (isFull && row.journalId === last?.journalId)) break;
      lastSettledId = row.journalId;
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
        if (!(await touchSettlingRecord(trx, record.id, clock()))) return;
        await postSettlement(ledger, journal, trx);
        await moveRecord(record.id, ['settling'], 'completed', null, trx);
      });
    } catch (error) {
      if (error instanceof DomainError && error.key === 'tradeInsufficientBalance') {
        await moveRecord(record.id, ['settling'], 'unsettle', 'insufficientBalance');
        return;
      }
      throw error;
    }
  }

  async function processRecord(id: string): Promise<void> {
    const now = clock();
    const staleBefore = new Date(now.getTime() - staleClaimMs);
    const claimed = await claimRecordForPricing(db, id, now, staleBefore);
    if (!claimed) {
      // A settler that stopped after locking the price: settle at that price.
      const stalled = await stalledSettlingRecord(db, id, staleBefore);
      if (stalled?.quote_id) {
        const quoteRow = await getQuote(db, stalled.quote_id);
        await settleRecord(stalled, quoteRow);
      }
      return;
    }

    const setting = await findSetting(db, claimed.user_id, claimed.source_asset);
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
      if (!(error instanceof DomainError)) throw error;
      const isPermanent = permanentRejections.has(error.key) || now.getTime() - claimed.created_at.getTime() > retryWindowMs;
      await moveRecord(id, ['processing'], isPermanent ? 'rejected' : 'accepted', error.key);
      return;
    }
    const locked = await lockRecordPrice(db, id, quoteRow.id, clock());
    if (locked) await settleRecord(locked, quoteRow);
  }

  async function processOpen(): Promise<number> {
    const staleBefore = new Date(clock().getTime() - staleClaimMs);
    const open = await openRecordIds(db, staleBefore, processBatch);
    for (const record of open) {
      try {
        await processRecord(record.id);
      } catch (error) {
        deps.logger?.error({ err: error, autoSwapRecord: record.id }, 'auto-swap failed; retried on the next run');
      }
    }
    return open.length;
  }

  async function scanDeposits(): Promise<void> {
    for (;;) {
      const more = await db.transaction().execute(async (trx) => {
        const lastId = await lockScanCursor(trx, cursorName);
        const { isFull, lastSettledId } = await acceptDeposits({ afterId: lastId }, trx);
        if (lastSettledId) await advanceScanCursor(trx, cursorName, lastSettledId);
        // Another batch only when this one was full and moved the cursor.
        return isFull && lastSettledId !== null;
      });
      if (!more) return;
    }
  }

  return { acceptDeposits, processRecord, processOpen, scanDeposits };
}
