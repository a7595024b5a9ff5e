import { isIP } from 'node:net';
import { describeUserAgent, requestLocations, type RequestLocation } from '@coffer/contract';
import type { FastifyRequest } from 'fastify';

/** What the histories and sessions record about where a request came from. */
export interface RequestFacts {
  ip: string;
  device: string;
  clientKind: string;
  location: RequestLocation;
}

/** Without a geo-IP database only the kind of network is known; the web names it in the user's language. */
export function describeLocation(ip: string): RequestLocation {
  if (ip === '127.0.0.1' || ip === '::1' || ip.startsWith('::ffff:127.')) return 'loopback';
  if (isIP(ip) === 4 && /^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(ip)) return 'privateNetwork';
  return 'unknown';
}

/** History rows written before the location was a key hold its English text. */
const locationByEarlierText: Readonly<Record<string, RequestLocation>> = {
  Loopback: 'loopback',
  'Private network': 'privateNetwork',
  Unknown: 'unknown',
};

/** The location key of a stored history row. */
export function storedLocation(value: string): RequestLocation {
  if ((requestLocations as readonly string[]).includes(value)) return value as RequestLocation;
  return locationByEarlierText[value] ?? 'unknown';
}

// eslint-disable-next-line no-control-regex -- these are exactly the characters removed
const controlCharacters = /[\u0000-\u001f\u007f]/g;

/**
 * A device name a client sent, fit for the histories: control characters (which PostgreSQL
 * may refuse, turning bookkeeping into an error after a secret was checked) become spaces.
 */
export function deviceName(equipmentName: string | undefined): string {
  return (equipmentName ?? '').replace(controlCharacters, ' ').trim().slice(0, 100);
}

export function requestFacts(request: FastifyRequest, equipmentName?: string): RequestFacts {
  const device = deviceName(equipmentName) || deviceName(describeUserAgent(request.headers['user-agent']));
  return {
    ip: request.ip,
    device: `${device}${request.clientKind === 'web' ? '' : ` (${request.clientKind})`}`.slice(0, 120),
    clientKind: request.clientKind,
    location: describeLocation(request.ip),
  };
}

export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 2)}***@${domain}`;
}

export function maskPhone(phone: string | null): string | null {
  if (!phone) return null;
  return phone.length <= 4 ? '****' : `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}
