import { fromBaseUnits, type DepositAddress, type DepositAddressQuery } from '@coffer/contract';
import QRCode from 'qrcode';
import type { Db } from '../../platform/db/database';
import { depositError } from './deposits.errors';
import { findDepositAddress, insertDepositAddress, takeAddressIndex } from './deposits.repository';
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

  /** The customer's address on `chain`, allocated on first use. */
  async function ensureAddress(userId: string, chain: string): Promise<DerivedAddress> {
    const depositChain = chains.get(chain);
    if (!depositChain) throw depositError('depositNotAvailable', {}, 'chain');
    const found = await findDepositAddress(db, userId, chain);
    if (found) return found;
    // The counter row stays locked until commit, so indexes are handed out one at a time;
    // a customer's second, concurrent request rolls back and reads the first one's address.
    const created = await db
      .transaction()
      .execute(async (trx) => {
        const index = await takeAddressIndex(trx, chain);
        const derived = depositChain.deriveAddress(index);
        const inserted = await insertDepositAddress(trx, { userId, chain, index, address: derived.address, memo: derived.memo });
        if (!inserted) throw new ConcurrentAllocation();
        return inserted;
      })
      .catch((error: unknown) => {
        if (error instanceof ConcurrentAllocation) return null;
        throw error;
      });
    return created ?? (await findDepositAddress(db, userId, chain))!;
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
