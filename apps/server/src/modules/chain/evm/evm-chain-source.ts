import { BlockNotFoundError, getAddress, parseAbiItem, type Address, type PublicClient } from 'viem';
import type { ChainDeposit, ChainSource } from '../chain-source';
import { evmChain } from './evm-addresses';
import type { EvmTokens } from './evm-node';

const transferEvent = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

/**
 * A native ETH transfer has no log; -1 keeps its (txid, logIndex) apart from any token
 * `Transfer` log of the same transaction.
 */
export const nativeTransferLogIndex = -1;

/**
 * Deposits on an EVM node: ETH sent by a transaction straight to a watched address (found by
 * reading the block's transactions; ETH moved by a contract's internal call is not seen), and
 * ERC-20 `Transfer` logs of the catalogue's token contracts to a watched address. Each names its
 * senders (the transaction's `from`, and the token's `from`), for sanctions screening.
 */
export function createEvmChainSource(client: PublicClient, tokens: EvmTokens): ChainSource {
  const assetByContract = new Map<string, string>(Object.entries(tokens).map(([asset, address]) => [address.toLowerCase(), asset]));
  const contracts = Object.values(tokens) as Address[];

  return {
    chain: evmChain,

    async tipHeight() {
      return Number(await client.getBlockNumber({ cacheTime: 0 }));
    },

    async blockHash(height) {
      try {
        const block = await client.getBlock({ blockNumber: BigInt(height) });
        return block.hash;
      } catch (error) {
        if (error instanceof BlockNotFoundError) return null;
        throw error;
      }
    },

    async depositsInBlock(height, watched) {
      const block = await client.getBlock({ blockNumber: BigInt(height), includeTransactions: true });
      // Logs by the block's hash, so both halves come from the same block even mid-reorg.
      const logs = await client.getLogs({ address: contracts, event: transferEvent, blockHash: block.hash });
      const deposits: ChainDeposit[] = [];
      const senderOf = new Map<string, string>(block.transactions.map((tx) => [tx.hash, tx.from]));
      /** The transaction's sender and the token's, once each; a mint's zero address is nobody. */
      const sendersOf = (txid: string, tokenFrom?: string): string[] => {
        const senders = new Set<string>();
        for (const sender of [senderOf.get(txid), tokenFrom]) if (sender && BigInt(sender) !== 0n) senders.add(getAddress(sender));
        return [...senders];
      };

      const nativeCandidates = block.transactions.filter((tx) => tx.to && tx.value > 0n && watched(getAddress(tx.to)));
      // A deposit address may carry code (EIP-7702), so a call to it could revert: keep only successes.
      const receipts = await Promise.all(nativeCandidates.map((tx) => client.getTransactionReceipt({ hash: tx.hash })));
      nativeCandidates.forEach((tx, position) => {
        if (receipts[position]?.status !== 'success' || !tx.to) return;
        deposits.push({
          txid: tx.hash,
          logIndex: nativeTransferLogIndex,
          address: getAddress(tx.to),
          asset: 'ETH',
          amount: tx.value,
          senders: sendersOf(tx.hash),
        });
      });

      for (const log of logs) {
        const asset = assetByContract.get(log.address.toLowerCase());
        const to = log.args.to;
        const value = log.args.value;
        if (!asset || !to || value === undefined || value === 0n || log.removed) continue;
        const address = getAddress(to);
        if (!watched(address)) continue;
        deposits.push({
          txid: log.transactionHash,
          logIndex: log.logIndex,
          address,
          asset,
          amount: value,
          senders: sendersOf(log.transactionHash, log.args.from),
        });
      }
      return deposits;
    },
  };
}
