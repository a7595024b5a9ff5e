import { useQuery } from '@tanstack/react-query';
import { Button, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { LanguageSwitch } from '../../../shared/i18n/language-switch';
import { BrandMark } from '../../../shared/ui/brand-mark';
import { operatorQuery, useOperatorLogout } from '../api/operator-session';
import { adminLinks } from './admin-links';
import { menuFor } from './admin-menu';
import { AdminErrorState } from './admin-states';
import { OperatorContext } from './operator-context';
import styles from './admin-shell.module.css';

/**
 * The back office's frame: a left menu of the screens the operator's permissions allow, a top
 * bar with the language, the operator's e-mail and role, and logout. Without a session the
 * call of `me` answers 401, which sends the operator to the back-office login (AdminApp).
 */
export function AdminShell() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const me = useQuery(operatorQuery);
  const logout = useOperatorLogout();

  const handleLogout = () => {
    logout.mutate(undefined, { onSettled: () => void navigate(adminLinks.login, { replace: true }) });
  };

  const operator = me.data;
  const menu = operator ? menuFor(operator.permissions) : [];
  return (
    <div className={styles.frame}>
      <aside className={styles.sidebar}>
        <NavLink to={adminLinks.home} className={styles.brand} end>
          <BrandMark />
          <span className={styles.brandText}>
            <span>{t('app.name')}</span>
            <span className={styles.brandSub}>{t('app.backOffice')}</span>
          </span>
        </NavLink>
        <nav aria-label={t('menu.label')}>
          {operator ? (
            <ul className={styles.menu} data-testid="admin-menu">
              {menu.map((item) => (
                <li key={item.section}>
                  <NavLink
                    to={item.path}
                    className={({ isActive }) => (isActive ? styles.active : undefined)}
                    data-testid={`admin-menu-${item.section}`}
                  >
                    {t(`menu.${item.section}`)}
                  </NavLink>
                </li>
              ))}
            </ul>
          ) : (
            <Skeleton active paragraph={{ rows: 5 }} title={false} className={styles.menuSkeleton} />
          )}
        </nav>
      </aside>
      <div className={styles.body}>
        <header className={styles.topBar}>
          <span className={styles.topBarTitle}>{t('app.backOffice')}</span>
          <div className={styles.topBarEnd}>
            <LanguageSwitch tone="light" />
            {operator ? (
              <>
                <span className={styles.operator} data-testid="admin-operator">
                  <span className={styles.operatorEmail} data-testid="admin-operator-email">
                    {operator.email}
                  </span>
                  <Tag className={styles.role} data-testid="admin-operator-role">
                    {t(`roles.${operator.role}`)}
                  </Tag>
                </span>
                <Button onClick={handleLogout} loading={logout.isPending} data-testid="admin-logout">
                  {t('menu.logout')}
                </Button>
              </>
            ) : null}
          </div>
        </header>
        <main className={styles.content}>
          {operator ? (
            <OperatorContext value={operator}>
              <Outlet />
            </OperatorContext>
          ) : me.isError ? (
            <AdminErrorState error={me.error} onRetry={() => void me.refetch()} />
          ) : (
            <Skeleton active paragraph={{ rows: 8 }} />
          )}
        </main>
      </div>
    </div>
  );
}
