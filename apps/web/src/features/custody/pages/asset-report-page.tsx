import { toBaseUnits, type CustodyAssetReport } from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { parseDay } from '../../../shared/format/day-range';
import { formatFiat } from '../../../shared/format/figures';
import { formatDateTime, formatShortDate } from '../../../shared/format/format-date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { pathTo } from '../../../shared/routes';
import { DayRangeFilter, FilterField } from '../../../shared/ui/filter-bar';
import { PageFrame } from '../../../shared/ui/page-frame';
import { TableEmpty } from '../../../shared/ui/table-empty';
import { TableSkeleton } from '../../../shared/ui/table-skeleton';
import { TrendChart } from '../../../shared/ui/trend-chart';
import { custodyAccountsQuery } from '../api/custody-accounts';
import { custodyAssetReportQuery, downloadCustodyAssetReport, type CustodyReportFormat } from '../api/custody-asset-report';
import { custodyMeQuery } from '../api/custody-me';
import { HoldingsTable } from '../components/holdings-table';
import { useInternalMove } from '../components/internal-move-dialog';
import { useAccountLabel } from '../components/money-parts';
import { DownloadToolbar, FilterSelect, rangePresets } from '../components/money-filters';
import { useFileDownload } from '../components/use-file-download';
import styles from '../components/custody-money.module.css';
import common from '../components/custody-console.module.css';
import { ConsoleRead } from '../components/custody-load-error';

/** The report's filters as the address holds them: an account, and UTC days both included. */
function filtersFrom(params: URLSearchParams): { account?: string; startDay?: string; endDay?: string } {
  const startDay = params.get('start');
  const endDay = params.get('end');
  const hasRange = parseDay(startDay) !== null && parseDay(endDay) !== null;
  return {
    account: params.get('account') || undefined,
    startDay: hasRange ? (startDay ?? undefined) : undefined,
    endDay: hasRange ? (endDay ?? undefined) : undefined,
  };
}

/** The highest and lowest USD total of the days, compared exactly (cents). */
function extremes(days: CustodyAssetReport['days']): { high: string; low: string } | null {
  if (days.length === 0) return null;
  const sorted = [...days].sort((a, b) => {
    const difference = toBaseUnits(a.usdValue, 2) - toBaseUnits(b.usdValue, 2);
    return difference < 0n ? -1 : difference > 0n ? 1 : 0;
  });
  return { low: sorted[0]?.usdValue ?? '0', high: sorted.at(-1)?.usdValue ?? '0' };
}

/**
 * Asset report (spec §2; issue 17 item 8): the assets under custody now in USD, a chart of the
 * daily snapshots' USD total over the chosen days, per account and asset the balance and USD
 * value with totals, and the CSV and Excel downloads. A member who may move funds moves them
 * between accounts from here. Account and days live in the address (the last 30 days unless
 * chosen).
 */
export function AssetReportPage() {
  const { t, ready } = useTranslation('custodyMoney');
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const me = useQuery(custodyMeQuery);
  const accounts = useQuery(custodyAccountsQuery);
  const accountLabel = useAccountLabel();
  const download = useFileDownload();
  const move = useInternalMove();

  const filters = filtersFrom(params);
  const query = { accountId: filters.account, start: filters.startDay, end: filters.endDay };
  const report = useQuery(custodyAssetReportQuery(query));
  const canMove = me.data?.permissions.includes('orders') ?? false;
  const usd = (value: string) => formatFiat(value, 'USD', language);

  const writeParams = (next: { account?: string; startDay?: string; endDay?: string }) => {
    const search = new URLSearchParams();
    if (next.account) search.set('account', next.account);
    if (next.startDay && next.endDay) {
      search.set('start', next.startDay);
      search.set('end', next.endDay);
    }
    download.clear();
    setParams(search, { replace: true });
  };

  /** The file covers what the page shows: the chosen days, else the days the report answered. */
  const handleDownload = (format: CustodyReportFormat) => {
    const start = filters.startDay ?? report.data?.start;
    const end = filters.endDay ?? report.data?.end;
    download.start(format, (onProgress) =>
      downloadCustodyAssetReport({ accountId: filters.account, start, end }, format, language, onProgress),
    );
  };

  if (!ready) return <TableSkeleton rows={6} columns={7} />;

  const noAccounts = accounts.data?.length === 0;
  const empty = (
    <div data-testid={noAccounts ? 'report-no-accounts' : 'report-empty'}>
      {noAccounts ? (
        <TableEmpty text={t('common.noAccounts')}>
          {me.data?.permissions.includes('accounts') ? <Link to={pathTo('custodySettings')}>{t('common.openAccount')}</Link> : null}
        </TableEmpty>
      ) : (
        <TableEmpty text={t('report.empty')}>
          {canMove ? <Link to={pathTo('custodyDeposit')}>{t('report.toDeposit')}</Link> : null}
        </TableEmpty>
      )}
    </div>
  );

  const loading = (
    <div className={common.stack} data-testid="report-loading">
      <Card>
        <Skeleton active paragraph={{ rows: 4 }} />
      </Card>
      <Card>
        <TableSkeleton rows={5} columns={7} />
      </Card>
    </div>
  );
  const body = (
    <ConsoleRead reads={[report]} loading={loading} errorTestId="report-load-error">
      {(data) => (
        <>
          <div className={styles.reportTop}>
            <Card className={styles.totalCard}>
              <p className={styles.caption}>{t('report.totalNow')}</p>
              <p className={styles.bigFigure} data-testid="report-total">
                {usd(data.usdValue)}
              </p>
              <p className={styles.caption}>{t('report.asOf', { time: formatDateTime(data.asOf, language) })}</p>
            </Card>
            <Card className={styles.chartCard} title={<h2 className={styles.cardTitle}>{t('report.chartTitle')}</h2>}>
              <ReportChart report={data} />
            </Card>
          </div>
          <Card
            title={<h2 className={styles.cardTitle}>{t('report.holdingsTitle')}</h2>}
            extra={
              canMove ? (
                <Button onClick={() => move.open({ fromAccountId: filters.account })} data-testid="report-move">
                  {t('report.moveButton')}
                </Button>
              ) : null
            }
          >
            <HoldingsTable
              holdings={data.holdings}
              total={data.usdValue}
              empty={empty}
              onMove={canMove ? (holding) => move.open({ fromAccountId: holding.accountId, coin: holding.coin }) : undefined}
            />
          </Card>
        </>
      )}
    </ConsoleRead>
  );

  return (
    <PageFrame title={t('report.title')} testId="custody-asset-report-page">
      <Card>
        <DownloadToolbar
          filters={
            <>
              <FilterSelect
                id="report-account"
                label={t('report.account')}
                placeholder={t('report.allAccounts')}
                width="wide"
                value={filters.account}
                onChange={(account) => writeParams({ ...filters, account })}
                options={(accounts.data ?? []).map((account) => ({ value: account.id, label: accountLabel(account) }))}
              />
              <FilterField id="report-range" label={t('report.range')}>
                <DayRangeFilter
                  id="report-range"
                  testId="report-range"
                  startDay={filters.startDay ?? report.data?.start}
                  endDay={filters.endDay ?? report.data?.end}
                  presets={rangePresets(t)}
                  onChange={(startDay, endDay) => writeParams({ ...filters, startDay, endDay })}
                />
              </FilterField>
            </>
          }
          buttons={
            <div className={styles.downloadButtons}>
              <Button
                onClick={() => handleDownload('csv')}
                loading={download.running === 'csv'}
                disabled={download.running === 'xlsx'}
                data-testid="report-download-csv"
              >
                {t('report.downloadCsv')}
              </Button>
              <Button
                type="primary"
                onClick={() => handleDownload('xlsx')}
                loading={download.running === 'xlsx'}
                disabled={download.running === 'csv'}
                data-testid="report-download-xlsx"
              >
                {t('report.downloadXlsx')}
              </Button>
            </div>
          }
          hint={t('report.downloadHint')}
          download={download}
          noticeTestId="report-download-notice"
        />
      </Card>
      {body}
      {move.dialog}
    </PageFrame>
  );
}

/** The daily snapshots' USD total over the days, with the range's highest and lowest day; a sentence until there is one. */
function ReportChart({ report }: { report: CustodyAssetReport }) {
  const { t } = useTranslation('custodyMoney');
  const language = useLanguage();
  const { days } = report;
  const first = days[0];
  const last = days.at(-1);
  const range = extremes(days);
  if (!first || !last || !range) {
    return (
      <p className={common.muted} data-testid="report-chart-empty">
        {t('report.chartEmpty')}
      </p>
    );
  }
  const usd = (value: string) => formatFiat(value, 'USD', language);
  return (
    <>
      <TrendChart
        testId="report-chart"
        points={days.map((day) => ({ date: day.day, value: day.usdValue }))}
        label={t('report.chartLabel', {
          from: usd(first.usdValue),
          start: formatShortDate(first.day, language),
          to: usd(last.usdValue),
          end: formatShortDate(last.day, language),
        })}
        startLabel={formatShortDate(first.day, language)}
        endLabel={formatShortDate(last.day, language)}
        highLabel={usd(range.high)}
        lowLabel={range.low === range.high ? undefined : usd(range.low)}
      />
      <p className={styles.caption} data-testid="report-snapshot-days">
        {t('report.snapshotDays', { count: days.length })}
      </p>
    </>
  );
}

export default AssetReportPage;
