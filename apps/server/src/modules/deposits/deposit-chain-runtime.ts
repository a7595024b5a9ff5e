import type { AppConfig } from '../../platform/config';
import type { Logger } from '../../platform/observability/logger';
import { createEvmAddressDeriver, evmChain } from '../chain/evm/evm-addresses';
import { createEvmChainSource } from '../chain/evm/evm-chain-source';
import { createEvmFaucet, faucetDrops, isFaucetCoin } from '../chain/evm/evm-faucet';
import { evmPublicClient, provideEvmNode, type EvmNode } from '../chain/evm/evm-node';
import { provideHdSeed, type HdSeed } from '../chain/hd-seed';
import type { DepositChain } from './deposit-chains';
import type { DevFaucet } from './dev-faucet.service';

export interface DepositChains {
  chains: DepositChain[];
  faucets: DevFaucet[];
  /** The HD master seed, for the other chains' derivations; never log it. */
  seed: HdSeed;
  evm: EvmNode;
  stop(): Promise<void>;
}

/** The EVM chain as a deposit chain: derived addresses, block reader, token contracts. */
export function evmDepositChain(node: EvmNode, seed: HdSeed): DepositChain {
  const deriver = createEvmAddressDeriver(seed);
  return {
    chain: deriver.chain,
    deriveAddress: (index) => deriver.derive(index),
    source: createEvmChainSource(evmPublicClient(node.rpcUrl), node.tokens),
    contracts: { ...node.tokens },
  };
}

/** The local chain's faucet as the deposits module sees it. */
export function evmDevFaucet(node: EvmNode): DevFaucet {
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

/**
 * Start-up of the deposit chains: the HD seed, then the EVM node (anvil on loopback in the
 * embedded default, `EVM_RPC_URL` otherwise). `stop` stops what was started.
 */
export async function provideDepositChains(config: AppConfig, logger: Logger): Promise<DepositChains> {
  const { seed, source } = await provideHdSeed(config, logger);
  logger.info({ source }, 'HD master seed ready');
  const evm = await provideEvmNode(config, logger);
  return {
    chains: [evmDepositChain(evm, seed)],
    faucets: evm.isEmbedded ? [evmDevFaucet(evm)] : [],
    seed,
    evm,
    stop: evm.stop,
  };
}
