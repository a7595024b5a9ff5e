import { checkBitcoinAddress, type BitcoinAddressProblem, type BitcoinNetwork } from './bitcoin-address';
import { checkEvmAddress, type EvmAddressProblem } from './evm-address';
import { checkXrpAddress, checkXrpTag, type XrpAddressProblem, type XrpTagProblem } from './xrp-address';

/** Chain codes as `asset_chain.chain` names them. */
export type AddressChain = 'bitcoin' | 'ethereum' | 'xrpl';

export interface WithdrawalAddressInput {
  chain: AddressChain;
  address: string;
  /** XRP memo/destination tag as typed; ignored elsewhere. */
  tag?: string | null;
  /** Which Bitcoin network the platform runs on (regtest for the devnet). */
  bitcoinNetwork: BitcoinNetwork;
}

export type WithdrawalAddressCheck =
  | {
      valid: true;
      /** Canonical form to store and pay: lower-case bech32, EIP-55, classic XRP. */
      address: string;
      /** XRP destination tag (digits), from the tag field or an X-address. */
      tag: string | null;
      /** Spec §5: an XRP withdrawal without a tag must be confirmed by the customer first. */
      needsTagConfirmation: boolean;
    }
  | { valid: false; field: 'address'; problem: BitcoinAddressProblem | EvmAddressProblem | XrpAddressProblem }
  | { valid: false; field: 'tag'; problem: XrpTagProblem };

/**
 * The address rules of spec §5 for one destination. Refusals name the field and the precise
 * problem; the route maps any of them to `invalidAddress` (21000003) or a tag error.
 */
export function checkWithdrawalAddress(input: WithdrawalAddressInput): WithdrawalAddressCheck {
  switch (input.chain) {
    case 'bitcoin': {
      const check = checkBitcoinAddress(input.address, input.bitcoinNetwork);
      return check.valid
        ? { valid: true, address: check.address, tag: null, needsTagConfirmation: false }
        : { valid: false, field: 'address', problem: check.problem };
    }
    case 'ethereum': {
      const check = checkEvmAddress(input.address);
      return check.valid
        ? { valid: true, address: check.address, tag: null, needsTagConfirmation: false }
        : { valid: false, field: 'address', problem: check.problem };
    }
    case 'xrpl': {
      const address = checkXrpAddress(input.address);
      if (!address.valid) return { valid: false, field: 'address', problem: address.problem };
      const tag = checkXrpTag(input.tag);
      if (!tag.valid) return { valid: false, field: 'tag', problem: tag.problem };
      if (address.tag !== undefined) {
        // An X-address carries its own tag; a different one typed beside it is a contradiction.
        if (tag.tag !== null && tag.tag !== address.tag) return { valid: false, field: 'address', problem: 'tag-conflict' };
        return { valid: true, address: address.classicAddress, tag: address.tag, needsTagConfirmation: false };
      }
      return { valid: true, address: address.classicAddress, tag: tag.tag, needsTagConfirmation: tag.needsConfirmation };
    }
    default: {
      const never: never = input.chain;
      throw new Error(`unknown chain ${String(never)}`);
    }
  }
}
