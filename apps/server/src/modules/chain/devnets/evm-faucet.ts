import { createWalletClient, http, type Address, type Chain } from 'viem';
import { cofferTestTokenAbi } from './contracts/coffer-test-token.artifact';
import type { EvmNode, EvmTokenAsset } from '../evm/evm-node';

/** What one press of the dev faucet sends, in base units. */
export const faucetDrops: Record<'ETH' | EvmTokenAsset, { amount: bigint; scale: number }> = {
  ETH: { amount: 10n ** 18n, scale: 18 },
  USDT: { amount: 1_000n * 10n ** 6n, scale: 6 },
  USDC: { amount: 1_000n * 10n ** 6n, scale: 6 },
};

export type FaucetCoin = keyof typeof faucetDrops;

export const isFaucetCoin = (coin: string): coin is FaucetCoin => Object.hasOwn(faucetDrops, coin);

/**
 * The dev faucet of the local chain: test ETH from anvil's funded account, test USDT/USDC
 * minted by the token contracts' minter (the same account). Only for an embedded node.
 */
export interface EvmFaucet {
  /** Sends one drop of `coin` to `to`; answers the transaction id (mined with the next block). */
  send(coin: FaucetCoin, to: Address): Promise<{ txid: string; amount: bigint; scale: number }>;
}

export function createEvmFaucet(node: EvmNode): EvmFaucet {
  const funder = node.funder;
  if (!node.isEmbedded || !funder) throw new Error('the faucet runs only on the local chain');
  const chain: Chain = {
    id: node.chainId,
    name: 'Coffer local chain',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [node.rpcUrl] } },
  };
  const wallet = createWalletClient({ chain, transport: http(node.rpcUrl, { retryCount: 0 }) });

  return {
    /** Sends one drop of `coin` to `to`; answers the transaction id (mined with the next block). */
    async send(coin: FaucetCoin, to: Address): Promise<{ txid: string; amount: bigint; scale: number }> {
      const drop = faucetDrops[coin];
      const txid =
        coin === 'ETH'
          ? await wallet.sendTransaction({ account: funder, to, value: drop.amount })
          : await wallet.writeContract({
              account: funder,
              address: node.tokens[coin],
              abi: cofferTestTokenAbi,
              functionName: 'mint',
              args: [to, drop.amount],
            });
      return { txid, amount: drop.amount, scale: drop.scale };
    },
  };
}
