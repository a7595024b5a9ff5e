import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { createRouteLoader, type GuardEnvironment } from './route-guards';
import { routeTable, type RouteArea, type RouteDefinition, type RoutePage } from './route-table';
import { RootLayout } from './layouts/root-layout';
import { RouteErrorPage } from './layouts/route-error-page';

export interface RouteHandle {
  route: RouteDefinition;
}

const identityPages = () => import('../features/identity/pages');

const pageModules: Record<RoutePage, RouteObject['lazy']> = {
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
  dashboard: async () => ({ Component: (await import('../features/wallet/pages')).DashboardPage }),
  balance: async () => ({ Component: (await import('../features/wallet/pages')).BalancePage }),
  bills: async () => ({ Component: (await import('../features/wallet/pages')).BillsPage }),
  transfer: async () => ({ Component: (await import('../features/wallet/pages')).TransferPage }),
};

const areaLayouts: Record<RouteArea, RouteObject['lazy'] | null> = {
  public: null,
  mobile: null,
  account: async () => ({ Component: (await import('./layouts/account-layout')).AccountLayout }),
  custody: async () => ({ Component: (await import('./layouts/custody-layout')).CustodyLayout }),
};

export function buildRoutes(environment: GuardEnvironment): RouteObject[] {
  const toRouteObject = (route: RouteDefinition): RouteObject => ({
    path: route.path,
    lazy: pageModules[route.page],
    loader: createRouteLoader(route, environment),
    handle: { route } satisfies RouteHandle,
  });
  const areas = Object.keys(areaLayouts) as RouteArea[];
  const children: RouteObject[] = areas.map((area) => {
    const routes = routeTable.filter((route) => route.area === area).map(toRouteObject);
    const layout = areaLayouts[area];
    return layout ? { lazy: layout, children: routes } : { children: routes };
  });
  children.push({
    path: '*',
    lazy: async () => ({ Component: (await import('../features/system/pages/not-found-page')).NotFoundPage }),
  });
  return [{ element: <RootLayout />, errorElement: <RouteErrorPage />, children }];
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(
    buildRoutes({
      queryClient,
      userAgent: () => navigator.userAgent,
      goToExternal: (address) => window.location.replace(address),
    }),
  );
}
