import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { AntdProvider } from '../../../shared/ui/antd-provider';
import { ToastHost } from '../../../shared/ui/toast-host';
import { adminQueryRoot, subscribeOperatorSignedOut } from '../api/admin-call';
import { adminLinks, loginLinkFrom } from '../components/admin-links';
import { menuFor, type AdminSection } from '../components/admin-menu';
import { AdminShell } from '../components/admin-shell';
import { EmptyText } from '../components/admin-states';
import { useOperator } from '../components/operator-context';
import { Permitted } from '../components/permitted';
import { AdminActivatePage } from './activate-page';
import { AuditPage } from './audit-page';
import { CustodyApplicationPage } from './custody-application-page';
import { CustodyApplicationsPage } from './custody-applications-page';
import { CustodyBillingPage } from './custody-billing-page';
import { CustomerPage } from './customer-page';
import { CustomersPage } from './customers-page';
import { KycApplicationPage } from './kyc-application-page';
import { KycQueuePage } from './kyc-queue-page';
import { LevelLimitsPage } from './level-limits-page';
import { AdminLoginPage } from './login-page';
import { OperatorsPage } from './operators-page';
import { ReconciliationPage } from './reconciliation-page';
import { SanctionsPage } from './sanctions-page';

/** The screens under the shell, each behind the permissions of its menu section. */
const screens: { path: string; section: AdminSection; Page: ComponentType }[] = [
  { path: 'customers', section: 'customers', Page: CustomersPage },
  { path: 'customers/:userId', section: 'customers', Page: CustomerPage },
  { path: 'kyc', section: 'kyc', Page: KycQueuePage },
  { path: 'kyc/:id', section: 'kyc', Page: KycApplicationPage },
  { path: 'limits', section: 'limits', Page: LevelLimitsPage },
  { path: 'reconciliation', section: 'reconciliation', Page: ReconciliationPage },
  { path: 'audit', section: 'audit', Page: AuditPage },
  { path: 'sanctions', section: 'sanctions', Page: SanctionsPage },
  { path: 'custody', section: 'custody', Page: CustodyApplicationsPage },
  { path: 'custody/:id', section: 'custody', Page: CustodyApplicationPage },
  { path: 'custody-billing', section: 'billing', Page: CustodyBillingPage },
  { path: 'operators', section: 'operators', Page: OperatorsPage },
];

/** /admin: the first screen the operator may open. */
function AdminHome() {
  const { t } = useTranslation('admin');
  const first = menuFor(useOperator().permissions)[0];
  return first ? <Navigate to={first.path} replace /> : <EmptyText text={t('states.noScreens')} testId="admin-no-screens" />;
}

function AdminNotFound() {
  const { t } = useTranslation('admin');
  return <EmptyText text={t('states.notFound')} testId="admin-not-found" />;
}

/** Any call answering 401 ends the back-office session here: its data goes, the login opens. */
function useSignedOutRedirect(): void {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeOperatorSignedOut(() => {
        if (location.pathname === adminLinks.login || location.pathname === adminLinks.activate) return;
        queryClient.removeQueries({ queryKey: [adminQueryRoot] });
        void navigate(loginLinkFrom(location), { replace: true });
      }),
    [location, navigate, queryClient],
  );
}

function useAdminTitle(): void {
  const { t, i18n } = useTranslation('admin');
  useEffect(() => {
    document.title = `${t('app.backOffice')} | ${t('app.name')}`;
  }, [t, i18n.language]);
}

/**
 * The back office at /admin/*: operators, not customers. It lives outside the customer's
 * layout, so no customer menu, session, live balances or login prompt wraps it.
 */
export function AdminApp() {
  useSignedOutRedirect();
  useAdminTitle();
  return (
    <AntdProvider>
      <Routes>
        <Route path="login" element={<AdminLoginPage />} />
        <Route path="activate" element={<AdminActivatePage />} />
        <Route element={<AdminShell />}>
          <Route index element={<AdminHome />} />
          {screens.map(({ path, section, Page }) => (
            <Route
              key={path}
              path={path}
              element={
                <Permitted section={section}>
                  <Page />
                </Permitted>
              }
            />
          ))}
          <Route path="*" element={<AdminNotFound />} />
        </Route>
      </Routes>
      <ToastHost />
    </AntdProvider>
  );
}
