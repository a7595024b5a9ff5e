import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { CustodyAccessState, HardwareKeyBanner, useCustodyConsole } from '../../features/custody/components';
import { AccountMenu } from '../../features/identity/components/account-menu';
import { ConsoleLayout } from './console-layout';

/**
 * The custody console (spec §2): its menu holds the items whose page exists and whose
 * permission the member has; without an active membership only applying and joining open, and
 * every other page shows why not (spec §6). A member whose organisation requires hardware keys
 * and who has none sees the banner asking for one over every page.
 */
export function CustodyLayout() {
  const { t } = useTranslation();
  const { menu, isPageOpen, isHardwareKeyAsked, me } = useCustodyConsole();
  return (
    <ConsoleLayout
      menuLabel={t('custodyMenu.label')}
      menu={menu.map((item) => ({ key: item.key, route: item.route, label: t(`custodyMenu.${item.key}` as 'custodyMenu.overview') }))}
      topBarExtra={<strong>{me.data ? `${t('custodyMenu.console')} · ${me.data.organisation.name}` : t('custodyMenu.console')}</strong>}
      topBarEnd={<AccountMenu />}
    >
      {isHardwareKeyAsked ? <HardwareKeyBanner /> : null}
      {isPageOpen ? <Outlet /> : <CustodyAccessState error={me.error} isLoading={me.isPending} onRetry={() => void me.refetch()} />}
    </ConsoleLayout>
  );
}
