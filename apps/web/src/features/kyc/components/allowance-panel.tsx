import type { KycAllowance, KycLevelInfo } from '@coffer/contract';
import { useTranslation } from 'react-i18next';
import { formatFiat } from '../../../shared/format/figures';
import { useLanguage } from '../../../shared/i18n/use-language';
import { isNotAllowed, type AllowanceValue } from './allowance';
import { levelNames, statusOf, type StepLevel } from './level-cards';
import styles from './kyc.module.css';

const levelKeys = ['unverified', 'basic', 'advanced', 'video'] as const;

function AllowanceList({ allows, testIdPrefix }: { allows: KycAllowance; testIdPrefix: string }) {
  const { t } = useTranslation('kyc');
  const language = useLanguage();
  const text = (value: AllowanceValue, notAllowed: string) => {
    if (value === null) return t('allowance.unlimited');
    if (isNotAllowed(value)) return notAllowed;
    return formatFiat(value, 'USD', language);
  };
  return (
    <dl className={styles.allowanceList}>
      <div className={styles.allowanceRow}>
        <dt>{t('allowance.withdrawal')}</dt>
        <dd className="tabular-numbers" data-testid={`${testIdPrefix}-withdraw`}>
          {text(allows.withdrawal24hLimitUsd, t('allowance.cannotWithdraw'))}
        </dd>
      </div>
      <div className={styles.allowanceRow}>
        <dt>{t('allowance.spotTrade')}</dt>
        <dd className="tabular-numbers" data-testid={`${testIdPrefix}-trade`}>
          {text(allows.spotTradeMaxUsd, t('allowance.cannotTrade'))}
        </dd>
      </div>
    </dl>
  );
}

/**
 * "What you can do at your level" (spec §6: the KYC level sets the withdrawal and trading
 * limits): the current level's 24-hour withdrawal limit and largest spot trade, and what the
 * next level would allow.
 */
export function AllowancePanel({ info }: { info: KycLevelInfo }) {
  const { t } = useTranslation('kyc');
  const next = info.level < 3 ? ((info.level + 1) as StepLevel) : null;

  return (
    <section className={styles.allowance} aria-labelledby="kyc-allowance-title" data-testid="kyc-allowance">
      <h2 id="kyc-allowance-title" className={styles.sectionTitle}>
        {t('allowance.title')}
      </h2>
      <p className={styles.allowanceLevel}>
        {t('allowance.yourLevel')} <strong data-testid="kyc-allowance-level">{t(`levelNames.${levelKeys[info.level]}`)}</strong>
      </p>
      <AllowanceList allows={info.allows} testIdPrefix="kyc-allowance" />
      {next ? (
        <div className={styles.allowanceNext} data-testid="kyc-allowance-next">
          <h3 className={styles.allowanceNextTitle}>{t('allowance.next', { level: t(`levelNames.${levelNames[next]}`) })}</h3>
          <AllowanceList allows={statusOf(info, next).allows} testIdPrefix="kyc-allowance-next" />
        </div>
      ) : (
        <p className={styles.muted} data-testid="kyc-allowance-top">
          {t('allowance.top')}
        </p>
      )}
      <p className={styles.allowanceNote}>{t('allowance.note')}</p>
    </section>
  );
}
