import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { getAddress, type Address, type PublicClient } from 'viem';
import type { AppConfig } from '../../../platform/config';
import type { Logger } from '../../../platform/observability/logger';
import { evmPublicClient, evmWalletClient, type EvmNode, type EvmTokenAsset, type EvmTokens } from '../evm/evm-node';
import { freeLoopbackPort } from '../../../platform/process/free-port';
import { startAnvil } from './anvil-process';
import { cofferTestTokenAbi, cofferTestTokenBytecode } from './contracts/coffer-test-token.artifact';

/** Chain id of the local anvil chain (anvil's own default, known to wallets as a dev chain). */
export const localChainId = 31_337;

/** anvil's first dev account (its default mnemonic): funds the faucet and deploys the test tokens. */
export const localFunder: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

const tokenDefinitions: Array<{ asset: EvmTokenAsset; name: string }> = [
  { asset: 'USDT', name: 'Tether USD (Coffer dev)' },
  { asset: 'USDC', name: 'USD Coin (Coffer dev)' },
];

/** Deploys the two test tokens from the funder and waits for them to be mined. */
export async function deployTestTokens(rpcUrl: string, funder: Address = localFunder): Promise<EvmTokens> {
  const publicClient = evmPublicClient(rpcUrl);
  const wallet = evmWalletClient(rpcUrl);
  const chainId = await publicClient.getChainId();
  const chain = {
    id: chainId,
    name: 'local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  };
  const deployed: Partial<EvmTokens> = {};
  for (const token of tokenDefinitions) {
    const hash = await wallet.deployContract({
      abi: cofferTestTokenAbi,
      bytecode: cofferTestTokenBytecode,
      args: [token.name, token.asset],
      account: funder,
      chain,
    });
    const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 100 });
    if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`deploying ${token.asset} failed`);
    deployed[token.asset] = getAddress(receipt.contractAddress);
  }
  return deployed as EvmTokens;
}

async function hasCode(client: PublicClient, address: Address): Promise<boolean> {
  const code = await client.getCode({ address });
  return code !== undefined && code !== '0x';
}

/**
 * The local chain's token contracts: deployed once and remembered in `anvil/tokens.json`
 * beside the chain's state; deployed again only when the chain no longer has them (its state
 * was deleted).
 */
async function ensureLocalTokens(rpcUrl: string, stateDir: string, logger: Logger): Promise<EvmTokens> {
  const file = path.join(stateDir, 'tokens.json');
  const client = evmPublicClient(rpcUrl);
  try {
    const stored = JSON.parse(await readFile(file, 'utf8')) as EvmTokens;
    const present = await Promise.all(tokenDefinitions.map((token) => hasCode(client, stored[token.asset])));
    if (present.every(Boolean)) return stored;
    logger.warn({ file }, 'the local chain lost its token contracts; deploying them again');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const tokens = await deployTestTokens(rpcUrl);
  await writeFile(`${file}.tmp`, JSON.stringify(tokens, null, 2));
  await rename(`${file}.tmp`, file);
  logger.info({ tokens }, 'deployed the local USDT and USDC contracts');
  return tokens;
}

/**
 * The local chain of the embedded default: anvil on loopback with its chain kept under
 * `DATA_DIR/anvil` (the same shape as the embedded database, platform/db/database-server.ts),
 * and the test USDT/USDC contracts it deployed; their addresses travel on the node (`tokens`).
 */
export async function startLocalEvmChain(
  config: Pick<AppConfig, 'DATA_DIR' | 'EVM_BLOCK_TIME_SECONDS' | 'EVM_LOCAL_PORT'>,
  logger: Logger,
): Promise<EvmNode> {
  const stateDir = path.join(config.DATA_DIR, 'anvil');
  await mkdir(stateDir, { recursive: true });
  const anvil = await startAnvil({
    port: config.EVM_LOCAL_PORT ?? (await freeLoopbackPort()),
    chainId: localChainId,
    blockTimeSeconds: config.EVM_BLOCK_TIME_SECONDS,
    stateDir,
    logger,
  });
  try {
    const tokens = await ensureLocalTokens(anvil.rpcUrl, stateDir, logger);
    logger.info(
      { rpcUrl: anvil.rpcUrl, chainId: localChainId, blockTimeSeconds: config.EVM_BLOCK_TIME_SECONDS },
      'local EVM chain (anvil) started',
    );
    return { rpcUrl: anvil.rpcUrl, chainId: localChainId, isEmbedded: true, tokens, funder: localFunder, stop: anvil.stop };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}
