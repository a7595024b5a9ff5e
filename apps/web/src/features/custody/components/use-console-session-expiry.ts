import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { errorText } from '../../../shared/http/error-text';
import { pathTo } from '../../../shared/routes';
import { showToast } from '../../../shared/ui/toast-store';
import { endConsoleLogin, isConsoleSessionExpired } from '../api/console-session';

/**
 * The organisation's session length (common settings): once any console call answers
 * custodySessionExpired, the member is logged out, told why, and sent to log in again, coming
 * back to the console page they were on. Watches every query and mutation of the console, so
 * no page has to handle it; happens once however many calls fail together.
 */
export function useConsoleSessionExpiry(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  const isHandled = useRef(false);

  useEffect(() => {
    const handle = (error: unknown) => {
      if (isHandled.current || !isConsoleSessionExpired(error)) return;
      isHandled.current = true;
      const message = errorText(error);
      if (message !== null) showToast('error', message);
      const login = `${pathTo('loginPage')}?redirect=${encodeURIComponent(here)}`;
      void endConsoleLogin()
        .catch(() => undefined)
        .then(async () => {
          await navigate(login, { replace: true });
          queryClient.clear();
        });
    };
    const queries = queryClient.getQueryCache();
    for (const query of queries.getAll()) handle(query.state.error);
    const stopQueries = queries.subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') handle(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') handle(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient, navigate, here]);
}
