import { historyRanges, quoteCurrencies, type HistoryRange, type QuoteCurrency } from '@coffer/contract/market-paths';
import { useQuery } from '@tanstack/react-query';
import { Segmented, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { formatPrice } from '../../../shared/format/figures';
import { formatPercent } from '../../../shared/format/format-amount';
import { useLanguage } from '../../../shared/i18n/use-language';
import { pathTo } from '../../../shared/routes';
import { CoinBadge } from '../../../shared/ui/coin-badge';
import { PageFrame } from '../../../shared/ui/page-frame';
import { PriceChange } from '../../../shared/ui/price-direction';
import { quotationDetailQuery } from '../api/get-quotation-detail';
import { quotationsQuery } from '../api/get-quotations';
import { useLiveQuotations } from '../api/use-live-quotations';
import { FavouriteStar } from '../components/favourite-star';
import { LiveBadge } from '../components/live-badge';
import { MarketErrorState } from '../components/market-error';
import { PriceChart } from '../components/price-chart';
import { QuoteTabs, quoteRoutes } from '../components/quote-tabs';
import styles from './market-pages.module.css';

function readQuote(value: string | null, coin: string): QuoteCurrency {
  const quote = quoteCurrencies.find((candidate) => candidate === value?.toUpperCase()) ?? 'USDT';
  return quote === coin ? (coin === 'USDT' ? 'USDC' : 'USDT') : quote;
}

/** Spec §2 per-coin quotation detail (route parameter `action` = the coin) with its price chart. */
export function QuotationDetailPage() {
  const { t } = useTranslation('market');
  const language = useLanguage();
  const coin = (useParams().action ?? '').toUpperCase();
  const [searchParams] = useSearchParams();
  const quote = readQuote(searchParams.get('quote'), coin);
  const [range, setRange] = useState<HistoryRange>('24h');
  const detail = useQuery(quotationDetailQuery(coin, quote, range));
  const board = useQuery(quotationsQuery(quote));
  const status = useLiveQuotations(quote);

  // The live board is newer than the detail whenever a tick arrived since it was read.
  const live = board.data?.rows.find((row) => row.coin === coin);
  const quotation = live ?? detail.data?.quotation;
  const isFavourite = board.data ? board.data.favourites.includes(coin) : (detail.data?.isFavourite ?? false);
  const points = (detail.data?.series ?? []).map((point) => ({ time: point.time, value: point.price }));
  const lastPoint = points.at(-1);
  if (lastPoint && live) lastPoint.value = live.price;
  const format = (value: string) => formatPrice(`${coin}/${quote}`, value, language);

  return (
    <PageFrame
      title={`${coin} / ${quote}`}
      actions={
        <>
          <LiveBadge status={status} updatedAt={board.data?.updatedAt} />
          <Link to={pathTo(quoteRoutes[quote])}>{t('detail.back')}</Link>
        </>
      }
      testId="quotation-detail-page"
    >
      <QuoteTabs active={quote} />
      {detail.isError && !quotation ? (
        <MarketErrorState error={detail.error} onRetry={() => void detail.refetch()} />
      ) : !quotation ? (
        <div className={styles.card}>
          <Skeleton active paragraph={{ rows: 6 }} />
        </div>
      ) : (
        <>
          <section className={styles.card} aria-labelledby="quotation-headline">
            <div className={styles.headline}>
              <CoinBadge coin={quotation.coin} icon={quotation.icon} name={quotation.name} />
              <div>
                <div id="quotation-headline" className={styles.bigPrice} data-testid="detail-price">
                  {format(quotation.price)} <span className={styles.subtle}>{quote}</span>
                </div>
                <PriceChange
                  value={quotation.change24h}
                  text={formatPercent(quotation.change24h, 2, language, { signDisplay: 'exceptZero' })}
                />
              </div>
              <FavouriteStar coin={quotation.coin} isFavourite={isFavourite} />
            </div>
            <dl className={styles.stats}>
              <div>
                <dt>{t('table.high24h')}</dt>
                <dd>{format(quotation.high24h)}</dd>
              </div>
              <div>
                <dt>{t('table.low24h')}</dt>
                <dd>{format(quotation.low24h)}</dd>
              </div>
              <div>
                <dt>{t('detail.usdPrice')}</dt>
                <dd>{formatPrice(`${quotation.coin}/USD`, quotation.usdPrice, language)}</dd>
              </div>
              <div>
                <dt>{t('table.indexWeight')}</dt>
                <dd>{quotation.indexWeight === null ? t('table.notInIndex') : formatPercent(quotation.indexWeight, 2, language)}</dd>
              </div>
            </dl>
          </section>
          <section
            className={styles.card}
            aria-label={t('detail.chartLabel', { pair: quotation.pair, range: t(`detail.ranges.${range}`) })}
          >
            <div className={styles.chartHeader}>
              <h2 className={styles.sectionTitle}>{t(`detail.ranges.${range}`)}</h2>
              <Segmented
                aria-label={t('detail.range')}
                value={range}
                onChange={(value) => setRange(value as HistoryRange)}
                options={historyRanges.map((candidate) => ({ value: candidate, label: t(`detail.ranges.${candidate}`) }))}
              />
            </div>
            {detail.isPending ? (
              <Skeleton.Node active style={{ width: '100%', height: 300 }} />
            ) : points.length < 2 ? (
              <p className={styles.empty}>{t('detail.noHistory')}</p>
            ) : (
              <PriceChart
                points={points}
                format={format}
                label={t('detail.chartLabel', { pair: quotation.pair, range: t(`detail.ranges.${range}`) })}
                testId="price-chart"
              />
            )}
          </section>
          <nav className={`${styles.card} ${styles.links}`} aria-label={t('detail.otherQuotes')}>
            <span className={styles.subtle}>{t('detail.otherQuotes')}</span>
            {quoteCurrencies
              .filter((candidate) => candidate !== quote && candidate !== coin)
              .map((candidate) => (
                <Link key={candidate} to={`${pathTo('propertyCenterQuotationDetail', { action: coin })}?quote=${candidate}`}>
                  {coin} / {candidate}
                </Link>
              ))}
          </nav>
        </>
      )}
    </PageFrame>
  );
}
