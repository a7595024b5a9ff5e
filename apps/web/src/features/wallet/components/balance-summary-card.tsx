import type { AssetRow, AssetSummary } from '@coffer/contract';
import type { FiatCurrency } from '@coffer/contract/constants';
import { Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFiat } from '../../../shared/format/figures';
import { useLanguage } from '../../../shared/i18n/use-language';
import { availableFiatValue, subtractFiat } from './fiat-sum';
import { valueIn } from './valuation-fiat';
import styles from './balance-summary-card.module.css';

/** The balance account in the user's valuation currency: total, available and frozen value. */
export function BalanceSummaryCard({
  summary,
  rows,
  fiat,
}: {
  summary: AssetSummary | undefined;
  rows: AssetRow[] | undefined;
  fiat: FiatCurrency;
}) {
  const { t } = useTranslation('wallet');
  const language = useLanguage();

  if (!summary || !rows) {
    return (
      <Card aria-busy="true">
        <div className={styles.figures}>
          {[0, 1, 2].map((index) => (
            <div key={index} className={styles.figure}>
              <Skeleton.Input active size="small" />
              <Skeleton.Input active size="large" block />
            </div>
          ))}
        </div>
      </Card>
    );
  }

  const total = valueIn(summary.balance, fiat);
  const available = availableFiatValue(rows.map((row) => ({ total: row.total, available: row.available, value: valueIn(row, fiat) })));
  const frozen = subtractFiat(total, available);

  return (
    <Card>
      <dl className={styles.figures} data-testid="balance-summary">
        <div className={styles.figure}>
          <dt>{t('balance.totalValue', { fiat })}</dt>
          <dd className={styles.main} data-testid="balance-total">
            {formatFiat(total, fiat, language)}
          </dd>
        </div>
        <div className={styles.figure}>
          <dt>{t('balance.availableValue')}</dt>
          <dd data-testid="balance-available">{formatFiat(available, fiat, language)}</dd>
        </div>
        <div className={styles.figure}>
          <dt>{t('balance.frozenValue')}</dt>
          <dd>{formatFiat(frozen, fiat, language)}</dd>
        </div>
      </dl>
    </Card>
  );
}
