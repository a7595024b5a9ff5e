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

/** A short device name from a User-Agent, like "Chrome on Windows" (histories, session requests). */
export function describeUserAgent(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\/|Chromium\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : ua === ''
            ? 'Unknown client'
            : ua.split(/[\s/]/)[0]!.slice(0, 40);
  const system = /Windows/.test(ua)
    ? 'Windows'
    : /Android/.test(ua)
      ? 'Android'
      : /iPhone|iPad|iPod/.test(ua)
        ? 'iOS'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : null;
  return system ? `${browser} on ${system}` : browser;
}
