import type { WithdrawCheck, WithdrawalInterceptionKind } from '@coffer/contract';
import { messageForCode } from '@coffer/contract/errors';
import { Button, Modal } from 'antd';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatLockEnd, userTimeZone } from '../../../shared/format/lock-end-time';
import { useLanguage } from '../../../shared/i18n/use-language';
import { pathTo, type RouteName } from '../../../shared/routes';
import styles from './withdraw-interception.module.css';

/** Where each missing security item is put right (spec §5 interceptions). */
const fixRoute: Record<WithdrawalInterceptionKind, RouteName> = {
  emailNotBound: 'securityBindEmail',
  phoneNotBound: 'securityBindPhone',
  fundPasswordNotSet: 'securitySetFundPassword',
  identityNotVerified: 'identification',
};

/** True when the check stops a withdrawal: a forbidden code or something to put right first. */
export function isWithdrawBlocked(check: WithdrawCheck | undefined): boolean {
  return check !== undefined && (!check.canWithdraw || check.forbiddenCode !== null || check.interceptions.length > 0);
}

/**
 * The interception dialog of spec §4/§5: withdrawals forbidden (-10094), the 24-hour lock after
 * a security change (-10102) with its end in the user's time zone, and every security item still
 * to complete, each with a link to the screen that completes it — all at once, so a customer
 * waiting out the lock can put the rest right now instead of meeting it when the lock ends.
 * `timeZone` is the browser's unless given.
 */
export function WithdrawInterception({
  check,
  open,
  onClose,
  timeZone,
}: {
  check: WithdrawCheck;
  open: boolean;
  onClose: () => void;
  timeZone?: string;
}) {
  const { t } = useTranslation('funds');
  const language = useLanguage();
  const message = (code: number, fallback: string) => messageForCode(code, language) ?? fallback;
  const isForbidden = check.forbiddenCode === -10094;
  const isLocked = check.forbiddenCode === -10102;
  const lockedUntil = isLocked ? check.lockedUntil : null;

  const title = isForbidden ? t('intercept.forbiddenTitle') : isLocked ? t('intercept.lockTitle') : t('intercept.title');
  const body: ReactNode = (
    <>
      {isForbidden ? <p className={styles.text}>{message(-10094, t('intercept.forbiddenTitle'))}</p> : null}
      {isLocked ? (
        <div className={styles.lock} data-testid="intercept-lock">
          <p className={styles.text}>{message(-10102, t('intercept.lockTitle'))}</p>
          {lockedUntil ? (
            <p className={styles.text}>
              <Trans
                t={t}
                i18nKey="intercept.lockUntil"
                values={{ time: formatLockEnd(lockedUntil, language, timeZone ?? userTimeZone()) }}
                components={{ time: <strong data-testid="intercept-lock-end" /> }}
              />
            </p>
          ) : null}
          <Link className={styles.why} to={`${pathTo('propertySecuritySetting')}#withdraw-lock-help`}>
            {t('intercept.lockWhy')}
          </Link>
        </div>
      ) : null}
      {check.interceptions.length > 0 ? (
        <>
          <p className={styles.text}>{isLocked ? t('intercept.alsoNeeded') : t('intercept.intro')}</p>
          <ul className={styles.items}>
            {check.interceptions.map((interception) => (
              <li key={interception.kind} className={styles.item} data-testid={`intercept-${interception.kind}`}>
                <span>{message(interception.code, t(`intercept.kinds.${interception.kind}`))}</span>
                <Link className={styles.fix} to={pathTo(fixRoute[interception.kind])}>
                  {t(`intercept.fix.${interception.kind}`)}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );

  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('intercept.close')}
        </Button>
      }
      data-testid="withdraw-interception"
    >
      <div data-testid="withdraw-interception-body">{body}</div>
    </Modal>
  );
}
