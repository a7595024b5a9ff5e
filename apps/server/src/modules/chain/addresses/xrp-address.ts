import { base58xrp } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { ripemd160 } from '@noble/hashes/legacy.js';

/** Version byte of a classic address (an account id) in XRP's base58check. */
const ACCOUNT_ID_VERSION = 0x00;
/** X-address prefixes (XLS-5d): mainnet "X…", testnet "T…". */
const X_ADDRESS_PREFIX = { mainnet: [0x05, 0x44], testnet: [0x04, 0x93] } as const;

/** The XRP network the platform runs on: `testnet` for the devnet and test networks. */
export type XrpNetwork = 'mainnet' | 'testnet';

export type XrpAddressProblem = 'empty' | 'not-an-address' | 'bad-checksum' | 'tag-conflict';

export type XrpAddressCheck =
  | {
      valid: true;
      /** Classic address to pay. */
      classicAddress: string;
      accountId: Uint8Array;
      /** Destination tag carried by an X-address. */
      tag?: string;
      format: 'classic' | 'x-address';
      isTestnet: boolean;
    }
  | { valid: false; problem: XrpAddressProblem };

function checksum(payload: Uint8Array): Uint8Array {
  return sha256(sha256(payload)).subarray(0, 4);
}

function encodeChecked(payload: Uint8Array): string {
  return base58xrp.encode(Uint8Array.from([...payload, ...checksum(payload)]));
}

function decodeChecked(text: string): Uint8Array | 'not-base58' | 'bad-checksum' {
  let bytes: Uint8Array;
  try {
    bytes = base58xrp.decode(text);
  } catch {
    return 'not-base58';
  }
  if (bytes.length < 5) return 'not-base58';
  const payload = bytes.subarray(0, -4);
  const expected = checksum(payload);
  return bytes.subarray(-4).every((byte, i) => byte === expected[i]) ? payload : 'bad-checksum';
}

/** Account id = RIPEMD160(SHA256(33-byte compressed secp256k1 public key)). */
export function xrpAccountId(compressedPublicKey: Uint8Array): Uint8Array {
  if (compressedPublicKey.length !== 33) throw new Error('expected a 33-byte compressed public key');
  return ripemd160(sha256(compressedPublicKey));
}

export function encodeClassicAddress(accountId: Uint8Array): string {
  if (accountId.length !== 20) throw new Error('an account id is 20 bytes');
  return encodeChecked(Uint8Array.from([ACCOUNT_ID_VERSION, ...accountId]));
}

export function xrpAddressFromPublicKey(compressedPublicKey: Uint8Array): string {
  return encodeClassicAddress(xrpAccountId(compressedPublicKey));
}

export function encodeXAddress(accountId: Uint8Array, tag: number | null, isTestnet: boolean): string {
  if (accountId.length !== 20) throw new Error('an account id is 20 bytes');
  if (tag !== null && (!Number.isInteger(tag) || tag < 0 || tag > 0xffffffff)) throw new Error('a tag is a uint32');
  const payload = new Uint8Array(31);
  payload.set(isTestnet ? X_ADDRESS_PREFIX.testnet : X_ADDRESS_PREFIX.mainnet, 0);
  payload.set(accountId, 2);
  payload[22] = tag === null ? 0 : 1;
  new DataView(payload.buffer).setUint32(23, tag ?? 0, true);
  return encodeChecked(payload);
}

/** Decodes a classic address (`r…`) or an X-address (`X…`/`T…`, with its optional tag). */
export function checkXrpAddress(address: string): XrpAddressCheck {
  const trimmed = address.trim();
  if (trimmed === '') return { valid: false, problem: 'empty' };
  const decoded = decodeChecked(trimmed);
  if (decoded === 'not-base58') return { valid: false, problem: 'not-an-address' };
  if (decoded === 'bad-checksum') return { valid: false, problem: 'bad-checksum' };

  if (decoded.length === 21 && decoded[0] === ACCOUNT_ID_VERSION) {
    const accountId = decoded.slice(1);
    return { valid: true, classicAddress: trimmed, accountId, format: 'classic', isTestnet: false };
  }
  if (decoded.length === 31) {
    const isMainnet = decoded[0] === X_ADDRESS_PREFIX.mainnet[0] && decoded[1] === X_ADDRESS_PREFIX.mainnet[1];
    const isTestnet = decoded[0] === X_ADDRESS_PREFIX.testnet[0] && decoded[1] === X_ADDRESS_PREFIX.testnet[1];
    const flag = decoded[22];
    const view = new DataView(decoded.buffer, decoded.byteOffset, decoded.byteLength);
    const tag = view.getUint32(23, true);
    const reserved = view.getUint32(27, true);
    // Flag 1 with a 64-bit tag is reserved by the format and not usable on the ledger.
    if ((isMainnet || isTestnet) && (flag === 0 || flag === 1) && reserved === 0 && (flag === 1 || tag === 0)) {
      const accountId = decoded.slice(2, 22);
      return {
        valid: true,
        classicAddress: encodeClassicAddress(accountId),
        accountId,
        ...(flag === 1 ? { tag: String(tag) } : {}),
        format: 'x-address',
        isTestnet,
      };
    }
  }
  return { valid: false, problem: 'not-an-address' };
}

export type XrpTagProblem = 'too-long' | 'not-digits' | 'out-of-range';

export type XrpTagCheck = { valid: true; tag: string | null; needsConfirmation: boolean } | { valid: false; problem: XrpTagProblem };

const MAX_TAG_LENGTH = 10;

/**
 * Spec §5: the memo tag has at most 10 characters, and leaving it empty asks the customer to
 * confirm (exchanges and custodians often need one). XRP carries it as `DestinationTag`, a
 * uint32, so a tag must be decimal digits not above 4294967295 — the 10-character limit is
 * exactly the length of the largest uint32. Leading zeros are refused because they would not
 * survive the round trip through the ledger.
 */
export function checkXrpTag(tag: string | null | undefined): XrpTagCheck {
  const trimmed = (tag ?? '').trim();
  if (trimmed === '') return { valid: true, tag: null, needsConfirmation: true };
  if (trimmed.length > MAX_TAG_LENGTH) return { valid: false, problem: 'too-long' };
  if (!/^(0|[1-9][0-9]*)$/.test(trimmed)) return { valid: false, problem: 'not-digits' };
  if (BigInt(trimmed) > 0xffffffffn) return { valid: false, problem: 'out-of-range' };
  return { valid: true, tag: trimmed, needsConfirmation: false };
}
