import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';

export type EvmAddressProblem = 'empty' | 'not-an-address' | 'bad-checksum';

export type EvmAddressCheck = { valid: true; address: string; checksummed: boolean } | { valid: false; problem: EvmAddressProblem };

/** EIP-55: a hex letter is upper case when the matching nibble of keccak256(lowercase hex) is 8 or more. */
export function toChecksumAddress(address: string): string {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new Error('not a 20-byte hex address');
  const lower = address.slice(2).toLowerCase();
  const hash = bytesToHex(keccak_256(new TextEncoder().encode(lower)));
  let result = '0x';
  for (let i = 0; i < lower.length; i += 1) {
    const char = lower.charAt(i);
    result += parseInt(hash.charAt(i), 16) >= 8 ? char.toUpperCase() : char;
  }
  return result;
}

/** Address of a public key (65-byte uncompressed or 33-byte compressed is decompressed by the caller). */
export function evmAddressFromUncompressedKey(publicKey: Uint8Array): string {
  if (publicKey.length !== 65 || publicKey[0] !== 0x04) throw new Error('expected a 65-byte uncompressed public key');
  return toChecksumAddress(`0x${bytesToHex(keccak_256(publicKey.subarray(1)).subarray(12))}`);
}

/**
 * All-lowercase and all-uppercase hex carry no checksum and are accepted as EIP-55 allows;
 * mixed case must match the checksum exactly. Answers the checksummed form either way.
 */
export function checkEvmAddress(address: string): EvmAddressCheck {
  const trimmed = address.trim();
  if (trimmed === '') return { valid: false, problem: 'empty' };
  if (!/^0x[0-9a-fA-F]{40}$/.test(trimmed)) return { valid: false, problem: 'not-an-address' };
  const body = trimmed.slice(2);
  const checksummed = toChecksumAddress(trimmed);
  const isUniformCase = body === body.toLowerCase() || body === body.toUpperCase();
  if (!isUniformCase && checksummed !== trimmed) return { valid: false, problem: 'bad-checksum' };
  return { valid: true, address: checksummed, checksummed: !isUniformCase };
}

export type EvmDestinationRefusal = 'zero-address' | 'precompile' | 'contract';

/** P256VERIFY (RIP-7212, EIP-7951 in Osaka): the one precompile outside 0x01–0x11. */
const P256_VERIFY = 0x100n;

/**
 * Destinations that burn what is sent to them, known without a node: the zero address, and the
 * precompiles 0x01–0x11 (Prague) and 0x100. None of them has code a node would answer, and
 * nobody holds their keys. Answers `null` for any other address (and for a malformed one,
 * which `checkEvmAddress` refuses on its own).
 */
export function burnedEvmDestination(address: string): Exclude<EvmDestinationRefusal, 'contract'> | null {
  const check = checkEvmAddress(address);
  if (!check.valid) return null;
  const value = BigInt(check.address);
  if (value === 0n) return 'zero-address';
  if (value <= 0x11n || value === P256_VERIFY) return 'precompile';
  return null;
}

/**
 * Spec §5 refuses smart-contract destinations. The zero address and the precompiles are known
 * without a node (`burnedEvmDestination`); anything else is a contract when the node answers
 * code for it — including an EIP-7702 delegated account, whose code runs on receipt.
 * `getCode` answers the deployed bytecode as hex (`0x` or undefined when there is none), e.g.
 * viem's `publicClient.getCode({ address })`.
 */
export async function refusedEvmDestination(
  address: string,
  getCode: (address: `0x${string}`) => Promise<string | undefined | null>,
): Promise<EvmDestinationRefusal | null> {
  const check = checkEvmAddress(address);
  if (!check.valid) throw new Error('check the address with checkEvmAddress first');
  const burned = burnedEvmDestination(check.address);
  if (burned) return burned;
  const code = await getCode(check.address as `0x${string}`);
  return code && code !== '0x' ? 'contract' : null;
}
