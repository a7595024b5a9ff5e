import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../platform/observability/logger';
import { resolveAnvilBinary } from './anvil-process';
import { provideEvmNode } from '../chain-runtime';
import { evmPublicClient } from '../evm/evm-node';
import { cofferTestTokenAbi } from './contracts/coffer-test-token.artifact';
import { createEvmFaucet } from './evm-faucet';
import { localChainId } from './local-evm-chain';

const folders: string[] = [];
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

const logger = createLogger({ LOG_LEVEL: 'silent' });

describe('the local EVM chain of the embedded default', () => {
  it('finds the anvil binary through its npm package', () => {
    expect(resolveAnvilBinary()).toMatch(/@foundry-rs\/anvil-[a-z0-9]+-[a-z0-9]+\/bin\/anvil(\.exe)?$/);
  });

  it('starts anvil, deploys USDT and USDC once, and keeps chain and contracts across restarts', async () => {
    const DATA_DIR = await mkdtemp(path.join(os.tmpdir(), 'coffer-evm-node-'));
    folders.push(DATA_DIR);
    const config = { DATA_DIR, EVM_BLOCK_TIME_SECONDS: 1, EVM_RPC_URL: undefined, USDT_CONTRACT: undefined, USDC_CONTRACT: undefined };

    const first = await provideEvmNode(config, logger);
    let firstHeight: bigint;
    let faucetTarget: `0x${string}`;
    try {
      expect(first).toMatchObject({ isEmbedded: true, chainId: localChainId });
      const client = evmPublicClient(first.rpcUrl);
      expect(await client.readContract({ address: first.tokens.USDT, abi: cofferTestTokenAbi, functionName: 'decimals' })).toBe(6);
      expect(await client.readContract({ address: first.tokens.USDC, abi: cofferTestTokenAbi, functionName: 'symbol' })).toBe('USDC');
      faucetTarget = '0x000000000000000000000000000000000000c0ff';
      const sent = await createEvmFaucet(first).send('USDT', faucetTarget);
      await client.waitForTransactionReceipt({ hash: sent.txid as `0x${string}`, pollingInterval: 100 });
      firstHeight = await client.getBlockNumber({ cacheTime: 0 });
    } finally {
      await first.stop();
    }

    const second = await provideEvmNode(config, logger);
    try {
      expect(second.tokens).toEqual(first.tokens);
      const client = evmPublicClient(second.rpcUrl);
      expect(await client.getBlockNumber({ cacheTime: 0 })).toBeGreaterThanOrEqual(firstHeight);
      expect(
        await client.readContract({
          address: second.tokens.USDT,
          abi: cofferTestTokenAbi,
          functionName: 'balanceOf',
          args: [faucetTarget],
        }),
      ).toBe(1_000_000_000n);
    } finally {
      await second.stop();
    }
  }, 60_000);

  it('uses a configured node with the configured contracts and no faucet', async () => {
    await expect(
      provideEvmNode(
        {
          DATA_DIR: '/nonexistent',
          EVM_BLOCK_TIME_SECONDS: 1,
          EVM_RPC_URL: 'http://127.0.0.1:9',
          USDT_CONTRACT: undefined,
          USDC_CONTRACT: undefined,
        },
        logger,
      ),
    ).rejects.toThrow(/USDT_CONTRACT/);
  });
});
