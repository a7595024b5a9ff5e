import { Readable } from 'node:stream';
import type { CustodyTransfersPage, Language, custodyTransfersExportQuerySchema, custodyTransfersQuerySchema } from '@coffer/contract';
import type { z } from 'zod';
import { csvLine, csvNumber, csvText } from '../../platform/csv/csv';
import type { Db } from '../../platform/db/database';
import type { AssetsApi } from '../assets';
import { downloadRange, parseInstant } from './report-range';
import { businessTypeWords, failReasonWords, stateWords, transferHeaders } from './report-words';
import { inOrganisation } from './tenant-transaction';
import { scalesOf, transferView } from './transfer-view';
import { transfersBatch, transfersPage, type TransferCursor, type TransferFilters } from './transfers.repository';

export type TransfersQuery = z.output<typeof custodyTransfersQuerySchema>;
export type TransfersExportQuery = z.output<typeof custodyTransfersExportQuerySchema>;

const csvBatchSize = 2_000;

export interface TransferHistory {
  page(orgId: string, query: TransfersQuery): Promise<CustodyTransfersPage>;
  /** The CSV of a range (checked before the first byte), streamed in keyset batches, each read fenced to the organisation. */
  exportCsv(orgId: string, query: TransfersExportQuery, language: Language): Readable;
}

function filtersOf(query: Omit<TransfersExportQuery, 'lang'>, range?: { start: Date; end: Date }): TransferFilters {
  return {
    accountId: query.accountId,
    asset: query.coin,
    businessType: query.businessType,
    state: query.state,
    start: range?.start ?? parseInstant(query.start, 'start'),
    end: range?.end ?? parseInstant(query.end, 'end'),
  };
}

/** The transfer history of the organisation's accounts (spec §3 records, §4 states): pages, and CSV downloads. */
export function createTransferHistory(deps: { db: Db; assets: Pick<AssetsApi, 'scaleOf'> }): TransferHistory {
  const { db, assets } = deps;
  return {
    async page(orgId, query) {
      const filters = filtersOf(query);
      const { rows, total } = await inOrganisation(db, orgId, (trx) =>
        transfersPage(trx, filters, { limit: query.pageSize, offset: (query.pageNo - 1) * query.pageSize }),
      );
      const scales = await scalesOf(assets, rows);
      return {
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total,
        records: rows.map((row) => transferView(row, scales.get(row.asset)!)),
      };
    },

    exportCsv(orgId, query, language) {
      const filters = filtersOf(query, downloadRange(query.start, query.end));
      async function* lines(): AsyncGenerator<string> {
        yield `\ufeff${csvLine(transferHeaders[language].map(csvText))}`;
        let before: TransferCursor | undefined;
        for (;;) {
          const rows = await inOrganisation(db, orgId, (trx) => transfersBatch(trx, filters, before, csvBatchSize));
          if (rows.length === 0) return;
          const scales = await scalesOf(assets, rows);
          let text = '';
          for (const row of rows) {
            const record = transferView(row, scales.get(row.asset)!);
            const state = stateWords[language][record.state];
            text += csvLine([
              csvText(record.flowId),
              csvText(record.orderNo),
              csvText(record.accountName),
              csvText(record.coin),
              csvText(record.chain),
              csvText(businessTypeWords[language][record.businessType]),
              csvText(record.failReason ? `${state} (${failReasonWords[language][record.failReason]})` : state),
              csvNumber(record.quantity),
              csvNumber(record.handlingFee),
              record.accountBalance === null ? '' : csvNumber(record.accountBalance),
              csvText(record.remarks),
              csvText(record.recordedTime),
              // A pool payout names its partner and, beside it, the addresses that sent it.
              csvText(
                record.sourcePartner && record.sourceAddresses !== '' ? `${record.source} (${record.sourceAddresses})` : record.source,
              ),
              csvText(record.hash),
              csvText(record.toAddress),
            ]);
          }
          yield text;
          const last = rows.at(-1)!;
          before = { recordedAt: last.recorded_key, id: last.id };
          if (rows.length < csvBatchSize) return;
        }
      }
      return Readable.from(lines());
    },
  };
}
