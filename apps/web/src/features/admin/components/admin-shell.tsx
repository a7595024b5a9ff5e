import { useQuery } from '@tanstack/react-query';
import { Button, Skeleton, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { LanguageSwitch } from '../../../shared/i18n/language-switch';
import { BrandMark } from '../../../shared/ui/brand-mark';
import frame from '../../../shared/ui/side-menu-frame.module.css';
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
 * Under 768 px the menu is a drawer, opened by the top bar's menu button and closed by a
 * choice, the backdrop or Escape.
 */
export function AdminShell() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const me = useQuery(operatorQuery);
  const logout = useOperatorLogout();
  const [isMenuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);
  useEffect(() => {
    if (!isMenuOpen) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', closeOnEscape);
    return () => window.removeEventListener('keydown', closeOnEscape);
  }, [isMenuOpen]);

  const handleLogout = () => {
    logout.mutate(undefined, { onSettled: () => void navigate(adminLinks.login, { replace: true }) });
  };

  const operator = me.data;
  const menu = operator ? menuFor(operator.permissions) : [];
  return (
    <div className={`${frame.frame} ${frame.collapsible}`}>
      {isMenuOpen ? (
        <button
          type="button"
          className={frame.backdrop}
          aria-label={t('menu.close')}
          onClick={closeMenu}
          data-testid="admin-menu-backdrop"
        />
      ) : null}
      <aside
        id="admin-sidebar"
        className={`${frame.sidebar} ${isMenuOpen ? frame.sidebarOpen : ''}`}
        data-open={isMenuOpen}
        data-testid="admin-sidebar"
      >
        <NavLink to={adminLinks.home} className={`${frame.brand} ${styles.brand}`} end onClick={closeMenu}>
          <BrandMark />
          <span className={styles.brandText}>
            <span>{t('app.name')}</span>
            <span className={styles.brandSub}>{t('app.backOffice')}</span>
          </span>
        </NavLink>
        <nav aria-label={t('menu.label')}>
          {operator ? (
            <ul className={frame.menu} data-testid="admin-menu">
              {menu.map((item) => (
                <li key={item.section}>
                  <NavLink
                    to={item.path}
                    className={({ isActive }) => (isActive ? frame.active : undefined)}
                    onClick={closeMenu}
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
      <div className={frame.body}>
        <header className={frame.topBar}>
          <div className={frame.topBarStart}>
            <Button
              className={frame.menuToggle}
              aria-label={isMenuOpen ? t('menu.close') : t('menu.open')}
              aria-expanded={isMenuOpen}
              aria-controls="admin-sidebar"
              onClick={() => setMenuOpen((open) => !open)}
              data-testid="admin-menu-toggle"
            >
              <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18">
                <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
              </svg>
            </Button>
            <span className={styles.topBarTitle}>{t('app.backOffice')}</span>
          </div>
          <div className={frame.topBarEnd}>
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
        <main className={frame.content}>
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
