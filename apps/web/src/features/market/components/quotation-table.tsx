import type { Quotation, QuoteCurrency } from '@coffer/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatPrice } from '../../../shared/format/figures';
import { formatPercent } from '../../../shared/format/format-amount';
import { useLanguage } from '../../../shared/i18n/use-language';
import { pathTo } from '../../../shared/routes';
import { CoinBadge } from '../../../shared/ui/coin-badge';
import { PriceChange } from '../../../shared/ui/price-direction';
import { FavouriteStar } from './favourite-star';
import styles from './quotation-table.module.css';

/** Spec §3 quotation rows: pair, price, 24 h change, high, low, index weight, favourite, detail. */
export function QuotationTable({
  quote,
  rows,
  favourites,
  emptyText,
}: {
  quote: QuoteCurrency;
  rows: Quotation[];
  favourites: string[];
  emptyText: string;
}) {
  const { t } = useTranslation('market');
  const language = useLanguage();
  return (
    <table className={styles.table} data-testid="quotation-table">
      <caption className={styles.caption}>{t('table.caption', { quote })}</caption>
      <thead>
        <tr>
          <th scope="col" className={styles.star}>
            <span className={styles.hidden}>{t('table.favourite')}</span>
          </th>
          <th scope="col">{t('table.pair')}</th>
          <th scope="col" className={styles.right}>
            {t('table.price')}
          </th>
          <th scope="col" className={styles.right}>
            {t('table.change24h')}
          </th>
          <th scope="col" className={styles.right}>
            {t('table.high24h')}
          </th>
          <th scope="col" className={styles.right}>
            {t('table.low24h')}
          </th>
          <th scope="col" className={styles.right}>
            {t('table.indexWeight')}
          </th>
          <th scope="col" className={styles.right}>
            {t('table.action')}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={8} className={styles.empty}>
              {emptyText}
            </td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr key={row.coin} data-testid={`quotation-${row.coin}`}>
              <td className={styles.star}>
                <FavouriteStar coin={row.coin} isFavourite={favourites.includes(row.coin)} />
              </td>
              <th scope="row">
                <span className={styles.pair}>
                  <CoinBadge coin={row.coin} icon={row.icon} name={row.name} size="small" />
                  <span className={styles.quote}>/ {quote}</span>
                </span>
              </th>
              <td className={`${styles.right} ${styles.price}`} data-testid={`price-${row.coin}`}>
                {formatPrice(row.pair, row.price, language)}
              </td>
              <td className={styles.right}>
                <PriceChange value={row.change24h} text={formatPercent(row.change24h, 2, language, { signDisplay: 'exceptZero' })} />
              </td>
              <td className={styles.right}>{formatPrice(row.pair, row.high24h, language)}</td>
              <td className={styles.right}>{formatPrice(row.pair, row.low24h, language)}</td>
              <td className={styles.right}>
                {row.indexWeight === null ? (
                  <span aria-label={t('table.notInIndex')}>{t('table.notInIndex')}</span>
                ) : (
                  formatPercent(row.indexWeight, 2, language)
                )}
              </td>
              <td className={styles.right}>
                <Link
                  to={`${pathTo('propertyCenterQuotationDetail', { action: row.coin })}?quote=${quote}`}
                  aria-label={t('table.detailOf', { pair: row.pair })}
                >
                  {t('table.detail')}
                </Link>
              </td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
