import type { SessionUser } from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Skeleton } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { sessionUserQuery } from '../../../shared/api/session-user';
import { formatLockEnd, userTimeZone } from '../../../shared/format/lock-end-time';
import { pathTo, type RouteName } from '../../../shared/routes';
import { AntdProvider } from '../../../shared/ui/antd-provider';
import { SecurityActiveSessions } from '../components/security-active-sessions';
import { SecurityPasskeys } from '../components/security-passkeys';
import { maskEmail, maskPhone, useLanguage } from '../components/security-format';
import { SecurityStatusTag } from '../components/security-status-tag';
import styles from './security-centre-page.module.css';

type ItemKey = 'email' | 'phone' | 'authenticator' | 'loginPassword' | 'fundPassword';

interface SecurityAction {
  route: RouteName;
  label: 'bind' | 'change' | 'set' | 'reset';
  /** The action that completes the item (bind, set) stands out. */
  primary?: boolean;
}

interface SecurityItem {
  key: ItemKey;
  on: boolean;
  status: 'bound' | 'unbound' | 'set' | 'unset';
  value?: string;
  actions: SecurityAction[];
}

function securityItems(user: SessionUser): SecurityItem[] {
  return [
    {
      key: 'email',
      on: Boolean(user.email),
      status: user.email ? 'bound' : 'unbound',
      value: user.email ? maskEmail(user.email) : undefined,
      actions: user.email ? [] : [{ route: 'securityBindEmail', label: 'bind', primary: true }],
    },
    {
      key: 'phone',
      on: Boolean(user.phone),
      status: user.phone ? 'bound' : 'unbound',
      value: user.phone ? maskPhone(user.phone, user.countryCode) : undefined,
      actions: user.phone
        ? [{ route: 'securityChangePhone', label: 'change' }]
        : [{ route: 'securityBindPhone', label: 'bind', primary: true }],
    },
    {
      key: 'authenticator',
      on: user.googleAuth,
      status: user.googleAuth ? 'bound' : 'unbound',
      actions: user.googleAuth
        ? [{ route: 'securityChangeAuthenticator', label: 'change' }]
        : [{ route: 'securityBindAuthenticator', label: 'bind', primary: true }],
    },
    {
      key: 'loginPassword',
      on: true,
      status: 'set',
      actions: [{ route: 'securityChangePassword', label: 'change' }],
    },
    {
      key: 'fundPassword',
      on: user.havePayPwd,
      status: user.havePayPwd ? 'set' : 'unset',
      actions: user.havePayPwd
        ? [
            { route: 'securityChangeFundPassword', label: 'change' },
            { route: 'securityResetFundPassword', label: 'reset' },
          ]
        : [{ route: 'securitySetFundPassword', label: 'set', primary: true }],
    },
  ];
}

function SecurityItemRow({ item }: { item: SecurityItem }) {
  const { t } = useTranslation('security');
  const titleId = useId();
  return (
    <li className={styles.item} data-testid={`security-item-${item.key}`}>
      <div className={styles.itemText}>
        <h3 className={styles.itemTitle} id={titleId}>
          {t(`centre.items.${item.key}.title`)}
        </h3>
        <p className={styles.itemDescription}>{t(`centre.items.${item.key}.description`)}</p>
      </div>
      <div className={styles.itemState}>
        <SecurityStatusTag on={item.on} text={t(`centre.status.${item.status}`)} testId={`security-status-${item.key}`} />
        {item.value ? <span className={styles.itemValue}>{item.value}</span> : null}
      </div>
      <div className={styles.itemActions}>
        {item.actions.map((action) => (
          <Link
            key={action.route}
            to={pathTo(action.route)}
            className={action.primary ? `${styles.action} ${styles.actionPrimary}` : styles.action}
            aria-describedby={titleId}
            data-testid={`security-action-${action.route}`}
          >
            {t(`centre.actions.${action.label}`)}
          </Link>
        ))}
      </div>
    </li>
  );
}

/**
 * The rule of the 24-hour withdrawal lock and why (spec §4; issue 13): changes always lock, a
 * first set-up locks only once the account has received funds. The withdraw page links here.
 */
function WithdrawLockHelp({ isReady }: { isReady: boolean }) {
  const { t } = useTranslation('security');
  const titleId = useId();
  const { hash } = useLocation();
  const ref = useRef<HTMLElement>(null);
  // The router does not scroll to a fragment; once the items above are in place, this does.
  useEffect(() => {
    if (isReady && hash === '#withdraw-lock-help') ref.current?.scrollIntoView?.({ block: 'start' });
  }, [isReady, hash]);
  return (
    <section ref={ref} id="withdraw-lock-help" className={styles.help} aria-labelledby={titleId} data-testid="withdraw-lock-help">
      <h2 className={styles.helpTitle} id={titleId}>
        {t('centre.lockHelp.title')}
      </h2>
      <p>{t('centre.lockHelp.change')}</p>
      <p>{t('centre.lockHelp.firstSetUp')}</p>
      <p>{t('centre.lockHelp.funded')}</p>
      <p className={styles.helpTip}>{t('centre.lockHelp.tip')}</p>
    </section>
  );
}

/** Security settings (spec §1, §2): the state of every security item and its action, sessions, the lock rule. */
export function SecurityCentrePage() {
  const { t } = useTranslation('security');
  const language = useLanguage();
  const user = useQuery(sessionUserQuery);
  const [openedAt] = useState(() => Date.now());

  const lockedUntil = user.data?.withdrawLockedUntil ? Date.parse(user.data.withdrawLockedUntil) : Number.NaN;
  const isLocked = !Number.isNaN(lockedUntil) && lockedUntil > openedAt;

  return (
    <AntdProvider>
      <div className={styles.page}>
        <h1 className={styles.title}>{t('centre.title')}</h1>
        <p className={styles.intro}>{t('centre.intro')}</p>
        {isLocked ? (
          <Alert
            className={styles.lock}
            type="warning"
            showIcon
            title={t('centre.withdrawLockTitle')}
            description={t('centre.withdrawLock', { time: formatLockEnd(user.data?.withdrawLockedUntil ?? '', language, userTimeZone()) })}
            data-testid="withdraw-lock"
          />
        ) : null}
        <Card className={styles.card}>
          <h2 className="visually-hidden">{t('centre.itemsLabel')}</h2>
          {user.data ? (
            <ul className={styles.items}>
              {securityItems(user.data).map((item) => (
                <SecurityItemRow key={item.key} item={item} />
              ))}
            </ul>
          ) : (
            <Skeleton active title={false} paragraph={{ rows: 5 }} />
          )}
        </Card>
        <Card className={styles.card}>
          <div className={styles.item} data-testid="security-item-preferences">
            <div className={styles.itemText}>
              <h2 className={styles.itemTitle}>{t('preferences.link')}</h2>
              <p className={styles.itemDescription}>{t('preferences.linkHint')}</p>
            </div>
            <div className={styles.itemActions}>
              <Link to={pathTo('securityPreferences')} className={styles.action} data-testid="security-action-securityPreferences">
                {t('centre.actions.change')}
              </Link>
            </div>
          </div>
        </Card>
        <SecurityPasskeys />
        <SecurityActiveSessions />
        <WithdrawLockHelp isReady={user.data !== undefined} />
      </div>
    </AntdProvider>
  );
}
