import { createWalletClient, erc20Abi, http, type Chain } from 'viem';
import type { HotWalletFunding } from '..';
import type { Logger } from '../../../platform/observability/logger';
import { bitcoinHotWalletAddress } from '../bitcoin';
import { evmPublicClient, type EvmNode } from '../evm/evm-node';
import { evmHotWallet } from '../evm/evm-sender';
import type { HdSeed } from '../hd-seed';
import { xrpHotWalletAddress } from '../xrp';
import type { BitcoinDevnet } from './bitcoin-devnet';
import { cofferTestTokenAbi } from './contracts/coffer-test-token.artifact';
import type { XrpDevnet } from './xrp-devnet';

/** What the embedded default tops the hot wallet up with when it runs low on the local chain (and the devnets). */
export const localHotWalletFloat = {
  ETH: 100n * 10n ** 18n,
  USDT: 1_000_000n * 10n ** 6n,
  USDC: 1_000_000n * 10n ** 6n,
  BTC: 10n * 10n ** 8n,
  XRP: 10_000n * 10n ** 6n,
} as const;

/** Called after each top-up is on chain, before the next one: the caller books it. */
export type OnHotWalletFunded = (funding: HotWalletFunding) => Promise<void>;

/**
 * Local chain only: gives the hot wallet its float (ETH for gas and payouts, test USDT/USDC)
 * from anvil's funder when it holds less than half of it, reporting each top-up.
 */
export async function fundLocalHotWallet(deps: {
  node: EvmNode;
  seed: HdSeed;
  logger: Logger;
  onFunded: OnHotWalletFunded;
}): Promise<void> {
  const { node } = deps;
  const funder = node.funder;
  if (!node.isEmbedded || !funder) return;
  const chain: Chain = {
    id: node.chainId,
    name: 'local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [node.rpcUrl] } },
  };
  const wallet = createWalletClient({ chain, transport: http(node.rpcUrl, { retryCount: 0 }) });
  const client = evmPublicClient(node.rpcUrl);
  const hot = evmHotWallet(deps.seed).address;
  for (const asset of ['ETH', 'USDT', 'USDC'] as const) {
    const target = localHotWalletFloat[asset];
    const balance =
      asset === 'ETH'
        ? await client.getBalance({ address: hot })
        : await client.readContract({ address: node.tokens[asset], abi: erc20Abi, functionName: 'balanceOf', args: [hot] });
    if (balance >= target / 2n) continue;
    const txid =
      asset === 'ETH'
        ? await wallet.sendTransaction({ account: funder, to: hot, value: target })
        : await wallet.writeContract({
            account: funder,
            address: node.tokens[asset],
            abi: cofferTestTokenAbi,
            functionName: 'mint',
            args: [hot, target],
          });
    const receipt = await client.waitForTransactionReceipt({ hash: txid, pollingInterval: 100 });
    if (receipt.status !== 'success') throw new Error(`funding the hot wallet with ${asset} failed`);
    await deps.onFunded({ asset, amount: target, txid });
    deps.logger.info({ asset, hotWallet: hot, txid }, 'local hot wallet funded');
  }
}

/** Devnet only: gives the Bitcoin hot wallet its float from the faucet when it holds less than half of it (mempool included). */
export async function fundDevnetBitcoinHotWallet(deps: {
  devnet: BitcoinDevnet;
  seed: HdSeed;
  logger: Logger;
  onFunded: OnHotWalletFunded;
}): Promise<void> {
  const hot = bitcoinHotWalletAddress(deps.seed.bytes(), deps.devnet);
  const target = localHotWalletFloat.BTC;
  const held = (await deps.devnet.listUnspent([hot], 0)).reduce((sum, output) => sum + output.value, 0n);
  if (held >= target / 2n) return;
  const txid = await deps.devnet.faucet(hot, target);
  // Mined at once so withdrawals can spend it; when the block timer holds the miner, its next block takes it.
  await deps.devnet.mineBlock();
  await deps.onFunded({ asset: 'BTC', amount: target, txid });
  deps.logger.info({ asset: 'BTC', hotWallet: hot, txid }, 'devnet hot wallet funded');
}

/** Devnet only: the XRP hot wallet's float from the faucet, in the next validated ledger. */
export async function fundDevnetXrpHotWallet(deps: {
  devnet: XrpDevnet;
  seed: HdSeed;
  logger: Logger;
  onFunded: OnHotWalletFunded;
}): Promise<void> {
  const hot = xrpHotWalletAddress(deps.seed.bytes());
  const target = localHotWalletFloat.XRP;
  const held = (await deps.devnet.accountInfo(hot))?.balance ?? 0n;
  if (held >= target / 2n) return;
  const txid = await deps.devnet.faucet(hot, target);
  await deps.devnet.closeLedger();
  await deps.onFunded({ asset: 'XRP', amount: target, txid });
  deps.logger.info({ asset: 'XRP', hotWallet: hot, txid }, 'devnet hot wallet funded');
}
