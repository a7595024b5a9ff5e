import type { CustodyDepositAddress, DepositAddressQuery } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import type { DepositAddressService } from '../deposits';
import { findAccount } from './accounts.repository';
import { custodyError } from './custody.errors';
import { inOrganisation } from './tenant-transaction';

export interface CustodyDepositAddresses {
  /** The deposit address of one of the organisation's accounts for a coin on a network, derived once. */
  depositAddress(orgId: string, accountId: string, query: DepositAddressQuery): Promise<CustodyDepositAddress>;
}

/**
 * A custody account's deposit addresses (issue 17 item 6): the account must be the caller's
 * organisation's (another's is not found), then the deposits module derives and keeps the address
 * from the same per-chain HD counter as the customers' and answers it with its QR code.
 */
export function createCustodyDepositAddresses(deps: {
  db: Db;
  addresses: Pick<DepositAddressService, 'custodyDepositAddress'> | null;
}): CustodyDepositAddresses {
  return {
    async depositAddress(orgId, accountId, query) {
      const account = await inOrganisation(deps.db, orgId, (trx) => findAccount(trx, accountId));
      if (!account) throw custodyError('noMatchingData', {}, 'id');
      if (!deps.addresses) throw custodyError('depositNotAvailable', {}, 'chain');
      return { ...(await deps.addresses.custodyDepositAddress(account.id, query)), accountId: account.id };
    },
  };
}
