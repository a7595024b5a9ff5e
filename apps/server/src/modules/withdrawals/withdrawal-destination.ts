import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { BitcoinNetwork } from '../chain/addresses/bitcoin-address';
import { checkWithdrawalAddress, type AddressChain } from '../chain/addresses/withdrawal-address';
import type { XrpNetwork } from '../chain/addresses/xrp-address';

export interface ResolvedDestination {
  /** Canonical form: EIP-55, lower-case bech32, classic XRP address. */
  address: string;
  tag: string | null;
  /** XRP without a tag: the customer must confirm it explicitly (§5). */
  needsTagConfirmation: boolean;
  /** The owner when the address is a Coffer customer's deposit address (internal withdrawal). */
  innerUserId: string | null;
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
}) {
  /** The customer owning a deposit address on the chain (XRP: address + destination tag), if any. */
  async function depositAddressOwner(chain: string, address: string, tag: string | null): Promise<string | null> {
    const row = await deps.db
      .selectFrom('deposit_address')
      .select('user_id')
      .where('chain', '=', chain)
      .where(sql<boolean>`lower(address) = ${address.toLowerCase()}`)
      .where(sql<boolean>`memo is not distinct from ${tag}`)
      .executeTakeFirst();
    return row?.user_id ?? null;
  }

  return {
    depositAddressOwner,

    /** Validates the address; answers its canonical form, or throws `invalidAddress` / `burnAddressRefused` / `invalidTag`. */
    validate(chain: string, address: string, tag: string | undefined | null): Omit<ResolvedDestination, 'innerUserId'> {
      if (!addressChains.has(chain)) throw new AppError('withdrawalNetworkNotSupported', {}, 'chain');
      const check = checkWithdrawalAddress({
        chain: chain as AddressChain,
        address,
        tag: tag ?? null,
        bitcoinNetwork: deps.bitcoinNetwork,
        xrpNetwork: deps.xrpNetwork,
      });
      if (!check.valid) {
        if (check.field === 'tag') throw new AppError('invalidTag', {}, 'tag');
        if (check.problem === 'zero-address' || check.problem === 'precompile') throw new AppError('burnAddressRefused', {}, 'address');
        throw new AppError('invalidAddress', {}, 'address');
      }
      // A tag typed for a chain without tags is a mistake, not something to drop silently.
      if (chain !== 'xrpl' && tag) throw new AppError('invalidTag', {}, 'tag');
      return { address: check.address, tag: check.tag, needsTagConfirmation: check.needsTagConfirmation };
    },

    async resolve(chain: string, address: string, tag: string | undefined | null): Promise<ResolvedDestination> {
      const valid = this.validate(chain, address, tag);
      const innerUserId = await depositAddressOwner(chain, valid.address, valid.tag);
      if (innerUserId === null) {
        const isContract = deps.contractCheckers.get(chain);
        if (isContract && (await isContract(valid.address))) throw new AppError('contractDestinationRefused', {}, 'address');
      }
      // An internal withdrawal needs no tag confirmation: the tag is the customer's own, or absent by design.
      return { ...valid, needsTagConfirmation: innerUserId === null && valid.needsTagConfirmation, innerUserId };
    },
  };
}

export type WithdrawalDestinations = ReturnType<typeof createWithdrawalDestinations>;
