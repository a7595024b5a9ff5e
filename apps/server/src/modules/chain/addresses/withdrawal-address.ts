import { checkBitcoinAddress, type BitcoinAddressProblem, type BitcoinNetwork } from './bitcoin-address';
import { burnedEvmDestination, checkEvmAddress, type EvmAddressProblem, type EvmDestinationRefusal } from './evm-address';
import { checkXrpAddress, checkXrpTag, type XrpAddressProblem, type XrpNetwork, type XrpTagProblem } from './xrp-address';

/** Chain codes as `asset_chain.chain` names them. */
export type AddressChain = 'bitcoin' | 'ethereum' | 'xrpl';

export interface WithdrawalAddressInput {
  chain: AddressChain;
  address: string;
  /** XRP memo/destination tag as typed; ignored elsewhere. */
  tag?: string | null;
  /** Which Bitcoin network the platform runs on (regtest for the devnet). */
  bitcoinNetwork: BitcoinNetwork;
  /** Which XRP network the platform runs on (testnet for the devnet): X-addresses name theirs. */
  xrpNetwork: XrpNetwork;
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
  | {
      valid: false;
      field: 'address';
      problem: BitcoinAddressProblem | EvmAddressProblem | XrpAddressProblem | 'wrong-network' | Exclude<EvmDestinationRefusal, 'contract'>;
    }
  | { valid: false; field: 'tag'; problem: XrpTagProblem };

/**
 * The address rules of spec §5 for one destination. Refusals name the field and the precise
 * problem; the route maps them to `invalidAddress` (21000003), `burnAddressRefused` (the zero
 * address and the precompiles of Ethereum, where funds are lost) or a tag error.
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
      if (!check.valid) return { valid: false, field: 'address', problem: check.problem };
      const burned = burnedEvmDestination(check.address);
      if (burned) return { valid: false, field: 'address', problem: burned };
      return { valid: true, address: check.address, tag: null, needsTagConfirmation: false };
    }
    case 'xrpl': {
      const address = checkXrpAddress(input.address);
      if (!address.valid) return { valid: false, field: 'address', problem: address.problem };
      // A test network's X-address (T…) names an account of that network, not of this one (and X… the reverse).
      if (address.format === 'x-address' && address.isTestnet !== (input.xrpNetwork === 'testnet'))
        return { valid: false, field: 'address', problem: 'wrong-network' };
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
