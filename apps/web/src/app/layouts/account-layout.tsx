import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AccountMenu } from '../../features/identity/components/account-menu';
import { displayNameQuery, hiddenFeatures } from '../../shared/api/display-name';
import { ConsoleLayout, type ConsoleMenuEntry } from './console-layout';
import { accountMenu, visibleMenu } from './menu';

export function AccountLayout() {
  const { t } = useTranslation();
  // The gray release (gray/displayName) hides optional entries from this customer.
  const display = useQuery(displayNameQuery);
  const label = (key: string) => t(`menu.${key}` as 'menu.dashboard');
  const menu: ConsoleMenuEntry[] = visibleMenu(accountMenu, hiddenFeatures(display.data)).map((entry) =>
    'items' in entry
      ? { key: entry.key, label: label(entry.key), items: entry.items.map((item) => ({ ...item, label: label(item.key) })) }
      : { ...entry, label: label(entry.key) },
  );
  return <ConsoleLayout menuLabel={t('menu.label')} menu={menu} topBarEnd={<AccountMenu />} />;
}
