/**
 * The signed-in customer's live channel: a WebSocket that tells the customer's open pages
 * when their balances changed (a deposit credited, a trade settled, a withdrawal held or
 * sent), so they refetch instead of waiting for a reload. It carries no amounts: the pages
 * read them through the ordinary calls. Authenticated like any call (the session cookie or
 * the native apps' `jwt-token` header); a socket only ever hears its own customer's events.
 */
export const accountEventPaths = {
  accountSocket: '/ws/account',
} as const;

/** Messages the server sends on the account socket; the client sends none. */
export type AccountSocketMessage =
  /** Subscribed: from now on every change is announced (anything earlier is already readable). */
  | { type: 'ready' }
  /** Balances (and the records that move them) changed: read them again. */
  | { type: 'balances' }
  /** Refused or ended: the envelope code and its message in the caller's language; the socket closes. */
  | { type: 'error'; code: number; message: string };

/** Close codes of the account socket beyond the standard ones (1001 server stopping, 1011 unavailable). */
export const accountSocketCloseCodes = {
  /** Not signed in, or the session ended (log out, password change, expiry): reconnecting needs a new session. */
  sessionEnded: 4401,
} as const;
