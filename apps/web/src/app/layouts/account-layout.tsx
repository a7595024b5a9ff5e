import { useTranslation } from 'react-i18next';
import { AccountMenu } from '../../features/identity/components/account-menu';
import { ConsoleLayout } from './console-layout';
import { accountMenu } from './menu';

export function AccountLayout() {
  const { t } = useTranslation();
  return (
    <ConsoleLayout
      menuLabel={t('menu.label')}
      menu={accountMenu.map((item) => ({ ...item, label: t(`menu.${item.key}` as 'menu.dashboard') }))}
      topBarEnd={<AccountMenu />}
    />
  );
}
