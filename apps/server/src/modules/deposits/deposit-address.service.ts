import { fromBaseUnits, type DepositAddress, type DepositAddressQuery } from '@coffer/contract';
import QRCode from 'qrcode';
import type { Db } from '../../platform/db/database';
import { depositError } from './deposits.errors';
import { findDepositAddress, insertDepositAddress, takeAddressIndex, type AddressOwner } from './deposits.repository';
import type { DepositChain, DerivedAddress } from './deposit-chains';
import type { DepositSettings } from './deposit-settings';

/**
 * Each customer's, and each custody account's, deposit address per chain: a fresh HD index from
 * the chain's counter (one counter for both, so no two addresses collide), the address derived
 * from it, both stored; the same address is answered ever after.
 */
export interface DepositAddressService {
  /** The customer's address on the chain, derived and stored once. */
  ensureAddress(userId: string, chain: string): Promise<DerivedAddress>;
  depositAddress(userId: string, query: DepositAddressQuery): Promise<DepositAddress>;
  /**
   * A custody account's address for a coin on a network (issue 17), as a customer's; the
   * custody module calls it for an account it has found in the caller's organisation.
   */
  custodyDepositAddress(custodyAccountId: string, query: DepositAddressQuery): Promise<DepositAddress>;
}

export function createDepositAddressService(deps: {
  db: Db;
  settings: DepositSettings;
  chains: Map<string, DepositChain>;
}): DepositAddressService {
  const { db, settings, chains } = deps;

  /** The owner's address on `chain`, allocated on first use. */
  async function ensureAddress(owner: AddressOwner, chain: string): Promise<DerivedAddress> {
    const depositChain = chains.get(chain);
    if (!depositChain) throw depositError('depositNotAvailable', {}, 'chain');
    const found = await findDepositAddress(db, owner, chain);
    if (found) return found;
    // The counter row stays locked until commit, so indexes are handed out one at a time;
    // an owner's second, concurrent request rolls back and reads the first one's address.
    const created = await db
      .transaction()
      .execute(async (trx) => {
        const index = await takeAddressIndex(trx, chain);
        const derived = depositChain.deriveAddress(index);
        const inserted = await insertDepositAddress(trx, { owner, chain, index, address: derived.address, memo: derived.memo });
        if (!inserted) throw new ConcurrentAllocation();
        return inserted;
      })
      .catch((error: unknown) => {
        if (error instanceof ConcurrentAllocation) return null;
        throw error;
      });
    return created ?? (await findDepositAddress(db, owner, chain))!;
  }

  /** The recharge screen's address, QR code and rules for one coin on one network. */
  async function depositAddressOf(owner: AddressOwner, query: DepositAddressQuery): Promise<DepositAddress> {
    const setting = await settings.find(query.coin, query.chain);
    if (!setting || !setting.isDepositEnabled) throw depositError('depositNotAvailable', {}, 'coin');
    const derived = await ensureAddress(owner, query.chain);
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
  }

  return {
    ensureAddress: (userId, chain) => ensureAddress({ userId }, chain),
    depositAddress: (userId, query) => depositAddressOf({ userId }, query),
    custodyDepositAddress: (custodyAccountId, query) => depositAddressOf({ custodyAccountId }, query),
  };
}

class ConcurrentAllocation extends Error {}
