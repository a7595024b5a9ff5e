import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { pathTo } from '../../shared/routes';
import { LoginPrompt } from '../../shared/ui/login-prompt';
import { isLoginPromptOpen, subscribeLoginPrompt } from '../../shared/ui/login-prompt-store';
import { ToastHost } from '../../shared/ui/toast-host';
import { rememberSettledLocation } from '../route-guards';
import type { RouteHandle } from '../router';
import { useLiveBalances } from '../use-live-balances';

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'route' in handle;
}

function useCurrentRoute() {
  return useMatches()
    .map((match) => match.handle)
    .filter(isRouteHandle)
    .at(-1)?.route;
}

/** Spec §2: the document title comes from the translations, except on trade and home pages. */
function useDocumentTitle(): void {
  const { t, i18n } = useTranslation();
  const route = useCurrentRoute();
  useEffect(() => {
    if (!route || route.skipsTitle) return;
    const title = t(`titles.${route.name}` as 'titles.error', { defaultValue: '' });
    document.title = title ? `${title} | ${t('app.name')}` : t('app.name');
  }, [route, t, i18n.language]);
}

export function RootLayout() {
  const location = useLocation();
  const navigate = useNavigate();
  const route = useCurrentRoute();
  const isLoginPromptShown = useSyncExternalStore(subscribeLoginPrompt, isLoginPromptOpen);
  const [leavingFrom, setLeavingFrom] = useState<string | null>(null);
  useDocumentTitle();
  useLiveBalances();

  useEffect(() => {
    rememberSettledLocation(`${location.pathname}${location.search}`);
  }, [location.pathname, location.search]);

  const handleGoToLogin = () => {
    const loginPath = pathTo('loginPage');
    if (location.pathname === loginPath) return;
    const redirectTarget = `${location.pathname}${location.search}`;
    setLeavingFrom(location.key);
    void navigate(`${loginPath}?redirect=${encodeURIComponent(redirectTarget)}`);
  };

  // Logged out on a page that needs a session: the login prompt is all there is to show, also
  // while the way to login is under way; the page behind it would only fail its calls and
  // show their errors.
  const isPageHidden = route?.requiresLogin === true && (isLoginPromptShown || leavingFrom === location.key);
  return (
    <>
      {isPageHidden ? null : <Outlet />}
      <ToastHost />
      <LoginPrompt onGoToLogin={handleGoToLogin} />
    </>
  );
}
