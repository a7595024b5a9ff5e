import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Input, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { assetsQuery } from '../../../shared/api/get-assets';
import { decimalSign } from '../../../shared/format/format-amount';
import { pathTo } from '../../../shared/routes';
import { PageFrame } from '../../../shared/ui/page-frame';
import { QueryErrorState } from '../../../shared/ui/query-error-state';
import { TableEmpty } from '../../../shared/ui/table-empty';
import { TableSkeleton } from '../../../shared/ui/table-skeleton';
import { AssetTable } from '../components/asset-table';
import { BalanceSummaryCard } from '../components/balance-summary-card';
import { useHideSmallPreference } from '../components/hide-small-preference';
import { useDebouncedValue } from '../components/use-debounced-value';
import { useValuationFiat } from '../components/valuation-fiat';
import styles from './balance-page.module.css';

/** Balance account (spec §2): summary, asset table, search by coin, hide balances under 1 USD. */
export function BalancePage() {
  const { t } = useTranslation('wallet');
  const fiat = useValuationFiat();
  const [search, setSearch] = useState('');
  const [hideSmall, setHideSmall] = useHideSmallPreference();
  const coin = useDebouncedValue(search.trim(), 300);

  // Every coin, for the summary; the table asks the server to filter.
  const everything = useQuery(assetsQuery());
  const table = useQuery(assetsQuery({ coin, hideSmall }));

  const isEmptyAccount = everything.data ? decimalSign(everything.data.summary.balance.usdValue) === 0 : false;

  const emptyTable = coin ? (
    <TableEmpty text={t('balance.noMatch', { search: coin })}>
      <Button onClick={() => setSearch('')}>{t('balance.clearSearch')}</Button>
    </TableEmpty>
  ) : (
    <TableEmpty text={t('balance.nothingOverOneUsd')}>
      <span className={styles.emptyActions}>
        <Button onClick={() => setHideSmall(false)}>{t('balance.showAll')}</Button>
        <Link to={pathTo('propertyCenterRecharge')}>{t('actions.deposit')}</Link>
      </span>
    </TableEmpty>
  );

  return (
    <PageFrame
      title={t('balance.title')}
      actions={
        <>
          <Link className={styles.headerLink} to={pathTo('propertyCenterRecharge')}>
            {t('actions.deposit')}
          </Link>
          <Link className={styles.headerLink} to={pathTo('propertyCenterWithdraw')}>
            {t('actions.withdraw')}
          </Link>
          <Link className={styles.headerLink} to={pathTo('propertyCenterTransfer')}>
            {t('actions.transfer')}
          </Link>
          <Link className={styles.headerLink} to={pathTo('propertyCenterBills')}>
            {t('actions.bills')}
          </Link>
        </>
      }
    >
      {everything.isError && !everything.data ? (
        <Card>
          <QueryErrorState namespace="wallet" error={everything.error} onRetry={() => void everything.refetch()} />
        </Card>
      ) : (
        <BalanceSummaryCard summary={everything.data?.summary} rows={everything.data?.rows} fiat={fiat} />
      )}

      {isEmptyAccount ? (
        <Alert
          type="info"
          showIcon
          title={t('balance.emptyAccount')}
          action={
            <Link className={styles.alertLink} to={pathTo('propertyCenterRecharge')}>
              {t('balance.depositNow')}
            </Link>
          }
        />
      ) : null}

      <Card>
        <div className={styles.toolbar}>
          <Input.Search
            allowClear
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('balance.searchPlaceholder')}
            aria-label={t('balance.searchLabel')}
            className={styles.search}
            data-testid="balance-search"
          />
          <span className={styles.switch}>
            <Switch id="balance-hide-small" checked={hideSmall} onChange={setHideSmall} data-testid="hide-small" />
            <label htmlFor="balance-hide-small">{t('balance.hideSmall')}</label>
          </span>
        </div>
        {table.isError && !table.data ? (
          <QueryErrorState namespace="wallet" error={table.error} onRetry={() => void table.refetch()} compact />
        ) : table.data ? (
          <AssetTable rows={table.data.rows} fiat={fiat} isLoading={table.isPlaceholderData && table.isFetching} empty={emptyTable} />
        ) : (
          <TableSkeleton rows={5} columns={6} withBadge />
        )}
      </Card>
    </PageFrame>
  );
}
