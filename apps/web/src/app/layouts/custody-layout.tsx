import { useTranslation } from 'react-i18next';
import { AccountMenu } from '../../features/identity/components/account-menu';
import { ConsoleLayout } from './console-layout';
import { custodyMenu } from './menu';

export function CustodyLayout() {
  const { t } = useTranslation();
  return (
    <ConsoleLayout
      menuLabel={t('custodyMenu.label')}
      menu={custodyMenu.map((item) => ({ ...item, label: t(`custodyMenu.${item.key}` as 'custodyMenu.overview') }))}
      topBarExtra={<strong>{t('custodyMenu.console')}</strong>}
      topBarEnd={<AccountMenu />}
    />
  );
}
