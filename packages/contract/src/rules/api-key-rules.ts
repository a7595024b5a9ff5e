/**
 * Spec §5 API key rules, run by the server and the web form alike: label 1–50 characters;
 * bound IPs comma-separated, each valid (IPv4, IPv6 or a CIDR range of either), at most 10;
 * the customer's public key 20–200 characters and an Ed25519 key (issue 16: raw 32 bytes as
 * hex or base64, or SubjectPublicKeyInfo as base64 DER or PEM — what `openssl pkey -pubout` prints).
 */

export const apiKeyLabelMaxLength = 50;
export const apiKeyIpsMax = 10;
export const apiKeyPublicKeyMinLength = 20;
export const apiKeyPublicKeyMaxLength = 200;
export const apiKeyRights = ['read', 'trade', 'withdraw'] as const;
export type ApiKeyRight = (typeof apiKeyRights)[number];

// eslint-disable-next-line no-control-regex
const controlCharacters = /[\u0000-\u001f\u007f]/;

export function isValidApiKeyLabel(label: string): boolean {
  const trimmed = label.trim();
  return trimmed.length >= 1 && [...trimmed].length <= apiKeyLabelMaxLength && !controlCharacters.test(trimmed);
}

function ipv4Bytes(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const bytes = parts.map((part) => (/^(0|[1-9]\d{0,2})$/.test(part) ? Number(part) : NaN));
  return bytes.every((byte) => byte >= 0 && byte <= 255) ? bytes : null;
}

function ipv6Bytes(text: string): number[] | null {
  if (!/^[0-9A-Fa-f:.]+$/.test(text) || text.split('::').length > 2) return null;
  let tail: number[] = [];
  let body = text;
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.')) {
    const v4 = ipv4Bytes(text.slice(lastColon + 1));
    if (!v4) return null;
    tail = v4;
    const before = text.slice(0, lastColon + 1);
    body = before.endsWith('::') ? before : before.slice(0, -1);
  }
  const groupsWanted = (16 - tail.length) / 2;
  const [head, rest] = body.split('::') as [string, string | undefined];
  const parse = (side: string) => (side === '' ? [] : side.split(':'));
  const headGroups = parse(head);
  const restGroups = rest === undefined ? [] : parse(rest);
  if ([...headGroups, ...restGroups].some((group) => !/^[0-9A-Fa-f]{1,4}$/.test(group))) return null;
  const missing = groupsWanted - headGroups.length - restGroups.length;
  if (rest === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...headGroups, ...Array<string>(missing).fill('0'), ...restGroups];
  return [...groups.flatMap((group) => [parseInt(group, 16) >> 8, parseInt(group, 16) & 0xff]), ...tail];
}

/** An address or range in canonical form with its bytes and prefix length, or null when invalid. */
export interface IpRange {
  text: string;
  version: 4 | 6;
  bytes: number[];
  prefix: number;
}

export function parseIpRange(entry: string): IpRange | null {
  const [address, prefixText, extra] = entry.split('/');
  if (address === undefined || extra !== undefined) return null;
  const v4 = ipv4Bytes(address);
  const bytes = v4 ?? ipv6Bytes(address);
  if (!bytes) return null;
  const bits = bytes.length * 8;
  if (prefixText !== undefined && !/^(0|[1-9]\d{0,2})$/.test(prefixText)) return null;
  const prefix = prefixText === undefined ? bits : Number(prefixText);
  if (prefix > bits) return null;
  return { text: prefixText === undefined ? address : `${address}/${prefix}`, version: v4 ? 4 : 6, bytes, prefix };
}

/**
 * An IP allow-list field: comma-separated addresses or CIDR ranges (spaces around commas
 * allowed), at most `max` (an API key's 10 unless told), duplicates dropped. Answers the
 * entries, or the reason it is refused.
 */
export function parseIpWhitelist(
  text: string,
  max: number = apiKeyIpsMax,
): { ok: true; entries: string[] } | { ok: false; reason: 'invalid' | 'tooMany' } {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const entries: string[] = [];
  for (const part of parts) {
    const range = parseIpRange(part);
    if (!range) return { ok: false, reason: 'invalid' };
    if (!entries.includes(range.text)) entries.push(range.text);
  }
  if (entries.length > max) return { ok: false, reason: 'tooMany' };
  return { ok: true, entries };
}

/** Whether a client address (IPv4, IPv6 or IPv4-mapped IPv6) lies in one of the ranges. */
export function ipAllowed(clientIp: string, entries: readonly string[]): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(clientIp);
  const client = parseIpRange(mapped ? mapped[1]! : clientIp);
  if (!client) return false;
  return entries.some((entry) => {
    const range = parseIpRange(entry);
    if (!range || range.version !== client.version) return false;
    for (let bit = 0; bit < range.prefix; bit += 1) {
      const mask = 0x80 >> (bit % 8);
      if ((range.bytes[bit >> 3]! & mask) !== (client.bytes[bit >> 3]! & mask)) return false;
    }
    return true;
  });
}

const spkiEd25519Prefix = [0x30, 0x2a, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x03, 0x21, 0x00];

function base64Bytes(text: string): number[] | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text) || text.length % 4 !== 0) return null;
  try {
    return [...atob(text)].map((character) => character.charCodeAt(0));
  } catch {
    return null;
  }
}

/**
 * The 32 bytes of an Ed25519 public key given as 64 hex characters, base64 of the raw key,
 * base64 of its SubjectPublicKeyInfo DER, or that DER as PEM; null for anything else (an RSA
 * or EC key, garbage) and for a text outside 20–200 characters.
 */
export function ed25519PublicKeyBytes(text: string): Uint8Array | null {
  const trimmed = text.trim();
  if (trimmed.length < apiKeyPublicKeyMinLength || trimmed.length > apiKeyPublicKeyMaxLength) return null;
  if (/^[0-9A-Fa-f]{64}$/.test(trimmed)) return Uint8Array.from(trimmed.match(/../g)!.map((pair) => parseInt(pair, 16)));
  const pem = /^-----BEGIN PUBLIC KEY-----\s+([A-Za-z0-9+/=\s]+?)\s+-----END PUBLIC KEY-----$/.exec(trimmed);
  const bytes = base64Bytes(pem ? pem[1]!.replace(/\s+/g, '') : trimmed);
  if (!bytes) return null;
  if (bytes.length === 32 && !pem) return Uint8Array.from(bytes);
  if (bytes.length === 44 && spkiEd25519Prefix.every((byte, index) => bytes[index] === byte)) return Uint8Array.from(bytes.slice(12));
  return null;
}
