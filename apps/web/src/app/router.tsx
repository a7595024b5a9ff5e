import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import type { Namespace } from '../shared/i18n/i18n';
import { pathTo, type RouteHandle as SharedRouteHandle } from '../shared/routes';
import { RootLayout } from './layouts/root-layout';
import { RouteErrorPage } from './layouts/route-error-page';
import { createRouteLoader, type GuardEnvironment } from './route-guards';
import { routeTable, type RouteArea, type RouteDefinition, type RoutePage } from './route-table';

/** The handle of every route: the whole definition, of which features see the name (shared/routes.ts). */
export interface RouteHandle extends SharedRouteHandle {
  route: RouteDefinition;
}

const identityPages = () => import('../features/identity/pages');

/** Catalogues a page needs beyond the ones every page has (common, home), loaded with it. */
const identityNamespaces: Namespace[] = ['auth', 'security'];
const pageNamespaces: Partial<Record<RoutePage, Namespace[]>> = {
  login: identityNamespaces,
  signUp: identityNamespaces,
  forgotPassword: identityNamespaces,
  securityCentre: identityNamespaces,
  bindEmail: identityNamespaces,
  bindPhone: identityNamespaces,
  changePhone: identityNamespaces,
  bindAuthenticator: identityNamespaces,
  changeAuthenticator: identityNamespaces,
  changePassword: identityNamespaces,
  setFundPassword: identityNamespaces,
  changeFundPassword: identityNamespaces,
  resetFundPassword: identityNamespaces,
  accountInfo: identityNamespaces,
  preferences: identityNamespaces,
  identification: ['kyc'],
  apiManagement: ['apikeys', 'wallet'],
  dashboard: ['wallet'],
  balance: ['wallet'],
  bills: ['wallet'],
  transfer: ['wallet'],
  quotations: ['market'],
  quotationDetail: ['market'],
  cryptoIndex: ['market'],
  research: ['research'],
  researchReport: ['research'],
  recharge: ['funds', 'wallet'],
  withdraw: ['funds', 'wallet'],
  addresses: ['funds', 'wallet'],
  tradeSpot: ['trade'],
  tradeOrders: ['trade'],
  tradeOrderDetail: ['trade'],
  tradeAutoSwap: ['trade'],
  tradeAutoSwapRecords: ['trade'],
  custodyOverview: ['custody', 'custodyMoney'],
  custodyApply: ['custody'],
  custodyActivate: ['custody', 'security'],
  custodyRoles: ['custody', 'custodyOrg'],
  custodyMembers: ['custody', 'custodyOrg'],
  // custodyOrg: the dialogs' buttons and the load error; funds: network names; wallet: copying an address.
  custodyBusinessLines: ['custody', 'custodyOrg', 'custodyConfig', 'funds'],
  custodySettings: ['custody', 'custodyOrg', 'custodyConfig'],
  custodyAddresses: ['custody', 'custodyOrg', 'custodyConfig', 'funds', 'wallet'],
  // funds: network names.
  custodyMiningPool: ['custody', 'custodyPool', 'funds'],
  custodyPartner: ['custodyPool', 'funds'],
  // funds: the recharge screen's coin and network picker and address panel, network names; wallet: copying a hash or address.
  custodyDeposit: ['custody', 'custodyMoney', 'funds', 'wallet'],
  custodyTransfers: ['custody', 'custodyMoney', 'funds', 'wallet'],
  custodyAssetReport: ['custody', 'custodyMoney'],
  // funds: network names; wallet: copying an address; security: the approval's second-factor fields.
  custodyWithdraw: ['custody', 'custodyOrders', 'funds'],
  custodyBatchWithdraw: ['custody', 'custodyOrders', 'funds', 'wallet'],
  custodyWithdrawOrders: ['custody', 'custodyOrders', 'funds', 'wallet'],
  custodyWithdrawReview: ['custody', 'custodyOrders', 'funds', 'wallet', 'security'],
  // custodyMoney: the PDF download's progress and outcome.
  custodyBilling: ['custody', 'custodyBilling', 'custodyMoney'],
  custodyBillingDetail: ['custody', 'custodyBilling', 'custodyMoney'],
  custodyBillingStats: ['custody', 'custodyBilling'],
  custodyBillingPaymentMethod: ['custody', 'custodyBilling'],
};

const pageModules: Record<RoutePage, () => Promise<{ Component: ComponentType }>> = {
  home: async () => ({ Component: (await import('../features/home/pages/home-page')).HomePage }),
  error: async () => ({ Component: (await import('../features/system/pages/error-page')).ErrorPage }),
  comingSoon: async () => ({ Component: (await import('../features/system/pages/coming-soon-page')).ComingSoonPage }),
  login: async () => ({ Component: (await identityPages()).LoginPage }),
  signUp: async () => ({ Component: (await identityPages()).SignUpPage }),
  forgotPassword: async () => ({ Component: (await identityPages()).ForgotPasswordPage }),
  securityCentre: async () => ({ Component: (await identityPages()).SecurityCentrePage }),
  bindEmail: async () => ({ Component: (await identityPages()).BindEmailPage }),
  bindPhone: async () => ({ Component: (await identityPages()).BindPhonePage }),
  changePhone: async () => ({ Component: (await identityPages()).ChangePhonePage }),
  bindAuthenticator: async () => ({ Component: (await identityPages()).BindAuthenticatorPage }),
  changeAuthenticator: async () => ({ Component: (await identityPages()).ChangeAuthenticatorPage }),
  changePassword: async () => ({ Component: (await identityPages()).ChangePasswordPage }),
  setFundPassword: async () => ({ Component: (await identityPages()).SetFundPasswordPage }),
  changeFundPassword: async () => ({ Component: (await identityPages()).ChangeFundPasswordPage }),
  resetFundPassword: async () => ({ Component: (await identityPages()).ResetFundPasswordPage }),
  accountInfo: async () => ({ Component: (await identityPages()).AccountInfoPage }),
  preferences: async () => ({ Component: (await identityPages()).PreferencesPage }),
  identification: async () => ({ Component: (await import('../features/kyc/pages')).IdentificationPage }),
  apiManagement: async () => ({ Component: (await import('../features/apikeys/pages')).ApiManagementPage }),
  dashboard: async () => ({ Component: (await import('../features/wallet/pages')).DashboardPage }),
  balance: async () => ({ Component: (await import('../features/wallet/pages')).BalancePage }),
  bills: async () => ({ Component: (await import('../features/wallet/pages')).BillsPage }),
  transfer: async () => ({ Component: (await import('../features/wallet/pages')).TransferPage }),
  quotations: async () => ({ Component: (await import('../features/market/pages')).QuotationsPage }),
  quotationDetail: async () => ({ Component: (await import('../features/market/pages')).QuotationDetailPage }),
  cryptoIndex: async () => ({ Component: (await import('../features/market/pages')).CryptoIndexPage }),
  research: async () => ({ Component: (await import('../features/research/pages')).ResearchListPage }),
  researchReport: async () => ({ Component: (await import('../features/research/pages')).ResearchReportPage }),
  recharge: async () => ({ Component: (await import('../features/funds/pages')).RechargePage }),
  withdraw: async () => ({ Component: (await import('../features/funds/pages')).WithdrawPage }),
  addresses: async () => ({ Component: (await import('../features/funds/pages')).AddressesPage }),
  tradeSpot: async () => ({ Component: (await import('../features/trade/pages')).SpotTradePage }),
  tradeOrders: async () => ({ Component: (await import('../features/trade/pages')).OrdersPage }),
  tradeOrderDetail: async () => ({ Component: (await import('../features/trade/pages')).OrderDetailPage }),
  tradeAutoSwap: async () => ({ Component: (await import('../features/trade/pages')).AutoSwapPage }),
  tradeAutoSwapRecords: async () => ({ Component: (await import('../features/trade/pages')).AutoSwapRecordsPage }),
  custodyOverview: async () => ({ Component: (await import('../features/custody/pages')).CustodyOverviewPage }),
  custodyApply: async () => ({ Component: (await import('../features/custody/pages')).CustodyApplyPage }),
  custodyActivate: async () => ({ Component: (await import('../features/custody/pages')).CustodyActivatePage }),
  custodyRoles: async () => ({ Component: (await import('../features/custody/pages')).CustodyRolesPage }),
  custodyMembers: async () => ({ Component: (await import('../features/custody/pages')).CustodyMembersPage }),
  custodyBusinessLines: async () => ({ Component: (await import('../features/custody/pages')).CustodyBusinessLinesPage }),
  custodySettings: async () => ({ Component: (await import('../features/custody/pages')).CustodySettingsPage }),
  custodyAddresses: async () => ({ Component: (await import('../features/custody/pages')).CustodyAddressesPage }),
  custodyMiningPool: async () => ({ Component: (await import('../features/custody/pages')).CustodyMiningPoolPage }),
  custodyPartner: async () => ({ Component: (await import('../features/custody/pages')).CustodyPartnerPage }),
  custodyDeposit: async () => ({ Component: (await import('../features/custody/pages')).CustodyDepositPage }),
  custodyTransfers: async () => ({ Component: (await import('../features/custody/pages')).CustodyTransfersPage }),
  custodyAssetReport: async () => ({ Component: (await import('../features/custody/pages')).CustodyAssetReportPage }),
  custodyWithdraw: async () => ({ Component: (await import('../features/custody/pages')).CustodyWithdrawPage }),
  custodyBatchWithdraw: async () => ({ Component: (await import('../features/custody/pages')).CustodyBatchWithdrawPage }),
  custodyWithdrawOrders: async () => ({ Component: (await import('../features/custody/pages')).CustodyWithdrawOrdersPage }),
  custodyWithdrawReview: async () => ({ Component: (await import('../features/custody/pages')).CustodyWithdrawReviewPage }),
  custodyBilling: async () => ({ Component: (await import('../features/custody/pages')).CustodyBillingPage }),
  custodyBillingDetail: async () => ({ Component: (await import('../features/custody/pages')).CustodyBillDetailPage }),
  custodyBillingStats: async () => ({ Component: (await import('../features/custody/pages')).CustodyBillingStatsPage }),
  custodyBillingPaymentMethod: async () => ({ Component: (await import('../features/custody/pages')).CustodyPaymentMethodPage }),
};

/** Each area's layout; the custody console's brings its catalogue (its menu and access screens use it). */
const areaLayoutsFor = (environment: RouterEnvironment): Record<RouteArea, RouteObject['lazy'] | null> => ({
  public: null,
  mobile: null,
  account: async () => ({ Component: (await import('./layouts/account-layout')).AccountLayout }),
  custody: async () => {
    const [module] = await Promise.all([import('./layouts/custody-layout'), environment.loadNamespaces(['custody'])]);
    return { Component: module.CustodyLayout };
  },
});

export interface RouterEnvironment extends GuardEnvironment {
  loadNamespaces(namespaces: Namespace[]): Promise<unknown>;
}

export function buildRoutes(environment: RouterEnvironment): RouteObject[] {
  const lazyPage = (page: RoutePage): RouteObject['lazy'] => {
    const load = pageModules[page];
    const namespaces = pageNamespaces[page] ?? [];
    return async () => {
      const [module] = await Promise.all([load(), environment.loadNamespaces(namespaces)]);
      return module;
    };
  };
  const toRouteObject = (route: RouteDefinition): RouteObject => ({
    path: route.path,
    lazy: lazyPage(route.page),
    loader: createRouteLoader(route, environment),
    handle: { route } satisfies RouteHandle,
  });
  const areaLayouts = areaLayoutsFor(environment);
  const areas = Object.keys(areaLayouts) as RouteArea[];
  const children: RouteObject[] = areas.map((area) => {
    const routes = routeTable.filter((route) => route.area === area).map(toRouteObject);
    const layout = areaLayouts[area];
    return layout ? { lazy: layout, children: routes } : { children: routes };
  });
  // The identity provider sends the customer back to `/identification?kyc2=…` (KYC2).
  children.push({
    path: '/identification',
    loader: ({ request }) => redirect(`${pathTo('identification')}${new URL(request.url).search}`),
  });
  children.push({
    path: '*',
    lazy: async () => ({ Component: (await import('../features/system/pages/not-found-page')).NotFoundPage }),
  });
  // The back office: operators, not customers, so none of the customer's layout, session,
  // live balances or login prompt (RootLayout) wraps it; its own routes are inside AdminApp.
  const adminApp: RouteObject = {
    path: '/admin/*',
    errorElement: <RouteErrorPage />,
    lazy: async () => {
      const [module] = await Promise.all([
        import('../features/admin/pages'),
        environment.loadNamespaces(['admin', 'security', 'kyc', 'funds']),
      ]);
      return { Component: module.AdminApp };
    },
  };
  return [{ element: <RootLayout />, errorElement: <RouteErrorPage />, children }, adminApp];
}

export function createAppRouter(queryClient: QueryClient, loadNamespaces: RouterEnvironment['loadNamespaces']) {
  return createBrowserRouter(
    buildRoutes({
      queryClient,
      loadNamespaces,
      userAgent: () => navigator.userAgent,
      goToExternal: (address) => window.location.replace(address),
    }),
  );
}
