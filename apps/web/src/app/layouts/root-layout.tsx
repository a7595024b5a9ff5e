import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { LoginPrompt } from '../../shared/ui/login-prompt';
import { ToastHost } from '../../shared/ui/toast-host';
import { rememberSettledLocation } from '../route-guards';
import type { RouteHandle } from '../router';
import { pathTo } from '../route-table';

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'route' in handle;
}

/** Spec §2: the document title comes from the translations, except on trade and home pages. */
function useDocumentTitle(): void {
  const { t, i18n } = useTranslation();
  const matches = useMatches();
  const route = matches.map((match) => match.handle).filter(isRouteHandle).at(-1)?.route;
  useEffect(() => {
    if (!route || route.skipsTitle) return;
    const title = t(`titles.${route.name}` as 'titles.error', { defaultValue: '' });
    document.title = title ? `${title} | ${t('app.name')}` : t('app.name');
  }, [route, t, i18n.language]);
}

export function RootLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  useDocumentTitle();

  useEffect(() => {
    rememberSettledLocation(`${location.pathname}${location.search}`);
  }, [location.pathname, location.search]);

  const handleGoToLogin = () => {
    const loginPath = pathTo('loginPage');
    if (location.pathname === loginPath) return;
    const redirectTarget = `${location.pathname}${location.search}`;
    void navigate(`${loginPath}?redirect=${encodeURIComponent(redirectTarget)}`);
  };

  return (
    <>
      <Outlet />
      <ToastHost />
      <LoginPrompt onGoToLogin={handleGoToLogin} />
    </>
  );
}
