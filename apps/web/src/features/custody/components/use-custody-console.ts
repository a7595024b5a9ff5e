import { useQuery } from '@tanstack/react-query';
import { useMatches } from 'react-router';
import type { RouteHandle, RouteName } from '../../../shared/routes';
import { custodyMeQuery } from '../api/custody-me';
import { custodyMenuItems, visibleCustodyMenu } from './custody-menu';
import { useConsoleSessionExpiry } from './use-console-session-expiry';

/** Console pages a caller without a membership opens too: applying, and joining by a link. */
const pagesWithoutMembership: ReadonlySet<RouteName> = new Set(['custodyApply', 'custodyActivate']);

/**
 * What the console frame needs: the menu the caller may see, whether the page may open (an
 * active member, or a page needing no membership), `me` for the state shown otherwise, and
 * whether to ask for a security key (not on the activation page, which asks itself). A call
 * refused for the organisation's session length sends the member to log in again.
 */
export function useCustodyConsole() {
  const me = useQuery(custodyMeQuery);
  const matches = useMatches();
  useConsoleSessionExpiry();
  const handle = matches[matches.length - 1]?.handle as RouteHandle | undefined;
  const routeName = handle?.route.name;
  const needsNoMembership = routeName ? pagesWithoutMembership.has(routeName) : false;
  return {
    menu: visibleCustodyMenu(custodyMenuItems, me.data?.permissions ?? null),
    isPageOpen: needsNoMembership || me.data !== undefined,
    isHardwareKeyAsked: me.data?.hardwareKeyMissing === true && routeName !== 'custodyActivate',
    me,
  };
}
