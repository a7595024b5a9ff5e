import type { ChainFaucet } from '..';
import { BITCOIN_CHAIN } from '../bitcoin';
import { evmChain } from '../evm/evm-addresses';
import type { EvmNode } from '../evm/evm-node';
import { XRP_CHAIN } from '../xrp';
import type { BitcoinDevnet } from './bitcoin-devnet';
import { createEvmFaucet, faucetDrops, isFaucetCoin } from './evm-faucet';
import type { XrpDevnet } from './xrp-devnet';

/** What one press of the dev faucet sends on the devnets, in base units. */
export const devnetFaucetDrops = { BTC: { amount: 5_000_000n, scale: 8 }, XRP: { amount: 100_000_000n, scale: 6 } } as const;

/** The local EVM chain's faucet: test ETH, USDT and USDC. */
export function evmDevFaucet(node: EvmNode): ChainFaucet {
  const faucet = createEvmFaucet(node);
  return {
    chain: evmChain,
    coins: Object.keys(faucetDrops),
    send: async (coin, to) => {
      if (!isFaucetCoin(coin)) throw new Error(`no faucet for ${coin}`);
      return faucet.send(coin, to as `0x${string}`);
    },
  };
}

export function bitcoinDevFaucet(devnet: BitcoinDevnet): ChainFaucet {
  return {
    chain: BITCOIN_CHAIN,
    coins: ['BTC'],
    async send(coin, to) {
      if (coin !== 'BTC') throw new Error(`no faucet for ${coin}`);
      const drop = devnetFaucetDrops.BTC;
      return { txid: await devnet.faucet(to, drop.amount), amount: drop.amount, scale: drop.scale };
    },
  };
}

export function xrpDevFaucet(devnet: XrpDevnet): ChainFaucet {
  return {
    chain: XRP_CHAIN,
    coins: ['XRP'],
    async send(coin, to, memo) {
      if (coin !== 'XRP') throw new Error(`no faucet for ${coin}`);
      const drop = devnetFaucetDrops.XRP;
      return { txid: await devnet.faucet(to, drop.amount, memo ? Number(memo) : undefined), amount: drop.amount, scale: drop.scale };
    },
  };
}
