import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { LanguageSwitch } from '../../shared/i18n/language-switch';
import { pathTo, type RouteName } from '../../shared/routes';
import { BrandMark } from '../../shared/ui/brand-mark';
import frame from '../../shared/ui/side-menu-frame.module.css';
import own from './console-layout.module.css';

export interface ConsoleMenuItem {
  key: string;
  label: string;
  route: RouteName;
}

/** A heading over its own links; it opens no page, so only one of its links is ever current. */
export interface ConsoleMenuGroup {
  key: string;
  label: string;
  items: ConsoleMenuItem[];
}

export type ConsoleMenuEntry = ConsoleMenuItem | ConsoleMenuGroup;

function MenuLink({ item }: { item: ConsoleMenuItem }) {
  return (
    <NavLink to={pathTo(item.route)} className={({ isActive }) => (isActive ? frame.active : undefined)} end>
      {item.label}
    </NavLink>
  );
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
  children,
}: {
  menu: ConsoleMenuEntry[];
  menuLabel: string;
  topBarExtra?: ReactNode;
  topBarEnd?: ReactNode;
  /** What the content shows instead of the matched page (the custody console's access states). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={frame.frame}>
      <aside className={frame.sidebar}>
        <Link to="/" className={`${frame.brand} ${own.brand}`} aria-label={t('app.name')}>
          <BrandMark />
          <span>{t('app.name')}</span>
        </Link>
        <nav aria-label={menuLabel}>
          <ul className={frame.menu}>
            {menu.map((entry) =>
              'items' in entry ? (
                <li key={entry.key}>
                  <span className={own.groupLabel} id={`menu-group-${entry.key}`}>
                    {entry.label}
                  </span>
                  <ul className={own.subMenu} aria-labelledby={`menu-group-${entry.key}`}>
                    {entry.items.map((item) => (
                      <li key={item.key}>
                        <MenuLink item={item} />
                      </li>
                    ))}
                  </ul>
                </li>
              ) : (
                <li key={entry.key}>
                  <MenuLink item={entry} />
                </li>
              ),
            )}
          </ul>
        </nav>
      </aside>
      <div className={frame.body}>
        <header className={frame.topBar}>
          <div className={frame.topBarStart}>{topBarExtra}</div>
          <div className={frame.topBarEnd}>
            <LanguageSwitch tone="light" />
            {topBarEnd}
          </div>
        </header>
        <div className={frame.content}>{children ?? <Outlet />}</div>
      </div>
    </div>
  );
}
