import type { CryptoIndex } from '@coffer/contract';
import { cryptoIndexCode } from '@coffer/contract/market-paths';
import { useQuery } from '@tanstack/react-query';
import { Skeleton, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatFiat, formatPrice } from '../../../shared/format/figures';
import { formatDecimal, formatPercent } from '../../../shared/format/format-amount';
import { formatDate, formatDateTime } from '../../../shared/format/format-date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { CoinBadge } from '../../../shared/ui/coin-badge';
import { PageFrame } from '../../../shared/ui/page-frame';
import { PriceChange } from '../../../shared/ui/price-direction';
import { cryptoIndexQuery } from '../api/get-crypto-index';
import { latestWithTrendQuery } from '../api/get-latest-with-trend';
import { MarketErrorState } from '../components/market-error';
import { PriceChart } from '../components/price-chart';
import { QuoteTabs } from '../components/quote-tabs';
import tableStyles from '../components/quotation-table.module.css';
import styles from './market-pages.module.css';

const sections = ['composition', 'introduction', 'sample', 'calculation'] as const;
type Section = (typeof sections)[number];

function Composition({ index }: { index: CryptoIndex }) {
  const { t } = useTranslation('market');
  const language = useLanguage();
  return (
    <table className={tableStyles.table} data-testid="index-composition">
      <caption className={tableStyles.caption}>{t('index.composition.caption')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('index.composition.token')}</th>
          <th scope="col" className={tableStyles.right}>
            {t('index.composition.weight')}
          </th>
          <th scope="col">{t('index.composition.exchange')}</th>
          <th scope="col">{t('index.composition.pair')}</th>
          <th scope="col" className={tableStyles.right}>
            {t('index.composition.price')}
          </th>
          <th scope="col" className={tableStyles.right}>
            {t('index.composition.marketCap')}
          </th>
        </tr>
      </thead>
      <tbody>
        {index.constituents.map((constituent) => (
          <tr key={constituent.coin}>
            <th scope="row">
              <CoinBadge coin={constituent.coin} name={constituent.name} size="small" />
            </th>
            <td className={`${tableStyles.right} ${tableStyles.price}`}>{formatPercent(constituent.weight, 2, language)}</td>
            <td>{constituent.exchange}</td>
            <td>{constituent.pair}</td>
            <td className={tableStyles.right}>{formatPrice(`${constituent.coin}/USD`, constituent.usdPrice, language)}</td>
            <td className={tableStyles.right}>{formatDecimal(constituent.marketCap, 0, language)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Introduction({ index }: { index: CryptoIndex }) {
  const { t } = useTranslation('market');
  const language = useLanguage();
  return (
    <div className={`${styles.card} ${styles.prose}`}>
      <p>{t('index.introduction.p1')}</p>
      <p>{t('index.introduction.p2')}</p>
      <p>
        {t('index.introduction.p3', {
          baseValue: formatDecimal(index.baseValue, 0, language),
          baseDate: formatDate(index.baseDate, language),
        })}
      </p>
    </div>
  );
}

function Sample({ index }: { index: CryptoIndex }) {
  const { t } = useTranslation('market');
  const language = useLanguage();
  return (
    <div className={styles.card}>
      <div className={styles.prose}>
        <p>{t('index.sample.intro')}</p>
      </div>
      <table className={tableStyles.table} data-testid="index-sample">
        <thead>
          <tr>
            <th scope="col">{t('index.composition.token')}</th>
            <th scope="col">{t('index.composition.pair')}</th>
            <th scope="col" className={tableStyles.right}>
              {t('index.sample.supply')}
            </th>
          </tr>
        </thead>
        <tbody>
          {index.constituents.map((constituent) => (
            <tr key={constituent.coin}>
              <th scope="row">
                <CoinBadge coin={constituent.coin} name={constituent.name} size="small" />
              </th>
              <td>{constituent.pair}</td>
              <td className={tableStyles.right}>{formatDecimal(constituent.supply, 0, language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.subtle}>{t('index.sample.rules')}</p>
    </div>
  );
}

function Calculation({ index }: { index: CryptoIndex }) {
  const { t } = useTranslation('market');
  const language = useLanguage();
  const baseValue = formatDecimal(index.baseValue, 0, language);
  const baseDate = formatDate(index.baseDate, language);
  return (
    <div className={`${styles.card} ${styles.prose}`}>
      <p>
        <span className={styles.formula}>{t('index.calculation.formula')}</span>
      </p>
      <dl className={styles.stats}>
        <div>
          <dt>{t('index.calculation.divisor')}</dt>
          <dd>{formatDecimal(index.divisor, 0, language)}</dd>
        </div>
        <div>
          <dt>{t('index.calculation.totalMarketCap')}</dt>
          <dd>{formatFiat(index.totalMarketCap, 'USD', language)}</dd>
        </div>
        <div>
          <dt>{t('index.value')}</dt>
          <dd>{formatDecimal(index.value, 2, language)}</dd>
        </div>
      </dl>
      <p className={styles.subtle}>{t('index.calculation.divisorNote', { baseValue, baseDate })}</p>
      <p data-testid="index-calculation-now">
        {t('index.calculation.now', {
          marketCap: formatDecimal(index.totalMarketCap, 0, language),
          divisor: formatDecimal(index.divisor, 0, language),
          value: formatDecimal(index.value, 2, language),
        })}
      </p>
      <p className={styles.subtle}>{t('index.calculation.weightRule')}</p>
    </div>
  );
}

/** Spec §2 crypto index: level and trend, composition, introduction, sample and calculation. */
export function CryptoIndexPage() {
  const { t } = useTranslation('market');
  const language = useLanguage();
  const [searchParams, setSearchParams] = useSearchParams();
  const section: Section = sections.find((candidate) => candidate === searchParams.get('section')) ?? 'composition';
  const index = useQuery(cryptoIndexQuery);
  const trend = useQuery(latestWithTrendQuery([cryptoIndexCode]));
  const points = (trend.data?.[0]?.trend ?? []).map((point) => ({ time: point.time, value: point.value }));

  return (
    <PageFrame title={t('index.title')} testId="crypto-index-page">
      <QuoteTabs active="index" />
      {index.isError ? (
        <MarketErrorState error={index.error} onRetry={() => void index.refetch()} />
      ) : !index.data ? (
        <div className={styles.card}>
          <Skeleton active paragraph={{ rows: 6 }} />
        </div>
      ) : (
        <>
          <section className={styles.card} aria-labelledby="index-level">
            <div className={styles.headline}>
              <div>
                <div className={styles.subtle}>{t('index.value')}</div>
                <div id="index-level" className={styles.bigPrice} data-testid="index-value">
                  {formatDecimal(index.data.value, 2, language)}
                </div>
              </div>
              <div>
                <div className={styles.subtle}>{t('index.change24h')}</div>
                <PriceChange
                  value={index.data.change24h}
                  text={formatPercent(index.data.change24h, 2, language, { signDisplay: 'exceptZero' })}
                />
              </div>
              <span className={styles.subtle}>{t('index.updated', { time: formatDateTime(index.data.updatedAt, language) })}</span>
            </div>
            <h2 className={styles.sectionTitle} style={{ margin: '20px 0 8px' }}>
              {t('index.trend')}
            </h2>
            {points.length < 2 ? (
              <p className={styles.empty}>{t('detail.noHistory')}</p>
            ) : (
              <PriceChart
                points={points}
                format={(value) => formatDecimal(value, 2, language)}
                label={t('index.trendLabel')}
                testId="index-chart"
              />
            )}
          </section>
          <Tabs
            activeKey={section}
            onChange={(key) => setSearchParams(key === 'composition' ? {} : { section: key }, { replace: true })}
            items={sections.map((key) => ({
              key,
              label: t(`index.sections.${key}`),
              children:
                key === 'composition' ? (
                  <Composition index={index.data} />
                ) : key === 'introduction' ? (
                  <Introduction index={index.data} />
                ) : key === 'sample' ? (
                  <Sample index={index.data} />
                ) : (
                  <Calculation index={index.data} />
                ),
            }))}
          />
        </>
      )}
    </PageFrame>
  );
}
