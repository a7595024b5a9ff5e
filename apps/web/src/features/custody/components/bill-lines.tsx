import type { CustodyBill, CustodyBillLine, CustodyBillSource } from '@coffer/contract';
import { Table, type TableColumnsType } from 'antd';
import type { HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { formatExactAmount } from '../../../shared/format/figures';
import { formatDate, formatDateTime } from '../../../shared/format/format-date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { formatRate, formatUsd } from './bill-parts';
import common from './custody-console.module.css';
import styles from './custody-billing.module.css';

type SnapshotSource = Extract<CustodyBillSource, { kind: 'snapshot' }>;
type EntrySource = Extract<CustodyBillSource, { kind: 'ledgerEntry' }>;

/** A row of the bill's breakdown: one of its lines, or one of the figures the lines add up to. */
type BreakdownRow =
  { key: string; kind: 'line'; line: CustodyBillLine } | { key: 'minimum' | 'referenceFee' | 'finalCost'; kind: 'total'; usd: string };

/** The snapshots and ledger entries a line was computed from, each kind as its own small table. */
function LineSources({ line }: { line: CustodyBillLine }) {
  const { t } = useTranslation('custodyBilling');
  const language = useLanguage();
  const snapshots = line.sources.filter((source): source is SnapshotSource => source.kind === 'snapshot');
  const entries = line.sources.filter((source): source is EntrySource => source.kind === 'ledgerEntry');
  if (line.sources.length === 0) return <p className={common.muted}>{t('detail.noSources')}</p>;

  const snapshotColumns: TableColumnsType<SnapshotSource> = [
    { key: 'day', title: t('detail.snapshot.day'), render: (_v, s) => formatDate(`${s.day}T12:00:00Z`, language) },
    { key: 'account', title: t('detail.snapshot.account'), render: (_v, s) => s.accountName },
    { key: 'coin', title: t('detail.snapshot.coin'), render: (_v, s) => s.coin },
    {
      key: 'balance',
      title: t('detail.snapshot.balance'),
      align: 'right',
      render: (_v, s) => formatExactAmount(s.coin, s.balance, language),
    },
    { key: 'price', title: t('detail.snapshot.price'), align: 'right', render: (_v, s) => formatUsd(s.usdPrice, language) },
    { key: 'usd', title: t('detail.snapshot.usd'), align: 'right', render: (_v, s) => formatUsd(s.usd, language) },
  ];
  const entryColumns: TableColumnsType<EntrySource> = [
    { key: 'at', title: t('detail.entry.at'), render: (_v, e) => formatDateTime(e.at, language) },
    { key: 'order', title: t('detail.entry.order'), render: (_v, e) => <span className={styles.code}>{e.serialNo}</span> },
    { key: 'account', title: t('detail.entry.account'), render: (_v, e) => e.accountName },
    { key: 'coin', title: t('detail.entry.coin'), render: (_v, e) => e.coin },
    { key: 'amount', title: t('detail.entry.amount'), align: 'right', render: (_v, e) => formatExactAmount(e.coin, e.amount, language) },
    {
      key: 'entry',
      title: t('detail.entry.entry'),
      render: (_v, e) => <span className={styles.code}>{`#${e.entryId} / ${e.journalId}`}</span>,
    },
  ];
  return (
    <div className={styles.sources} data-testid="line-sources">
      {snapshots.length > 0 ? (
        <div>
          <p className={styles.sourcesTitle}>{t('detail.snapshot.title')}</p>
          <Table<SnapshotSource>
            size="small"
            rowKey={(s) => `${s.day}-${s.accountId}-${s.coin}`}
            columns={snapshotColumns}
            dataSource={snapshots}
            pagination={snapshots.length > 10 ? { pageSize: 10, size: 'small' } : false}
          />
        </div>
      ) : null}
      {entries.length > 0 ? (
        <div>
          <p className={styles.sourcesTitle}>{t('detail.entry.title')}</p>
          <Table<EntrySource>
            size="small"
            rowKey="entryId"
            columns={entryColumns}
            dataSource={entries}
            pagination={entries.length > 10 ? { pageSize: 10, size: 'small' } : false}
          />
        </div>
      ) : null}
    </div>
  );
}

/**
 * A bill's breakdown (spec §3 billing fields): every line with its formula in words and its
 * sources expandable, then the minimum, the reference fee and the final cost with theirs.
 */
export function BillLines({ bill, lines }: { bill: CustodyBill; lines: CustodyBillLine[] }) {
  const { t } = useTranslation('custodyBilling');
  const language = useLanguage();
  const usd = (value: string) => formatUsd(value, language);

  const lineTitle = (line: CustodyBillLine) =>
    line.kind === 'hosting' ? t('detail.lines.hosting') : t(`detail.lines.${line.kind}`, { coin: line.coin ?? '' });

  const lineFormula = (line: CustodyBillLine) => {
    if (line.kind === 'hosting') {
      return t('detail.formulas.hosting', {
        average: usd(bill.averageMarketValueUsd),
        days: bill.days,
        rate: formatRate(bill.annualRate, language),
      });
    }
    const coin = line.coin ?? '';
    return t(`detail.formulas.${line.kind}`, {
      amount: line.amount === null ? '' : formatExactAmount(coin, line.amount, language),
      coin,
      count: line.orders,
      price: line.usdPrice === null ? '' : usd(line.usdPrice),
    });
  };

  const rows: BreakdownRow[] = [
    ...lines.map((line): BreakdownRow => ({ key: line.id, kind: 'line', line })),
    { key: 'minimum', kind: 'total', usd: bill.minimumUsd },
    { key: 'referenceFee', kind: 'total', usd: bill.referenceFeeUsd },
    { key: 'finalCost', kind: 'total', usd: bill.finalCostUsd },
  ];

  const totalFormula = (key: 'minimum' | 'referenceFee' | 'finalCost') =>
    t(`detail.formulas.${key}`, {
      hosting: usd(bill.hostingFeeUsd),
      fees: usd(bill.withdrawalFeeUsd),
      minimum: usd(bill.minimumUsd),
    });

  const columns: TableColumnsType<BreakdownRow> = [
    {
      key: 'line',
      title: t('detail.columns.line'),
      width: 240,
      render: (_v, row) =>
        row.kind === 'line' ? (
          <span>
            {lineTitle(row.line)}
            {row.line.sources.length > 0 ? (
              <span className={common.sub}>{t('detail.sources', { count: row.line.sources.length })}</span>
            ) : null}
          </span>
        ) : (
          <span className={row.key === 'finalCost' ? styles.strong : undefined}>{t(`detail.lines.${row.key}`)}</span>
        ),
    },
    {
      key: 'formula',
      title: t('detail.columns.formula'),
      render: (_v, row) => <span className={styles.formula}>{row.kind === 'line' ? lineFormula(row.line) : totalFormula(row.key)}</span>,
    },
    {
      key: 'usd',
      title: t('detail.columns.usd'),
      align: 'right',
      width: 150,
      render: (_v, row) => {
        const value = row.kind === 'line' ? row.line.usd : row.usd;
        const isFinal = row.kind === 'total' && row.key === 'finalCost';
        return (
          <span className={`${styles.amount} ${isFinal ? styles.strong : ''}`}>
            {usd(value)}
            {row.kind === 'line' && row.line.kind === 'withdrawalFee' ? <span className={common.sub}>{t('detail.shownOnly')}</span> : null}
          </span>
        );
      },
    },
  ];

  return (
    <section data-testid="bill-lines" aria-label={t('detail.linesTitle')}>
      <Table<BreakdownRow>
        size="middle"
        rowKey="key"
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 720 }}
        onRow={(row) => ({ 'data-testid': `bill-row-${row.kind === 'line' ? row.line.kind : row.key}` }) as HTMLAttributes<HTMLElement>}
        expandable={{
          rowExpandable: (row) => row.kind === 'line',
          expandedRowRender: (row) => (row.kind === 'line' ? <LineSources line={row.line} /> : null),
        }}
      />
    </section>
  );
}
