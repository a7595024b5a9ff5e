import { useQuery } from '@tanstack/react-query';
import { Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../shared/ui/page-frame';
import { TableSkeleton } from '../../../shared/ui/table-skeleton';
import { quotationsQuery } from '../api/get-quotations';
import { useLiveQuotations } from '../api/use-live-quotations';
import { LiveBadge } from '../components/live-badge';
import { MarketErrorState } from '../components/market-error';
import { QuotationTable } from '../components/quotation-table';
import { QuoteTabs } from '../components/quote-tabs';
import { useRouteQuote } from './use-route-quote';
import styles from './market-pages.module.css';

/** Spec §2 quotation screen: every coin in USDT, USDC or BTC, live, with favourites. */
export function QuotationsPage() {
  const { t } = useTranslation('market');
  const quote = useRouteQuote();
  const [shown, setShown] = useState<'all' | 'favourites'>('all');
  const board = useQuery(quotationsQuery(quote));
  const status = useLiveQuotations(quote);
  const favourites = board.data?.favourites ?? [];
  const rows = board.data
    ? shown === 'favourites'
      ? board.data.rows.filter((row) => favourites.includes(row.coin))
      : board.data.rows
    : [];

  return (
    <PageFrame title={t('title')} actions={<LiveBadge status={status} updatedAt={board.data?.updatedAt} />} testId="quotations-page">
      <QuoteTabs active={quote} />
      <div className={styles.toolbar}>
        <Segmented
          aria-label={t('filter.label')}
          value={shown}
          onChange={(value) => setShown(value as 'all' | 'favourites')}
          options={[
            { value: 'all', label: t('filter.all') },
            { value: 'favourites', label: t('filter.favourites') },
          ]}
        />
      </div>
      {board.isPending ? (
        <TableSkeleton rows={4} columns={7} withBadge />
      ) : board.isError ? (
        <MarketErrorState error={board.error} onRetry={() => void board.refetch()} />
      ) : (
        <QuotationTable
          quote={quote}
          rows={rows}
          favourites={favourites}
          emptyText={shown === 'favourites' ? t('table.noFavourites') : t('table.empty')}
        />
      )}
    </PageFrame>
  );
}
