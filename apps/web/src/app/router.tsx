import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { createRouteLoader, type GuardEnvironment } from './route-guards';
import { routeTable, type RouteArea, type RouteDefinition, type RoutePage } from './route-table';
import { RootLayout } from './layouts/root-layout';
import { RouteErrorPage } from './layouts/route-error-page';

export interface RouteHandle {
  route: RouteDefinition;
}

const pageModules: Record<RoutePage, RouteObject['lazy']> = {
  home: async () => ({ Component: (await import('../features/home/pages/home-page')).HomePage }),
  error: async () => ({ Component: (await import('../features/system/pages/error-page')).ErrorPage }),
  comingSoon: async () => ({ Component: (await import('../features/system/pages/coming-soon-page')).ComingSoonPage }),
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
