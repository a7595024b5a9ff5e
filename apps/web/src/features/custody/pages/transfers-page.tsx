import {
  custodyBusinessTypes,
  custodyLimits,
  custodyTransferStates,
  type CustodyBusinessType,
  type CustodyTransferState,
} from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { currenciesQuery } from '../../../shared/api/get-currencies';
import { parseDay, rangeInstants } from '../../../shared/format/day-range';
import { useLanguage } from '../../../shared/i18n/use-language';
import { pathTo } from '../../../shared/routes';
import { DayRangeFilter, FilterField } from '../../../shared/ui/filter-bar';
import { PageFrame } from '../../../shared/ui/page-frame';
import { pageFromParams, writePageParams } from '../../../shared/ui/paged-table';
import { TableEmpty } from '../../../shared/ui/table-empty';
import { TableSkeleton } from '../../../shared/ui/table-skeleton';
import { custodyAccountsQuery } from '../api/custody-accounts';
import { custodyMeQuery } from '../api/custody-me';
import { custodyTransfersQuery, downloadCustodyTransfers, type CustodyTransferFilters } from '../api/custody-transfers';
import { useAccountLabel } from '../components/money-parts';
import { TransferTable } from '../components/transfer-table';
import { DownloadToolbar, FilterSelect, rangePresets } from '../components/money-filters';
import { useFileDownload } from '../components/use-file-download';
import { ConsoleRead } from '../components/custody-load-error';

const dayMs = 86_400_000;

/** The filters as the address holds them: ids, codes and whole days of the user's calendar. */
interface TransferFilterValues {
  account?: string;
  coin?: string;
  type?: CustodyBusinessType;
  state?: CustodyTransferState;
  startDay?: string;
  endDay?: string;
}

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);

function filtersFrom(params: URLSearchParams): TransferFilterValues {
  const type = params.get('type');
  const state = params.get('state');
  const startDay = params.get('start');
  const endDay = params.get('end');
  const hasRange = parseDay(startDay) !== null && parseDay(endDay) !== null;
  return {
    account: params.get('account') || undefined,
    coin: params.get('coin') || undefined,
    type: isOneOf(custodyBusinessTypes, type) ? type : undefined,
    state: isOneOf(custodyTransferStates, state) ? state : undefined,
    startDay: hasRange ? (startDay ?? undefined) : undefined,
    endDay: hasRange ? (endDay ?? undefined) : undefined,
  };
}

/**
 * Transfer history (spec §2, §3 transfer record, §4 states; issue 17 item 7): filters by account,
 * coin, business type, state and recorded days; the records paged by the server, newest first;
 * the CSV of the chosen days (at most 366) with the same filters. Filters and page live in the
 * address.
 */
export function TransfersPage() {
  const { t, ready } = useTranslation('custodyMoney');
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const me = useQuery(custodyMeQuery);
  const accounts = useQuery(custodyAccountsQuery);
  const currencies = useQuery(currenciesQuery);
  const accountLabel = useAccountLabel();
  const download = useFileDownload();

  const filters = filtersFrom(params);
  const { pageNo, pageSize } = pageFromParams(params);
  const range = filters.startDay && filters.endDay ? rangeInstants(filters.startDay, filters.endDay) : null;
  const query: CustodyTransferFilters = {
    accountId: filters.account,
    coin: filters.coin,
    businessType: filters.type,
    state: filters.state,
    start: range?.start,
    end: range?.end,
  };
  const transfers = useQuery(custodyTransfersQuery(query, pageNo, pageSize));
  const hasFilters = Object.values(filters).some((value) => value !== undefined);

  const writeParams = (next: TransferFilterValues, page = 1, size = pageSize) => {
    const search = new URLSearchParams();
    if (next.account) search.set('account', next.account);
    if (next.coin) search.set('coin', next.coin);
    if (next.type) search.set('type', next.type);
    if (next.state) search.set('state', next.state);
    if (next.startDay && next.endDay) {
      search.set('start', next.startDay);
      search.set('end', next.endDay);
    }
    writePageParams(search, page, size);
    setParams(search, { replace: true });
  };
  const change = (patch: TransferFilterValues) => {
    download.clear();
    writeParams({ ...filters, ...patch });
  };

  /** Checked here first, as the server checks it, so no request leaves for a range it refuses. */
  const handleDownload = () => {
    if (!range || Date.parse(range.end) - Date.parse(range.start) > custodyLimits.reportRangeDays * dayMs) {
      download.refuse(t('common.rangeRequired', { days: custodyLimits.reportRangeDays }));
      return;
    }
    download.start('csv', (onProgress) => downloadCustodyTransfers({ ...query, start: range.start, end: range.end }, language, onProgress));
  };

  if (!ready) return <TableSkeleton rows={8} columns={8} />;

  const empty = (
    <div data-testid="transfers-empty">
      <TableEmpty text={hasFilters ? t('transfers.emptyFiltered') : t('transfers.empty')}>
        {hasFilters ? (
          <Button onClick={() => writeParams({})}>{t('transfers.clearFilters')}</Button>
        ) : me.data?.permissions.includes('orders') ? (
          <Link to={pathTo('custodyDeposit')}>{t('transfers.toDeposit')}</Link>
        ) : null}
      </TableEmpty>
    </div>
  );

  const loading = (
    <div data-testid="transfers-loading">
      <TableSkeleton rows={8} columns={8} />
    </div>
  );
  const body = (
    <ConsoleRead reads={[transfers]} loading={loading} errorTestId="transfers-load-error">
      {(page) => (
        <TransferTable
          page={page}
          isLoading={transfers.isPlaceholderData && transfers.isFetching}
          empty={empty}
          onPageChange={(nextPage, nextSize) => writeParams(filters, nextSize !== pageSize ? 1 : nextPage, nextSize)}
        />
      )}
    </ConsoleRead>
  );

  return (
    <PageFrame title={t('transfers.title')} testId="custody-transfers-page">
      <Card>
        <DownloadToolbar
          filters={
            <>
              <FilterSelect
                id="transfers-account"
                label={t('transfers.account')}
                placeholder={t('transfers.allAccounts')}
                width="wide"
                loading={!accounts.data && accounts.isLoading}
                value={filters.account}
                onChange={(account) => change({ account })}
                options={(accounts.data ?? []).map((account) => ({ value: account.id, label: accountLabel(account) }))}
              />
              <FilterSelect
                id="transfers-coin"
                label={t('transfers.coin')}
                placeholder={t('transfers.allCoins')}
                width="narrow"
                showSearch
                value={filters.coin}
                onChange={(coin) => change({ coin })}
                options={(currencies.data ?? []).map((currency) => ({ value: currency.coin, label: currency.coin }))}
              />
              <FilterSelect
                id="transfers-type"
                label={t('transfers.businessType')}
                placeholder={t('transfers.allTypes')}
                width="medium"
                value={filters.type}
                onChange={(type) => change({ type })}
                options={custodyBusinessTypes.map((type) => ({ value: type, label: t(`businessTypes.${type}`) }))}
              />
              <FilterSelect
                id="transfers-state"
                label={t('transfers.state')}
                placeholder={t('transfers.allStates')}
                width="medium"
                value={filters.state}
                onChange={(state) => change({ state })}
                options={custodyTransferStates.map((state) => ({ value: state, label: t(`states.${state}`) }))}
              />
              <FilterField id="transfers-range" label={t('transfers.range')}>
                <DayRangeFilter
                  id="transfers-range"
                  testId="transfers-range"
                  startDay={filters.startDay}
                  endDay={filters.endDay}
                  presets={rangePresets(t, { today: true })}
                  onChange={(startDay, endDay) => change({ startDay, endDay })}
                />
              </FilterField>
            </>
          }
          buttons={
            <Button type="primary" onClick={handleDownload} loading={download.running === 'csv'} data-testid="transfers-download">
              {t('transfers.download')}
            </Button>
          }
          hint={t('transfers.downloadHint', { days: custodyLimits.reportRangeDays })}
          download={download}
          noticeTestId="transfers-download-notice"
        />
      </Card>
      <Card>{body}</Card>
    </PageFrame>
  );
}

export default TransfersPage;
