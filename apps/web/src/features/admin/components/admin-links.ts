import { adminActivationPage } from '@coffer/contract/admin-paths';

/** The back office's pages, all under /admin, outside the customer's site and its session. */
export const adminLinks = {
  home: '/admin',
  login: '/admin/login',
  activate: adminActivationPage,
  customers: '/admin/customers',
  customer: (userId: string) => `/admin/customers/${encodeURIComponent(userId)}`,
  kyc: '/admin/kyc',
  kycApplication: (id: string) => `/admin/kyc/${encodeURIComponent(id)}`,
  limits: '/admin/limits',
  reconciliation: '/admin/reconciliation',
  audit: '/admin/audit',
  sanctions: '/admin/sanctions',
  operators: '/admin/operators',
  custody: '/admin/custody',
  custodyApplication: (id: string) => `/admin/custody/${encodeURIComponent(id)}`,
  billing: '/admin/custody-billing',
} as const;

/**
 * Where to go after login: the page the operator was sent away from, when it is a back-office
 * page of this site (never another site, never the login page itself).
 */
export function afterLoginTarget(redirect: string | null): string {
  if (!redirect || !redirect.startsWith('/admin') || redirect.startsWith('//')) return adminLinks.home;
  const path = redirect.split(/[?#]/)[0] ?? '';
  if (path === adminLinks.login || path === adminLinks.activate) return adminLinks.home;
  return redirect;
}

/** The login page, remembering the page to come back to. */
export function loginLinkFrom(location: { pathname: string; search: string }): string {
  const here = `${location.pathname}${location.search}`;
  return here === adminLinks.home || here === `${adminLinks.home}/`
    ? adminLinks.login
    : `${adminLinks.login}?redirect=${encodeURIComponent(here)}`;
}
