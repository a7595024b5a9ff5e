import { describeUserAgent } from '@coffer/contract/client';

/**
 * Where the route guard leaves what a granted session request handed over (spec §2 `ticket`),
 * for the login page to finish the sign-in with.
 */
export const sessionHandOffStorageKey = 'coffer.sessionHandOff';

/** A short device name for the session request, like "Chrome on Windows". */
export const describeDevice = describeUserAgent;
