import { fromBaseUnits, type DepositAddress, type DepositAddressQuery } from '@coffer/contract';
import { sql } from 'kysely';
import QRCode from 'qrcode';
import type { Db } from '../../platform/db/database';
import { depositError } from './deposits.errors';
import type { DepositChain, DerivedAddress } from './deposit-chains';
import type { DepositSettings } from './deposit-settings';

/**
 * Each customer's deposit address per chain: a fresh HD index from the chain's counter, the
 * address derived from it, both stored; the same address is answered ever after.
 */
export interface DepositAddressService {
  /** The customer's address on the chain, derived and stored once. */
  ensureAddress(userId: string, chain: string): Promise<DerivedAddress>;
  depositAddress(userId: string, query: DepositAddressQuery): Promise<DepositAddress>;
}

export function createDepositAddressService(deps: {
  db: Db;
  settings: DepositSettings;
  chains: Map<string, DepositChain>;
}): DepositAddressService {
  const { db, settings, chains } = deps;

  async function existing(userId: string, chain: string): Promise<DerivedAddress | undefined> {
    return db
      .selectFrom('deposit_address')
      .select(['address', 'memo'])
      .where('user_id', '=', userId)
      .where('chain', '=', chain)
      .executeTakeFirst();
  }

  /** The customer's address on `chain`, allocated on first use. */
  async function ensureAddress(userId: string, chain: string): Promise<DerivedAddress> {
    const depositChain = chains.get(chain);
    if (!depositChain) throw depositError('depositNotAvailable', {}, 'chain');
    const found = await existing(userId, chain);
    if (found) return found;
    // The counter row stays locked until commit, so indexes are handed out one at a time;
    // a customer's second, concurrent request rolls back and reads the first one's address.
    const created = await db
      .transaction()
      .execute(async (trx) => {
        const counter = await sql<{ index: number }>`
        insert into deposit_address_counter (chain, next_index) values (${chain}, 1)
        on conflict (chain) do update set next_index = deposit_address_counter.next_index + 1
        returning next_index - 1 as index`.execute(trx);
        const index = counter.rows[0]!.index;
        const derived = depositChain.deriveAddress(index);
        const inserted = await trx
          .insertInto('deposit_address')
          .values({ user_id: userId, chain, derivation_index: index, address: derived.address, memo: derived.memo })
          .onConflict((conflict) => conflict.constraint('deposit_address_one_per_customer').doNothing())
          .returning(['address', 'memo'])
          .executeTakeFirst();
        if (!inserted) throw new ConcurrentAllocation();
        return inserted;
      })
      .catch((error: unknown) => {
        if (error instanceof ConcurrentAllocation) return null;
        throw error;
      });
    return created ?? (await existing(userId, chain))!;
  }

  return {
    ensureAddress,

    /** The recharge screen's address, QR code and rules for one coin on one network. */
    async depositAddress(userId: string, query: DepositAddressQuery): Promise<DepositAddress> {
      const setting = await settings.find(query.coin, query.chain);
      if (!setting || !setting.isDepositEnabled) throw depositError('depositNotAvailable', {}, 'coin');
      const derived = await ensureAddress(userId, query.chain);
      const qrCode = await QRCode.toDataURL(derived.address, { errorCorrectionLevel: 'M', margin: 1, width: 256 });
      return {
        coin: setting.asset,
        chain: setting.chain,
        address: derived.address,
        memo: derived.memo,
        qrCode,
        minDeposit: fromBaseUnits(setting.minDeposit, setting.scale),
        confirmationsToCredit: setting.confirmationsToCredit,
        tokenStandard: setting.tokenStandard,
        contractAddress: chains.get(query.chain)?.contracts?.[setting.asset] ?? setting.contractAddress,
      };
    },
  };
}

class ConcurrentAllocation extends Error {}
