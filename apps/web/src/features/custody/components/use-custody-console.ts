import { useQuery } from '@tanstack/react-query';
import { useMatches } from 'react-router';
import type { RouteHandle, RouteName } from '../../../shared/routes';
import { custodyMeQuery } from '../api/custody-me';
import { custodyMenuItems, visibleCustodyMenu } from './custody-menu';

/** Console pages a caller without a membership opens too: applying, and joining by a link. */
const pagesWithoutMembership: ReadonlySet<RouteName> = new Set(['custodyApply', 'custodyActivate']);

/**
 * What the console frame needs: the menu the caller may see, whether the page may open (an
 * active member, or a page needing no membership), and `me` for the state shown otherwise.
 */
export function useCustodyConsole() {
  const me = useQuery(custodyMeQuery);
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as RouteHandle | undefined;
  const needsNoMembership = handle ? pagesWithoutMembership.has(handle.route.name) : false;
  return {
    menu: visibleCustodyMenu(custodyMenuItems, me.data?.permissions ?? null),
    isPageOpen: needsNoMembership || me.data !== undefined,
    me,
  };
}
