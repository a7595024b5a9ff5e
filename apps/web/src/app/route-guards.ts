import type { ServerInfo } from '@coffer/contract';
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from 'react-router';
import { requestSession, type SessionGrant, type SessionRequest } from '../features/identity/api/request-session';
import { assetSummaryQuery } from '../features/wallet/api/get-asset-summary';
import { sessionUserQuery } from '../shared/api/session-user';
import { pathTo } from '../shared/routes';
import { describeDevice, sessionHandOffStorageKey } from '../shared/session-hand-off';
import { siteConfigQuery } from '../shared/site-config';
import type { RouteDefinition } from './route-table';

/** The `source` of visitors who came to the site directly; any other source is a hand-off. */
export const defaultSource = 'web';
/** `source=if` marks the page as embedded in the native apps (spec §2). */
export const inAppSource = 'if';

const mobileUserAgentPattern = /Android|iPhone|iPod|iPad|Mobile|Windows Phone|HarmonyOS|BlackBerry|Opera Mini/i;

export function isMobileUserAgent(userAgent: string): boolean {
  return mobileUserAgentPattern.test(userAgent);
}

/**
 * Spec §2: mobile browsers go to the mobile site, except on the agreement, login, sign-up,
 * invite and buy-crypto pages, and unless `source=if` or the brand variant. Returns the
 * address to go to, or null to stay.
 */
export function mobileRedirectTarget(input: {
  route: Pick<RouteDefinition, 'isMobileExempt'>;
  url: URL;
  userAgent: string;
  siteConfig: Pick<ServerInfo, 'mobileSiteUrl' | 'brandVariant'> | null;
}): string | null {
  const { route, url, userAgent, siteConfig } = input;
  if (!siteConfig?.mobileSiteUrl || siteConfig.brandVariant) return null;
  if (route.isMobileExempt || url.searchParams.get('source') === inAppSource) return null;
  if (!isMobileUserAgent(userAgent)) return null;
  const target = new URL(siteConfig.mobileSiteUrl);
  if (target.origin === url.origin) return null;
  target.pathname = `${target.pathname.replace(/\/$/, '')}${url.pathname}`;
  target.search = url.search;
  return target.toString();
}

/**
 * Spec §2: a `ticket` (the external session id) or a non-default `source` on the URL asks
 * the server for a session before the page opens.
 */
export function sessionRequestFor(url: URL, equipmentName: string): SessionRequest | null {
  const ticket = url.searchParams.get('ticket');
  const source = url.searchParams.get('source');
  if (ticket === null && source === null) return null;
  if (source === defaultSource || source === inAppSource) return null;
  return { exSessionId: ticket ?? '', source: source ?? defaultSource, equipmentName };
}

export interface SessionHandOff extends Pick<SessionGrant, 'twofaList' | 'preLoginToken' | 'userNo'> {
  equipmentName: string;
}

/** The last location the router settled on, so a refused navigation can stay there. */
let settledLocation: string | null = null;

export function rememberSettledLocation(location: string): void {
  settledLocation = location;
}

function withoutHandOffParams(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete('ticket');
  params.delete('source');
  const search = params.toString();
  return `${url.pathname}${search ? `?${search}` : ''}`;
}

export interface GuardEnvironment {
  queryClient: QueryClient;
  userAgent: () => string;
  goToExternal: (address: string) => void;
}

/**
 * The loader every route runs before it opens: the mobile redirect, the session-request
 * guard and, on asset pages, the asset summary (spec §2).
 */
export function createRouteLoader(route: RouteDefinition, environment: GuardEnvironment) {
  return async ({ request }: { request: Request }): Promise<Response | null> => {
    const url = new URL(request.url);
    const siteConfig = await environment.queryClient.ensureQueryData(siteConfigQuery).catch(() => null);
    const mobileTarget = mobileRedirectTarget({ route, url, userAgent: environment.userAgent(), siteConfig });
    if (mobileTarget) {
      environment.goToExternal(mobileTarget);
      return null;
    }

    const equipmentName = describeDevice(environment.userAgent());
    const sessionRequest = sessionRequestFor(url, equipmentName);
    if (sessionRequest) {
      try {
        const grant = await requestSession(sessionRequest, request.signal);
        const handOff: SessionHandOff = {
          twofaList: grant.twofaList,
          preLoginToken: grant.preLoginToken,
          userNo: grant.userNo,
          equipmentName,
        };
        sessionStorage.setItem(sessionHandOffStorageKey, JSON.stringify(handOff));
        return redirect(pathTo('loginPage'));
      } catch {
        // Refused: the navigation is cancelled, so stay where the user was.
        return redirect(settledLocation ?? withoutHandOffParams(url));
      }
    }

    if (route.requiresLogin) {
      // Logged out: the HTTP client has opened the login prompt; the page stays behind it.
      const user = await environment.queryClient.ensureQueryData(sessionUserQuery).catch(() => null);
      if (!user) return null;
    }

    if (route.isAssetPage) {
      // A failure has already shown its toast or the login prompt; the page opens with zeros.
      await environment.queryClient.ensureQueryData(assetSummaryQuery).catch(() => undefined);
    }
    return null;
  };
}
