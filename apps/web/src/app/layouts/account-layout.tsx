import { useTranslation } from 'react-i18next';
import { AccountMenu } from '../../features/identity/components/account-menu';
import { ConsoleLayout, type ConsoleMenuEntry } from './console-layout';
import { accountMenu, isMenuGroup } from './menu';

export function AccountLayout() {
  const { t } = useTranslation();
  const label = (key: string) => t(`menu.${key}` as 'menu.dashboard');
  const menu: ConsoleMenuEntry[] = accountMenu.map((entry) =>
    isMenuGroup(entry)
      ? { key: entry.key, label: label(entry.key), items: entry.items.map((item) => ({ ...item, label: label(item.key) })) }
      : { ...entry, label: label(entry.key) },
  );
  return <ConsoleLayout menuLabel={t('menu.label')} menu={menu} topBarEnd={<AccountMenu />} />;
}
