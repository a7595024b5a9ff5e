/** Operations probes and the web app's site configuration. */
export const systemPaths = {
  health: '/healthz',
  readiness: '/readyz',
  siteConfig: '/pfs/anon/v1/site-config',
} as const;
