import type { TradePair } from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../../shared/format/format-amount';
import { PriceChange } from '../../../shared/ui/price-direction';
import { isQuoteCurrency, marketQuotationQuery } from '../api/get-market-quotation';
import { formatPairPrice } from './trade-format';
import { useTradeLanguage } from './trade-locale';
import styles from './market-price.module.css';

/**
 * The market price beside the form: the quotation board's price and 24 h change of the
 * pair, or the pair's indicative price where the board has no such quote currency. It only
 * guides; the firm price comes with the quote.
 */
export function MarketPrice({ pair }: { pair: TradePair }) {
  const { t } = useTranslation('trade');
  const language = useTradeLanguage();
  const quoteCoin = pair.quoteCoin;
  const hasBoard = isQuoteCurrency(quoteCoin);
  const quotation = useQuery({ ...marketQuotationQuery(pair.baseCoin, hasBoard ? quoteCoin : 'USDT'), enabled: hasBoard });

  if (hasBoard && quotation.isPending) return <Skeleton.Input active size="small" />;
  const row = quotation.data ?? null;
  const price = row?.price ?? pair.indicativePrice;
  if (!price) return <p className={styles.line}>{t('spot.marketPriceUnavailable')}</p>;

  return (
    <p className={styles.line} data-testid="spot-market-price">
      <span className={styles.label}>{t('spot.marketPrice')}</span>
      <span className={styles.value}>
        1 {pair.baseCoin} ≈ {formatPairPrice(price, pair.pair, language)}
      </span>
      {row ? (
        <span className={styles.change}>
          {t('spot.change24h')}{' '}
          <PriceChange value={row.change24h} text={formatPercent(row.change24h, 2, language, { signDisplay: 'exceptZero' })} />
        </span>
      ) : null}
    </p>
  );
}
