/** Client-version header values of spec §7. */
export const clientKinds = ['web', 'android', 'ios'] as const;
export type ClientKind = (typeof clientKinds)[number];

export const headerNames = {
  languageType: 'language-type',
  clientVersion: 'client-version',
  jwtToken: 'jwt-token',
  requestId: 'x-request-id',
} as const;

/** Parses a client-version header such as `web`, `ios/3.2.1` or `android 5.0`. */
export function parseClientVersion(header: string | undefined): { kind: ClientKind; version: string | null } {
  const match = /^\s*(web|android|ios)(?:[\s/:_-]+(\S+))?\s*$/i.exec(header ?? '');
  if (!match) return { kind: 'web', version: null };
  return { kind: match[1]!.toLowerCase() as ClientKind, version: match[2] ?? null };
}
