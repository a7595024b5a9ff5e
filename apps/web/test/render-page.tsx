import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { Language } from '@coffer/contract/languages';
import type { ComponentType, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { createTestI18n } from './i18n';

/** Test-only: where the router ended up, for pages that navigate away. */
export function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

export interface RenderPageOptions {
  /** The route path the page is mounted at. */
  path: string;
  /** Where the router starts; `path` unless given. */
  url?: string;
  /** The route-table name the page's route carries in its handle, for pages that read it. */
  routeName?: string;
  /**
   * More routes next to the page's. A `*` route given here replaces the location probe
   * that otherwise catches every other path.
   */
  routes?: RouteObject[];
  /** The interface language; English unless given. */
  language?: Language;
  /** Catalogues beyond the common ones, by namespace, in `language` (e.g. `{ kyc }`). */
  namespaces?: Record<string, object>;
  /** Wraps the page inside the router (e.g. a feature's theme provider). */
  wrapper?: ComponentType<{ children: ReactNode }>;
}

/**
 * Test-only: renders one page the way the app does (i18n, TanStack Query, a router),
 * with a probe on every other path so a test can see where the page navigated.
 */
export function renderPage(
  page: ReactNode,
  { path, url = path, routeName, routes = [], language = 'en', namespaces = {}, wrapper: Wrapper }: RenderPageOptions,
) {
  const i18n = createTestI18n(language);
  for (const [namespace, resources] of Object.entries(namespaces)) i18n.addResourceBundle(language, namespace, resources);
  const element = Wrapper ? <Wrapper>{page}</Wrapper> : page;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const catchAll = routes.some((route) => route.path === '*') ? [] : [{ path: '*', element: <LocationProbe /> }];
  const router = createMemoryRouter(
    [{ path, element, handle: routeName ? { route: { name: routeName, path } } : undefined }, ...routes, ...catchAll],
    { initialEntries: [url] },
  );
  const view = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...view, router, queryClient };
}
