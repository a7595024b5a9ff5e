import type { CustodyOrderLine } from '@coffer/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatExactAmount } from '../../../shared/format/figures';
import { useLanguage } from '../../../shared/i18n/use-language';
import styles from './custody-orders.module.css';

/**
 * What a submitter needs to know of a business line before withdrawing from it: the coins it
 * carries, how many reviewers must approve, and its limits per coin (per transaction, rolling
 * day, week and month). `coin` narrows the limits to one coin.
 */
export function LineSummary({ line, coin }: { line: CustodyOrderLine; coin?: string | undefined }) {
  const { t } = useTranslation('custodyOrders');
  const language = useLanguage();
  const limits = coin ? line.limits.filter((limit) => limit.asset === coin) : line.limits;
  return (
    <div className={styles.lineSummary} data-testid="line-summary">
      <p className={styles.lineFacts}>
        <span>{t('line.currencies')}</span>
        {line.currencies.map((each) => (
          <Tag key={each}>{each}</Tag>
        ))}
      </p>
      <p className={styles.lineFacts}>{t('line.minReviewers', { count: line.minReviewers })}</p>
      {limits.length === 0 ? (
        <p className={styles.muted}>{t('line.noLimits')}</p>
      ) : (
        <div className={styles.limitsWrap}>
          <table className={styles.limits} data-testid="line-limits">
            <caption className={styles.caption}>{t('line.limitsTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('line.coin')}</th>
                <th scope="col">{t('windows.perTransaction')}</th>
                <th scope="col">{t('windows.day')}</th>
                <th scope="col">{t('windows.week')}</th>
                <th scope="col">{t('windows.month')}</th>
              </tr>
            </thead>
            <tbody>
              {limits.map((limit) => (
                <tr key={limit.asset}>
                  <th scope="row">{limit.asset}</th>
                  <td>{formatExactAmount(limit.asset, limit.perTransaction, language)}</td>
                  <td>{formatExactAmount(limit.asset, limit.perDay, language)}</td>
                  <td>{formatExactAmount(limit.asset, limit.perWeek, language)}</td>
                  <td>{formatExactAmount(limit.asset, limit.perMonth, language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
