import { createTestClient, createWalletClient, http } from 'viem';
import type { EvmNode } from '../src/modules/chain';
import { freeLoopbackPort } from '../src/platform/process/free-port';
import { deployTestTokens, localChainId, localFunder, startAnvil, type AnvilProcess } from '../src/modules/chain/devnets';

/**
 * Test-only: a local anvil chain with the test tokens deployed, and the node the chain modules
 * take over it. Mining only on demand: each transaction is a block of its own, `anvil_mine`
 * adds empty ones.
 */
export async function startTestEvmNode(): Promise<{ anvil: AnvilProcess; node: EvmNode }> {
  const anvil = await startAnvil({ port: await freeLoopbackPort(), chainId: localChainId, blockTimeSeconds: null, stateDir: null });
  try {
    const node: EvmNode = {
      rpcUrl: anvil.rpcUrl,
      chainId: localChainId,
      isEmbedded: true,
      tokens: await deployTestTokens(anvil.rpcUrl),
      funder: localFunder,
      stop: anvil.stop,
    };
    return { anvil, node };
  } catch (error) {
    // On failure the caller gets no process to stop: stop it here.
    await anvil.stop();
    throw error;
  }
}

/** A wallet client on the local chain (its funder, `localFunder`, is unlocked there). */
export function localWalletClient(rpcUrl: string) {
  const chain = {
    id: localChainId,
    name: 'anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  };
  return createWalletClient({ chain, transport: http(rpcUrl) });
}

/** anvil's test actions (mining, among others) on the local chain. */
export const anvilTestClient = (rpcUrl: string) => createTestClient({ mode: 'anvil', transport: http(rpcUrl) });
