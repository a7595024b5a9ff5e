import type { CustodyBillingStatistics } from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Select, Skeleton, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatExactAmount } from '../../../shared/format/figures';
import { useLanguage } from '../../../shared/i18n/use-language';
import { pathTo } from '../../../shared/routes';
import { FilterBar, FilterField } from '../../../shared/ui/filter-bar';
import { PageFrame } from '../../../shared/ui/page-frame';
import { TableEmpty } from '../../../shared/ui/table-empty';
import { custodyBillingStatisticsQuery } from '../api/custody-billing';
import { formatPeriod, formatRate, formatUsd, todayUtc } from '../components/bill-parts';
import { ConsoleRead } from '../components/custody-load-error';
import layout from '../../../shared/ui/form-page-layout.module.css';
import common from '../components/custody-console.module.css';
import styles from '../components/custody-billing.module.css';

type CoinRow = CustodyBillingStatistics['byCoin'][number];
type LineRow = CustodyBillingStatistics['byLine'][number];

/** This month and the 23 before it, `YYYY-MM`, newest first. */
function recentMonths(today: string): string[] {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  return Array.from({ length: 24 }, (_unused, back) => {
    const index = year * 12 + (month - 1) - back;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

/** USD "12.34" in whole cents, exactly (the bars' lengths). */
function cents(usd: string): bigint {
  const [whole = '0', fraction = ''] = usd.split('.');
  return BigInt(whole || '0') * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2) || '0');
}

/** The fees in USD per coin as bars scaled to the largest, with their values. */
function FeeBars({ rows }: { rows: CoinRow[] }) {
  const { t } = useTranslation('custodyBilling');
  const language = useLanguage();
  const largest = rows.reduce((max, row) => (cents(row.feeUsd) > max ? cents(row.feeUsd) : max), 0n);
  if (largest === 0n) return null;
  return (
    <figure className={styles.bars} data-testid="stats-bars" aria-label={t('stats.barTitle')}>
      <p className={styles.sourcesTitle}>{t('stats.barTitle')}</p>
      {rows.map((row) => {
        const permille = Number((cents(row.feeUsd) * 1000n) / largest);
        return (
          <div key={row.coin} className={styles.barRow}>
            <strong>{row.coin}</strong>
            <div className={styles.barTrack}>
              <div className={styles.bar} style={{ width: `${permille / 10}%` }} />
            </div>
            <span className={styles.barValue}>{formatUsd(row.feeUsd, language)}</span>
          </div>
        );
      })}
    </figure>
  );
}

function Statistics({ stats }: { stats: CustodyBillingStatistics }) {
  const { t } = useTranslation('custodyBilling');
  const language = useLanguage();
  const coinColumns: TableColumnsType<CoinRow> = [
    { key: 'coin', title: t('stats.columns.coin'), render: (_v, row) => <strong>{row.coin}</strong> },
    { key: 'orders', title: t('stats.columns.orders'), align: 'right', render: (_v, row) => row.orders },
    {
      key: 'enterprise',
      title: t('stats.columns.enterprise'),
      align: 'right',
      render: (_v, row) => <span className={styles.amount}>{formatExactAmount(row.coin, row.enterpriseAmount, language)}</span>,
    },
    {
      key: 'prime',
      title: t('stats.columns.prime'),
      align: 'right',
      render: (_v, row) => <span className={styles.amount}>{formatExactAmount(row.coin, row.primeAmount, language)}</span>,
    },
    {
      key: 'fee',
      title: t('stats.columns.fee'),
      align: 'right',
      render: (_v, row) => <span className={styles.amount}>{formatExactAmount(row.coin, row.fee, language)}</span>,
    },
    { key: 'price', title: t('stats.columns.price'), align: 'right', render: (_v, row) => formatUsd(row.usdPrice, language) },
    {
      key: 'feeUsd',
      title: t('stats.columns.feeUsd'),
      align: 'right',
      render: (_v, row) => <strong className={styles.amount}>{formatUsd(row.feeUsd, language)}</strong>,
    },
  ];
  const lineColumns: TableColumnsType<LineRow> = [
    { key: 'line', title: t('stats.columns.line'), render: (_v, row) => row.lineName },
    { key: 'coin', title: t('stats.columns.coin'), render: (_v, row) => <strong>{row.coin}</strong> },
    { key: 'orders', title: t('stats.columns.orders'), align: 'right', render: (_v, row) => row.orders },
    {
      key: 'amount',
      title: t('stats.columns.amount'),
      align: 'right',
      render: (_v, row) => <span className={styles.amount}>{formatExactAmount(row.coin, row.amount, language)}</span>,
    },
    {
      key: 'fee',
      title: t('stats.columns.fee'),
      align: 'right',
      render: (_v, row) => <span className={styles.amount}>{formatExactAmount(row.coin, row.fee, language)}</span>,
    },
  ];
  const facts: [string, string][] = [
    [t('stats.days'), String(stats.days)],
    [t('stats.annualRate'), formatRate(stats.annualRate, language)],
    [t('stats.minimum'), formatUsd(stats.minimumUsd, language)],
    [t('stats.average'), formatUsd(stats.averageMarketValueUsd, language)],
    [t('stats.hostingFee'), formatUsd(stats.hostingFeeUsd, language)],
    [t('stats.withdrawalFee'), formatUsd(stats.withdrawalFeeUsd, language)],
  ];
  return (
    <div className={common.stack} data-testid="stats-body">
      <Card>
        <dl className={styles.facts} data-testid="stats-facts">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
      <Card title={t('stats.byCoinTitle')}>
        <FeeBars rows={stats.byCoin} />
        <Table<CoinRow>
          data-testid="stats-by-coin"
          size="middle"
          rowKey="coin"
          columns={coinColumns}
          dataSource={stats.byCoin}
          pagination={false}
          scroll={{ x: 800 }}
          locale={{ emptyText: <TableEmpty text={t('stats.emptyCoins')}>{null}</TableEmpty> }}
        />
      </Card>
      <Card title={t('stats.byLineTitle')}>
        <Table<LineRow>
          data-testid="stats-by-line"
          size="middle"
          rowKey={(row) => `${row.lineId}-${row.coin}`}
          columns={lineColumns}
          dataSource={stats.byLine}
          pagination={false}
          scroll={{ x: 600 }}
          locale={{ emptyText: <TableEmpty text={t('stats.emptyLines')}>{null}</TableEmpty> }}
        />
      </Card>
    </div>
  );
}

/**
 * Rate statistics (spec §2 "billing or rate statistics"): a month's hosting fee at the
 * organisation's rates and its withdrawals and fees by coin and business line, computed now
 * from their sources; the month lives in the address.
 */
export function BillingStatsPage() {
  const { t, ready } = useTranslation('custodyBilling');
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const months = recentMonths(todayUtc());
  const asked = params.get('month');
  const month = asked && /^\d{4}-(0[1-9]|1[0-2])$/.test(asked) ? asked : (months[0] ?? todayUtc().slice(0, 7));
  const stats = useQuery(custodyBillingStatisticsQuery(month));

  if (!ready) return <Skeleton active paragraph={{ rows: 8 }} />;
  return (
    <PageFrame
      title={t('stats.title')}
      testId="custody-billing-stats-page"
      actions={
        <Link className={layout.headerLink} to={pathTo('custodyBilling')}>
          {t('common.back')}
        </Link>
      }
    >
      <Card>
        <p className={common.intro}>{t('stats.intro')}</p>
        <FilterBar>
          <FilterField id="stats-month" label={t('stats.month')}>
            <Select
              id="stats-month"
              className={styles.filter}
              value={month}
              onChange={(value: string) => setParams(new URLSearchParams({ month: value }), { replace: true })}
              options={months.map((value) => ({ value, label: formatPeriod(value, language) }))}
              data-testid="stats-month"
            />
          </FilterField>
        </FilterBar>
      </Card>
      <ConsoleRead
        reads={[stats]}
        errorTestId="stats-load-error"
        loading={
          <Card data-testid="stats-loading">
            <Skeleton active paragraph={{ rows: 6 }} />
          </Card>
        }
      >
        {(current) => <Statistics stats={current} />}
      </ConsoleRead>
    </PageFrame>
  );
}

export default BillingStatsPage;
