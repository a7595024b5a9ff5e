import { toBaseUnits } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import type { ApiKeyCaller } from '../../platform/http/api-key-request';
import { centsToString } from '../../platform/money/fiat-valuation';
import type { AddressBook } from './address-book.service';
import type { WithdrawalDestinations } from './withdrawal-destination';
import { usedCentsByApiKey } from './withdrawals.repository';
import { withdrawalError } from './withdrawals.errors';

/**
 * What an API key adds to a withdrawal it submits (issue 16), on top of the customer's own and
 * the KYC level's limits: its bound address-book entries, and its rolling 24-hour USD limit.
 */
export interface ApiKeyWithdrawalRules {
  /** Refuses a destination that is not one of the key's bound entries (when it has any). */
  assertDestinationBound(
    userId: string,
    apiKey: ApiKeyCaller,
    input: { chain: string; address: string; tag?: string | undefined },
  ): Promise<void>;
  /**
   * Refuses a withdrawal that would take the key's last-24-hour sum over its limit. Inside the
   * submission's transaction it runs after the customer's lock, so parallel submissions of one
   * key are counted one after another.
   */
  assertWithinKeyLimit(apiKey: ApiKeyCaller, cents: bigint, executor?: Db): Promise<void>;
}

export function createApiKeyWithdrawalRules(deps: {
  db: Db;
  destinations: Pick<WithdrawalDestinations, 'validate'>;
  addressBook: Pick<AddressBook, 'find'>;
}): ApiKeyWithdrawalRules {
  return {
    async assertDestinationBound(userId, apiKey, input) {
      if (apiKey.withdrawAddressIds.length === 0) return;
      const valid = deps.destinations.validate(input.chain, input.address, input.tag);
      const entry = await deps.addressBook.find(userId, input.chain, valid.address, valid.tag);
      if (!entry || !apiKey.withdrawAddressIds.includes(entry.id)) throw withdrawalError('apiKeyDestinationNotBound', {}, 'address');
    },

    async assertWithinKeyLimit(apiKey, cents, executor = deps.db) {
      if (apiKey.withdrawDailyUsd === null) return;
      const limit = toBaseUnits(apiKey.withdrawDailyUsd, 2);
      const used = await usedCentsByApiKey(executor, apiKey.id);
      if (used + cents > limit) throw withdrawalError('apiKeyWithdrawalLimitExceeded', { limit: centsToString(limit) }, 'amount');
    },
  };
}
