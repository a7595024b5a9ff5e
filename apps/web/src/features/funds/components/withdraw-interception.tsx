import type { WithdrawCheck, WithdrawalInterceptionKind } from '@coffer/contract';
import { messageForCode } from '@coffer/contract/errors';
import { Button, Modal } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo, type RouteName } from '../../../app/route-table';
import { formatDateTime } from '../../../shared/format/format-date';
import { useWalletLanguage } from '../../wallet/components/wallet-locale';
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
 * a security change (-10102), or the security items to complete first, each with a link to the
 * screen that completes it.
 */
export function WithdrawInterception({ check, open, onClose }: { check: WithdrawCheck; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('funds');
  const language = useWalletLanguage();
  const message = (code: number, fallback: string) => messageForCode(code, language) ?? fallback;

  let title: string;
  let body: ReactNode;
  if (check.forbiddenCode === -10094) {
    title = t('intercept.forbiddenTitle');
    body = <p className={styles.text}>{message(-10094, t('intercept.forbiddenTitle'))}</p>;
  } else if (check.forbiddenCode === -10102) {
    title = t('intercept.lockTitle');
    body = (
      <>
        <p className={styles.text}>{message(-10102, t('intercept.lockTitle'))}</p>
        {check.lockedUntil ? <p className={styles.text}>{t('intercept.lockUntil', { time: formatDateTime(check.lockedUntil, language) })}</p> : null}
      </>
    );
  } else {
    title = t('intercept.title');
    body = (
      <>
        <p className={styles.text}>{t('intercept.intro')}</p>
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
    );
  }

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
