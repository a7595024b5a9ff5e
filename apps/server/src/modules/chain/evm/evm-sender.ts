import { HDKey } from '@scure/bip32';
import {
  bytesToHex,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  keccak256,
  parseTransaction,
  TransactionExecutionError,
  type Address,
  type Chain,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import {
  BroadcastRejectedError,
  type ChainSender,
  type SignedTransfer,
  type TransferConfirmation,
  type WithdrawalTransfer,
} from '../chain-source';
import type { HdSeed } from '../hd-seed';
import { evmChain } from './evm-addresses';
import { evmPublicClient, type EvmNode } from './evm-node';

/**
 * The hot wallet's key: account 1 of the Ethereum BIP44 tree (`m/44'/60'/1'/0/0`), apart from
 * the deposit addresses of account 0, so no customer index can ever collide with it.
 */
export const evmHotWalletPath = "m/44'/60'/1'/0/0";

/** Derives the hot wallet account; the private key stays inside the returned signer. */
export function evmHotWallet(seed: HdSeed): PrivateKeyAccount {
  const key = HDKey.fromMasterSeed(seed.bytes()).derive(evmHotWalletPath).privateKey;
  if (!key) throw new Error('the hot wallet path gave no private key');
  return privateKeyToAccount(bytesToHex(key));
}

export interface EvmSenderDeps {
  node: Pick<EvmNode, 'rpcUrl' | 'chainId' | 'tokens'>;
  seed: HdSeed;
  /**
   * Nonces of hot-wallet transactions already signed and recorded (the withdrawal outbox)
   * that are not yet resolved. With the signer running in one process at a time, the next
   * nonce is max(chain's pending count, highest reserved + 1): a transaction signed but never
   * recorded (a crash in between) leaves no gap, and a recorded one is never signed twice.
   */
  reservedNonces(): Promise<bigint[]>;
  /** Gas price ceiling multiplier (percent of the node's estimate), so a signed transaction stays minable a while. */
  feeHeadroomPercent?: bigint;
}

/** Node refusals that mean the transaction will never be accepted as it is. */
const permanentRefusals = [
  /nonce too low/i,
  /insufficient funds/i,
  /intrinsic gas too low/i,
  /invalid sender/i,
  /exceeds block gas limit/i,
  /already known.*different/i,
  /replacement transaction underpriced/i,
];

function refusalReason(error: unknown): string | null {
  const text = error instanceof Error ? `${error.message} ${(error as { details?: string }).details ?? ''}` : String(error);
  return permanentRefusals.some((pattern) => pattern.test(text)) ? text.slice(0, 300) : null;
}

/**
 * Withdrawals on the EVM chain: ETH value transfers and ERC-20 `transfer` calls from the hot
 * wallet, signed locally (EIP-1559) so the txid is known before broadcasting.
 */
export interface EvmSender extends ChainSender {
  hotWallet: Address;
  /** Fee actually paid by a mined transaction (gas used × effective price), in wei. */
  networkFeePaid(txid: string): Promise<bigint>;
  /** Whether an address holds code (a contract): withdrawals there are refused. */
  isContract(address: string): Promise<boolean>;
  client: PublicClient;
}

export function createEvmSender(deps: EvmSenderDeps): EvmSender {
  const client = evmPublicClient(deps.node.rpcUrl);
  const account = evmHotWallet(deps.seed);
  const chain: Chain = {
    id: deps.node.chainId,
    name: 'ethereum',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [deps.node.rpcUrl] } },
  };
  const headroom = deps.feeHeadroomPercent ?? 200n;

  async function nextNonce(): Promise<bigint> {
    const [pending, reserved] = await Promise.all([
      client.getTransactionCount({ address: account.address, blockTag: 'pending' }),
      deps.reservedNonces(),
    ]);
    const highest = reserved.reduce((max, nonce) => (nonce > max ? nonce : max), -1n);
    return BigInt(pending) > highest + 1n ? BigInt(pending) : highest + 1n;
  }

  function callFor(transfer: WithdrawalTransfer): { to: Address; value: bigint; data: Hex | undefined } {
    const to = getAddress(transfer.to);
    if (transfer.asset === 'ETH') return { to, value: transfer.amount, data: undefined };
    const token = (deps.node.tokens as Record<string, Address | undefined>)[transfer.asset];
    if (!token) throw new Error(`no ERC-20 contract for ${transfer.asset}`);
    return { to: token, value: 0n, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, transfer.amount] }) };
  }

  return {
    chain: evmChain,
    hotWallet: account.address,
    client,

    async buildAndSign(transfer) {
      const call = callFor(transfer);
      const nonce = await nextNonce();
      const fees = await client.estimateFeesPerGas();
      const maxPriorityFeePerGas = fees.maxPriorityFeePerGas;
      const maxFeePerGas = (fees.maxFeePerGas * headroom) / 100n;
      const gas = call.data
        ? ((await client.estimateGas({ account: account.address, to: call.to, data: call.data, value: 0n })) * 12n) / 10n
        : 21_000n;
      const raw = await account.signTransaction({
        type: 'eip1559',
        chainId: chain.id,
        nonce: Number(nonce),
        to: call.to,
        value: call.value,
        ...(call.data ? { data: call.data } : {}),
        gas,
        maxFeePerGas,
        maxPriorityFeePerGas,
      });
      const signed: SignedTransfer = { txid: keccak256(raw), raw, networkFee: gas * maxFeePerGas };
      return signed;
    },

    async broadcast(raw) {
      try {
        await client.sendRawTransaction({ serializedTransaction: raw as Hex });
      } catch (error) {
        const text = error instanceof Error ? error.message : String(error);
        // The node already has it (a rebroadcast after a crash): that is success.
        if (/already known|known transaction|already imported/i.test(text)) return;
        const reason = refusalReason(error);
        if (reason) {
          // "nonce too low" for our own transaction means it is already mined: not a refusal.
          const txid = keccak256(raw as Hex);
          if (/nonce too low/i.test(reason)) {
            const receipt = await client.getTransactionReceipt({ hash: txid }).catch(() => null);
            if (receipt) return;
          }
          throw new BroadcastRejectedError(reason);
        }
        if (error instanceof TransactionExecutionError) throw new BroadcastRejectedError(text.slice(0, 300));
        throw error;
      }
    },

    async confirmations(txid): Promise<TransferConfirmation> {
      const hash = txid as Hex;
      const receipt = await client.getTransactionReceipt({ hash }).catch(() => null);
      if (!receipt) {
        const pending = await client.getTransaction({ hash }).catch(() => null);
        return pending ? { state: 'pending' } : { state: 'unknown' };
      }
      const tip = await client.getBlockNumber({ cacheTime: 0 });
      const confirmations = Number(tip - receipt.blockNumber + 1n);
      // The receipt's block may have been reorganised away since; confirm it is still canonical.
      const block = await client.getBlock({ blockNumber: receipt.blockNumber }).catch(() => null);
      if (!block || block.hash !== receipt.blockHash) return { state: 'unknown' };
      return receipt.status === 'success' ? { state: 'included', confirmations } : { state: 'failed', confirmations, reason: 'reverted' };
    },

    // Nothing is reserved outside the outbox: the nonce of an abandoned transaction is free again.
    async abandon() {},

    async networkFeePaid(txid) {
      const receipt = await client.getTransactionReceipt({ hash: txid as Hex });
      return receipt.gasUsed * receipt.effectiveGasPrice;
    },

    async isContract(address) {
      const code = await client.getCode({ address: getAddress(address) });
      return code !== undefined && code !== '0x';
    },
  };
}

/** The nonce a signed EVM transaction carries (for the outbox's reserved nonces). */
export function evmNonceOf(raw: string): bigint | null {
  try {
    const parsed = parseTransaction(raw as Hex);
    return parsed.nonce === undefined ? null : BigInt(parsed.nonce);
  } catch {
    return null;
  }
}
