import type { Db } from '../../platform/db/database';
import { withdrawalError } from './withdrawals.errors';
import { createDepositReads } from '../deposits';
import { checkWithdrawalAddress, type AddressChain, type BitcoinNetwork, type XrpNetwork } from '../chain';

export interface ResolvedDestination {
  /** Canonical form: EIP-55, lower-case bech32, classic XRP address. */
  address: string;
  tag: string | null;
  /** XRP without a tag: the customer must confirm it explicitly (§5). */
  needsTagConfirmation: boolean;
  /** The owner when the address is a Coffer customer's deposit address (internal withdrawal). */
  innerUserId: string | null;
}

/** The §5 destination rules, used by withdrawals, the address book and the wallet's `isInnerAddress`. */
export interface WithdrawalDestinations {
  /** The customer owning a deposit address on the chain (XRP: address + destination tag), if any. */
  depositAddressOwner(chain: string, address: string, tag: string | null): Promise<string | null>;
  /** Validates the address; answers its canonical form, or throws `invalidAddress` / `burnAddressRefused` / `invalidTag`. */
  validate(chain: string, address: string, tag: string | undefined | null): Omit<ResolvedDestination, 'innerUserId'>;
  /** Validates and resolves a destination: internal (a customer's deposit address) or not, contracts refused. */
  resolve(chain: string, address: string, tag: string | undefined | null): Promise<ResolvedDestination>;
}

const addressChains = new Set<string>(['bitcoin', 'ethereum', 'xrpl']);

/**
 * The §5 destination rules of one withdrawal: the address per chain (the chain libraries'
 * validation, on the platform's Bitcoin and XRP networks), the XRP tag, and whether it is
 * another Coffer customer's deposit address. The Ethereum zero address and precompiles are
 * refused by every call that takes an address (they burn the funds); smart-contract
 * destinations through the chain's `isContract` where it has one.
 */
export function createWithdrawalDestinations(deps: {
  db: Db;
  bitcoinNetwork: BitcoinNetwork;
  xrpNetwork: XrpNetwork;
  contractCheckers: Map<string, (address: string) => Promise<boolean>>;
}): WithdrawalDestinations {
  const deposits = createDepositReads(deps.db);
  /** The customer owning a deposit address on the chain (XRP: address + destination tag), if any: the deposits' one rule. */
  const depositAddressOwner = (chain: string, address: string, tag: string | null): Promise<string | null> =>
    deposits.depositAddressOwner(chain, address, tag);

  return {
    depositAddressOwner,

    /** Validates the address; answers its canonical form, or throws `invalidAddress` / `burnAddressRefused` / `invalidTag`. */
    validate(chain: string, address: string, tag: string | undefined | null): Omit<ResolvedDestination, 'innerUserId'> {
      if (!addressChains.has(chain)) throw withdrawalError('withdrawalNetworkNotSupported', {}, 'chain');
      const check = checkWithdrawalAddress({
        chain: chain as AddressChain,
        address,
        tag: tag ?? null,
        bitcoinNetwork: deps.bitcoinNetwork,
        xrpNetwork: deps.xrpNetwork,
      });
      if (!check.valid) {
        if (check.field === 'tag') throw withdrawalError('invalidTag', {}, 'tag');
        if (check.problem === 'zero-address' || check.problem === 'precompile') throw withdrawalError('burnAddressRefused', {}, 'address');
        throw withdrawalError('invalidAddress', {}, 'address');
      }
      // A tag typed for a chain without tags is a mistake, not something to drop silently.
      if (chain !== 'xrpl' && tag) throw withdrawalError('invalidTag', {}, 'tag');
      return { address: check.address, tag: check.tag, needsTagConfirmation: check.needsTagConfirmation };
    },

    async resolve(chain: string, address: string, tag: string | undefined | null): Promise<ResolvedDestination> {
      const valid = this.validate(chain, address, tag);
      const innerUserId = await depositAddressOwner(chain, valid.address, valid.tag);
      if (innerUserId === null) {
        const isContract = deps.contractCheckers.get(chain);
        if (isContract && (await isContract(valid.address))) throw withdrawalError('contractDestinationRefused', {}, 'address');
      }
      // An internal withdrawal needs no tag confirmation: the tag is the customer's own, or absent by design.
      return { ...valid, needsTagConfirmation: innerUserId === null && valid.needsTagConfirmation, innerUserId };
    },
  };
}
