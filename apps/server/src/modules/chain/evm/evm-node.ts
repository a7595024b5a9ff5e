import { createPublicClient, createWalletClient, getAddress, http, type Address, type PublicClient, type WalletClient } from 'viem';
import type { AppConfig } from '../../../platform/config';

/** The ERC-20 tokens of the catalogue on the EVM network. */
export type EvmTokenAsset = 'USDT' | 'USDC';
export type EvmTokens = Record<EvmTokenAsset, Address>;

export interface EvmNode {
  rpcUrl: string;
  chainId: number;
  /** True for the local anvil chain of the embedded default (test coins, faucet). */
  isEmbedded: boolean;
  tokens: EvmTokens;
  /** The funded, unlocked account of the local chain; `null` against a real node. */
  funder: Address | null;
  stop(): Promise<void>;
}

/** A viem client for one node; `cacheTime: 0` so every tip poll reaches the node. */
export function evmPublicClient(rpcUrl: string): PublicClient {
  return createPublicClient({
    transport: http(rpcUrl, { batch: { wait: 0 }, retryCount: 2, timeout: 15_000 }),
    cacheTime: 0,
    pollingInterval: 250,
  });
}

export function evmWalletClient(rpcUrl: string): WalletClient {
  return createWalletClient({ transport: http(rpcUrl, { retryCount: 0, timeout: 15_000 }) });
}

/**
 * A configured EVM node (`EVM_RPC_URL`) with the configured token contracts. The local chain
 * of the embedded default is the devnets' (`devnets/local-evm-chain.ts`).
 */
export async function connectEvmNode(config: Pick<AppConfig, 'EVM_RPC_URL' | 'USDT_CONTRACT' | 'USDC_CONTRACT'>): Promise<EvmNode> {
  if (!config.EVM_RPC_URL) throw new Error('EVM_RPC_URL is not set');
  if (!config.USDT_CONTRACT || !config.USDC_CONTRACT) throw new Error('USDT_CONTRACT and USDC_CONTRACT are required with EVM_RPC_URL');
  const chainId = await evmPublicClient(config.EVM_RPC_URL).getChainId();
  return {
    rpcUrl: config.EVM_RPC_URL,
    chainId,
    isEmbedded: false,
    tokens: { USDT: getAddress(config.USDT_CONTRACT), USDC: getAddress(config.USDC_CONTRACT) },
    funder: null,
    stop: async () => {},
  };
}
