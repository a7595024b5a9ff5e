import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { LanguageSwitch } from '../../shared/i18n/language-switch';
import { BrandMark } from '../../shared/ui/brand-mark';
import { pathTo, type RouteName } from '../route-table';
import styles from './console-layout.module.css';

export interface ConsoleMenuItem {
  key: string;
  label: string;
  route: RouteName;
}

/**
 * The signed-in frame (design.md): a left menu, a top bar with the valuation currency,
 * language switch and account menu, and the page.
 */
export function ConsoleLayout({
  menu,
  menuLabel,
  topBarExtra,
  topBarEnd,
}: {
  menu: ConsoleMenuItem[];
  menuLabel: string;
  topBarExtra?: ReactNode;
  topBarEnd?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.frame}>
      <aside className={styles.sidebar}>
        <Link to="/" className={styles.brand} aria-label={t('app.name')}>
          <BrandMark />
          <span>{t('app.name')}</span>
        </Link>
        <nav aria-label={menuLabel}>
          <ul className={styles.menu}>
            {menu.map((item) => (
              <li key={item.key}>
                <NavLink to={pathTo(item.route)} className={({ isActive }) => (isActive ? styles.active : undefined)} end>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className={styles.body}>
        <header className={styles.topBar}>
          <div className={styles.topBarStart}>{topBarExtra}</div>
          <div className={styles.topBarEnd}>
            <LanguageSwitch tone="light" />
            {topBarEnd}
          </div>
        </header>
        <div className={styles.content}>
          <Outlet />
        </div>
      </div>
    </div>
  );
}
