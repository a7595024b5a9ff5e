import { fromBaseUnits, type DevFaucetResult } from '@coffer/contract';
import { depositError } from './deposits.errors';
import type { DepositAddressService } from './deposit-address.service';

/** A local chain's faucet: sends test coins to an address on it. */
export interface DevFaucet {
  chain: string;
  coins: readonly string[];
  /** `memo`: the customer's destination tag where the chain shares one address (XRP). */
  send(coin: string, to: string, memo: string | null): Promise<{ txid: string; amount: bigint; scale: number }>;
}

/**
 * The recharge screen's dev faucet (embedded default only): test coins to the signed-in
 * customer's own deposit address, so a real deposit can be watched arriving.
 */
export interface DevFaucetService {
  /** Sends test coins to the customer's deposit address on the local chain. */
  drip(userId: string, coin: string): Promise<DevFaucetResult>;
}

export function createDevFaucetService(deps: { faucets: DevFaucet[]; addresses: DepositAddressService }): DevFaucetService {
  return {
    async drip(userId: string, coin: string): Promise<DevFaucetResult> {
      const faucet = deps.faucets.find((candidate) => candidate.coins.includes(coin));
      if (!faucet) throw depositError('faucetCoinNotSupported', {}, 'coin');
      const { address, memo } = await deps.addresses.ensureAddress(userId, faucet.chain);
      let sent: Awaited<ReturnType<DevFaucet['send']>>;
      try {
        sent = await faucet.send(coin, address, memo);
      } catch {
        throw depositError('chainUnavailable');
      }
      return { coin, chain: faucet.chain, amount: fromBaseUnits(sent.amount, sent.scale), address, txid: sent.txid };
    },
  };
}
