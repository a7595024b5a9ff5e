/**
 * The back office's calls: operators (people of the platform, not customers) sign in here with
 * their own session cookie, scoped to `/admin`, which the customer API never reads.
 */
export const adminPaths = {
  /** POST `{ token }`: opens an activation, answering a fresh authenticator secret. */
  activateStart: '/admin/api/v1/activate/start',
  /** POST `{ token, password, totpCode }`: sets password and authenticator, activates, spends the link. */
  activateFinish: '/admin/api/v1/activate/finish',
  /** POST `{ email, password, totpCode }`: one step, both secrets required. */
  login: '/admin/api/v1/login',
  logout: '/admin/api/v1/logout',
  /** GET: the signed-in operator, role and permissions. */
  me: '/admin/api/v1/me',
  /** GET (operators.manage): every operator; POST (operators.manage): creates an operator, answering the one-time activation link. */
  operators: '/admin/api/v1/operators',
} as const;

/** The web page an activation link opens (`?token=…`). */
export const adminActivationPage = '/admin/activate';
