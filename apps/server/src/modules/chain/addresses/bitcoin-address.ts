import { bech32, bech32m, createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';

export type BitcoinNetwork = 'mainnet' | 'testnet' | 'regtest';

interface NetworkPrefixes {
  /** Human-readable part of segwit addresses (BIP173). */
  hrp: string;
  /** Base58check version byte of P2PKH addresses. */
  pubKeyHash: number;
  /** Base58check version byte of P2SH addresses. */
  scriptHash: number;
  /** BIP44/BIP84 coin type: 0 on mainnet, 1 on every test network. */
  coinType: number;
}

/** Testnet and regtest share base58 version bytes (and coin type); only the bech32 HRP differs. */
export const bitcoinNetworks: Record<BitcoinNetwork, NetworkPrefixes> = {
  mainnet: { hrp: 'bc', pubKeyHash: 0x00, scriptHash: 0x05, coinType: 0 },
  testnet: { hrp: 'tb', pubKeyHash: 0x6f, scriptHash: 0xc4, coinType: 1 },
  regtest: { hrp: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, coinType: 1 },
};

export type BitcoinAddressKind = 'p2pkh' | 'p2sh' | 'p2wpkh' | 'p2wsh' | 'p2tr' | 'witness-unknown';

export type BitcoinAddressProblem =
  | 'empty'
  | 'not-an-address'
  | 'bad-checksum'
  | 'mixed-case'
  | 'wrong-network'
  | 'wrong-checksum-variant'
  | 'bad-witness-version'
  | 'bad-program-length'
  | 'bad-padding'
  | 'bad-version-byte';

export type BitcoinAddressCheck =
  { valid: true; kind: BitcoinAddressKind; scriptPubKey: Uint8Array; address: string } | { valid: false; problem: BitcoinAddressProblem };

export interface SegwitProgram {
  version: number;
  program: Uint8Array;
}

export type SegwitDecode = ({ ok: true } & SegwitProgram) | { ok: false; problem: BitcoinAddressProblem };

const base58check = createBase58check(sha256);

/**
 * Decodes a native segwit address for one HRP following BIP173 and BIP350: witness version 0
 * must use bech32 with a 20- or 32-byte program, versions 1 to 16 must use bech32m with a
 * 2- to 40-byte program.
 */
export function decodeSegwitAddress(expectedHrp: string, address: string): SegwitDecode {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return { ok: false, problem: 'mixed-case' };
  const lowered = address.toLowerCase();
  const separator = lowered.lastIndexOf('1');
  if (separator < 1) return { ok: false, problem: 'not-an-address' };
  if (lowered.slice(0, separator) !== expectedHrp) return { ok: false, problem: 'wrong-network' };
  if (![...lowered].every((char) => char.charCodeAt(0) >= 33 && char.charCodeAt(0) <= 126)) return { ok: false, problem: 'not-an-address' };

  const asBech32 = bech32.decodeUnsafe(lowered, 90);
  const asBech32m = asBech32 ? undefined : bech32m.decodeUnsafe(lowered, 90);
  const decoded = asBech32 ?? asBech32m;
  if (!decoded) return { ok: false, problem: 'bad-checksum' };
  const [version, ...programWords] = decoded.words;
  if (version === undefined) return { ok: false, problem: 'bad-program-length' };
  if (version > 16) return { ok: false, problem: 'bad-witness-version' };
  const wantsBech32m = version > 0;
  if (wantsBech32m !== Boolean(asBech32m)) return { ok: false, problem: 'wrong-checksum-variant' };
  const program = bech32.fromWordsUnsafe(programWords);
  if (!program) return { ok: false, problem: 'bad-padding' };
  if (program.length < 2 || program.length > 40) return { ok: false, problem: 'bad-program-length' };
  if (version === 0 && program.length !== 20 && program.length !== 32) return { ok: false, problem: 'bad-program-length' };
  return { ok: true, version, program };
}

export function encodeSegwitAddress(hrp: string, version: number, program: Uint8Array): string {
  // BIP173: encoders output lower case; an upper-case HRP would yield a mixed-case string.
  if (hrp === '' || hrp !== hrp.toLowerCase()) throw new Error('the HRP must be lower case');
  if (version < 0 || version > 16) throw new Error('witness version must be 0 to 16');
  if (program.length < 2 || program.length > 40) throw new Error('witness program must be 2 to 40 bytes');
  if (version === 0 && program.length !== 20 && program.length !== 32) throw new Error('a version 0 program is 20 or 32 bytes');
  const words = [version, ...bech32.toWords(program)];
  return version === 0 ? bech32.encode(hrp, words, 90) : bech32m.encode(hrp, words, 90);
}

/** `OP_n <push program>` as BIP141 defines the output script of a witness program. */
export function segwitScriptPubKey(version: number, program: Uint8Array): Uint8Array {
  return Uint8Array.from([version === 0 ? 0 : 0x50 + version, program.length, ...program]);
}

function segwitKind(version: number, programLength: number): BitcoinAddressKind {
  if (version === 0) return programLength === 20 ? 'p2wpkh' : 'p2wsh';
  if (version === 1 && programLength === 32) return 'p2tr';
  return 'witness-unknown';
}

function looksSegwit(address: string, hrp: string): boolean {
  return address.toLowerCase().startsWith(`${hrp}1`);
}

/**
 * Checks a withdrawal destination for one network: native segwit (any witness version, the
 * right HRP) or base58check P2PKH/P2SH with that network's version bytes. Answers the output
 * script the transaction must pay to.
 */
export function checkBitcoinAddress(address: string, network: BitcoinNetwork): BitcoinAddressCheck {
  const trimmed = address.trim();
  if (trimmed === '') return { valid: false, problem: 'empty' };
  const prefixes = bitcoinNetworks[network];

  const otherHrps = Object.values(bitcoinNetworks)
    .map((entry) => entry.hrp)
    .filter((hrp) => hrp !== prefixes.hrp);
  // "bcrt1…" also starts with "bc"; the longest matching HRP names the network the address is for.
  const hrpOfAddress = [prefixes.hrp, ...otherHrps].sort((a, b) => b.length - a.length).find((hrp) => looksSegwit(trimmed, hrp));
  if (hrpOfAddress !== undefined) {
    if (hrpOfAddress !== prefixes.hrp) return { valid: false, problem: 'wrong-network' };
    const decoded = decodeSegwitAddress(prefixes.hrp, trimmed);
    if (!decoded.ok) return { valid: false, problem: decoded.problem };
    return {
      valid: true,
      kind: segwitKind(decoded.version, decoded.program.length),
      scriptPubKey: segwitScriptPubKey(decoded.version, decoded.program),
      address: trimmed.toLowerCase(),
    };
  }

  let payload: Uint8Array;
  try {
    payload = base58check.decode(trimmed);
  } catch (error) {
    const isChecksum = error instanceof Error && /checksum/i.test(error.message);
    return { valid: false, problem: isChecksum ? 'bad-checksum' : 'not-an-address' };
  }
  if (payload.length !== 21) return { valid: false, problem: 'not-an-address' };
  const [version] = payload;
  const hash = payload.subarray(1);
  if (version === prefixes.pubKeyHash) {
    return { valid: true, kind: 'p2pkh', scriptPubKey: Uint8Array.from([0x76, 0xa9, 0x14, ...hash, 0x88, 0xac]), address: trimmed };
  }
  if (version === prefixes.scriptHash) {
    return { valid: true, kind: 'p2sh', scriptPubKey: Uint8Array.from([0xa9, 0x14, ...hash, 0x87]), address: trimmed };
  }
  const knownElsewhere = Object.values(bitcoinNetworks).some((entry) => entry.pubKeyHash === version || entry.scriptHash === version);
  return { valid: false, problem: knownElsewhere ? 'wrong-network' : 'bad-version-byte' };
}

export function encodeBase58Address(version: number, hash20: Uint8Array): string {
  return base58check.encode(Uint8Array.from([version, ...hash20]));
}

/** The address an output script pays, when it is one of the standard forms; `null` otherwise. */
export function addressOfScript(script: Uint8Array, network: BitcoinNetwork): string | null {
  const prefixes = bitcoinNetworks[network];
  const [first, second] = script;
  if (script.length === 25 && first === 0x76 && second === 0xa9 && script[2] === 0x14 && script[23] === 0x88 && script[24] === 0xac) {
    return encodeBase58Address(prefixes.pubKeyHash, script.subarray(3, 23));
  }
  if (script.length === 23 && first === 0xa9 && second === 0x14 && script[22] === 0x87) {
    return encodeBase58Address(prefixes.scriptHash, script.subarray(2, 22));
  }
  if (first !== undefined && second !== undefined && script.length === second + 2 && second >= 2 && second <= 40) {
    const version = first === 0 ? 0 : first >= 0x51 && first <= 0x60 ? first - 0x50 : -1;
    if (version < 0) return null;
    try {
      return encodeSegwitAddress(prefixes.hrp, version, script.subarray(2));
    } catch {
      return null;
    }
  }
  return null;
}
