import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { checkBitcoinAddress } from '../addresses/bitcoin-address';
import { deriveAddress, withSigningKey, type KeyLocation } from '../addresses/hd-wallet';
import type { ChainDeposit, ChainSender, ChainSource, SignedTransfer, TransferConfirmation, WithdrawalTransfer } from '../chain-source';
import type { BitcoinNode, UnspentOutput } from './bitcoin-node';
import {
  parseTransaction,
  serializeTransaction,
  signP2wpkhInput,
  transactionId,
  type BitcoinTransaction,
  type TxOutput,
} from './transaction';

export const BITCOIN_CHAIN = 'bitcoin';
const ASSET = 'BTC';
/** Below this an output is uneconomic to spend; Bitcoin Core's dust limit for P2PKH, the largest standard case. */
export const DUST_LIMIT = 546n;
/** Signals replace-by-fee (BIP125) so a stuck withdrawal can be bumped. */
const RBF_SEQUENCE = 0xfffffffd;
const MAX_LOCK_ATTEMPTS = 5;

/**
 * Deposits are the outputs paying watched addresses; coinbase outputs are not deposits (spec §5).
 * A deposit's senders are the distinct addresses its transaction's inputs spend from.
 */
export function createBitcoinChainSource(node: BitcoinNode): ChainSource {
  return {
    chain: BITCOIN_CHAIN,
    tipHeight: () => node.tipHeight(),
    blockHash: (height) => node.blockHash(height),
    async depositsInBlock(height, watched): Promise<ChainDeposit[]> {
      const transactions = await node.blockTransactions(height);
      if (transactions === null) throw new Error(`bitcoin block ${height} is above the tip`);
      const deposits: ChainDeposit[] = [];
      for (const tx of transactions) {
        if (tx.isCoinbase) continue;
        const senders = [...new Set(tx.inputs.flatMap((input) => (input.address === null ? [] : [input.address])))];
        for (const output of tx.outputs) {
          if (output.address !== null && watched(output.address)) {
            deposits.push({
              txid: tx.txid,
              logIndex: output.vout,
              address: output.address,
              asset: ASSET,
              amount: output.value,
              senders: [...senders],
            });
          }
        }
      }
      return deposits;
    },
  };
}

export interface BitcoinFundingKey {
  address: string;
  location: KeyLocation;
}

export interface BitcoinSenderOptions {
  node: BitcoinNode;
  seed: Uint8Array;
  /**
   * Further platform addresses whose coins may pay withdrawals (e.g. customers' deposit
   * addresses, so deposits are swept as they are spent). The hot wallet is always included.
   */
  fundingKeys?: () => Promise<BitcoinFundingKey[]>;
  /** Confirmations an output needs before it is spent (default 1). */
  minConfirmations?: number;
}

/** Virtual size of a transaction with `inputs` P2WPKH inputs (72-byte signatures, the largest) and these outputs. */
function estimateVirtualSize(inputs: number, outputs: Uint8Array[]): bigint {
  const varintSize = (n: number) => (n < 0xfd ? 1 : 3);
  const base =
    4 +
    varintSize(inputs) +
    inputs * 41 +
    varintSize(outputs.length) +
    outputs.reduce((sum, script) => sum + 8 + varintSize(script.length) + script.length, 0) +
    4;
  const witness = 2 + inputs * (1 + 1 + 73 + 1 + 33);
  return BigInt(Math.ceil((base * 4 + witness) / 4));
}

interface Selection {
  inputs: UnspentOutput[];
  outputs: TxOutput[];
  fee: bigint;
}

function selectCoins(utxos: UnspentOutput[], destination: TxOutput, changeScript: Uint8Array, feeRate: bigint): Selection | null {
  const chosen: UnspentOutput[] = [];
  let total = 0n;
  for (const utxo of [...utxos].sort((a, b) => (a.value === b.value ? 0 : a.value > b.value ? -1 : 1))) {
    chosen.push(utxo);
    total += utxo.value;
    const feeWithChange = estimateVirtualSize(chosen.length, [destination.scriptPubKey, changeScript]) * feeRate;
    const change = total - destination.value - feeWithChange;
    if (change >= DUST_LIMIT) {
      return { inputs: chosen, outputs: [destination, { value: change, scriptPubKey: changeScript }], fee: feeWithChange };
    }
    const feeWithoutChange = estimateVirtualSize(chosen.length, [destination.scriptPubKey]) * feeRate;
    if (total >= destination.value + feeWithoutChange) {
      // A remainder below the dust limit goes to the miner rather than into an unspendable output.
      return { inputs: chosen, outputs: [destination], fee: total - destination.value };
    }
  }
  return null;
}

export class InsufficientHotWalletFundsError extends Error {
  constructor() {
    super('the hot wallet cannot cover this withdrawal and its network fee');
    this.name = 'InsufficientHotWalletFundsError';
  }
}

/**
 * Withdrawals from the platform's BIP84 hot wallet (account 1'): coin selection over
 * confirmed outputs locked at the node while the transaction is in flight, change back to the
 * hot wallet, BIP143 signatures, txid known before broadcast.
 */
export function createBitcoinSender(options: BitcoinSenderOptions): ChainSender {
  const { node, seed } = options;
  const hotWallet: KeyLocation = { chain: 'BTC', role: 'hot-wallet', index: 0, network: node.network };
  const hotWalletAddress = deriveAddress(seed, hotWallet);
  const hotWalletScript = (() => {
    const check = checkBitcoinAddress(hotWalletAddress, node.network);
    if (!check.valid) throw new Error('hot wallet address does not check');
    return check.scriptPubKey;
  })();

  async function fundingKeys(): Promise<Map<string, KeyLocation>> {
    const keys = new Map<string, KeyLocation>([[hotWalletAddress, hotWallet]]);
    for (const key of (await options.fundingKeys?.()) ?? []) keys.set(key.address, key.location);
    return keys;
  }

  return {
    chain: BITCOIN_CHAIN,

    async buildAndSign(transfer: WithdrawalTransfer): Promise<SignedTransfer> {
      if (transfer.asset !== ASSET) throw new Error(`the bitcoin sender sends BTC, not ${transfer.asset}`);
      const destination = checkBitcoinAddress(transfer.to, node.network);
      if (!destination.valid) throw new Error(`not a ${node.network} address (${destination.problem})`);
      if (transfer.amount < DUST_LIMIT) throw new Error('amount below the dust limit');
      const keys = await fundingKeys();
      const feeRate = await node.feeRate();

      for (let attempt = 0; attempt < MAX_LOCK_ATTEMPTS; attempt += 1) {
        const utxos = await node.listUnspent([...keys.keys()], options.minConfirmations ?? 1);
        const selection = selectCoins(utxos, { value: transfer.amount, scriptPubKey: destination.scriptPubKey }, hotWalletScript, feeRate);
        if (!selection) throw new InsufficientHotWalletFundsError();
        // Another withdrawal may have taken some of these outputs since they were listed: pick again.
        if (!(await node.lockUnspent(selection.inputs))) continue;
        try {
          const tx: BitcoinTransaction = {
            version: 2,
            inputs: selection.inputs.map((utxo) => ({
              txid: utxo.txid,
              vout: utxo.vout,
              scriptSig: new Uint8Array(0),
              sequence: RBF_SEQUENCE,
              witness: [],
            })),
            outputs: selection.outputs,
            locktime: 0,
          };
          selection.inputs.forEach((utxo, index) => {
            const location = keys.get(utxo.address);
            if (!location) throw new Error('an output of an unknown address was listed');
            withSigningKey(seed, location, (privateKey) => signP2wpkhInput(tx, index, utxo.value, privateKey));
          });
          return { txid: transactionId(tx), raw: bytesToHex(serializeTransaction(tx)), networkFee: selection.fee };
        } catch (error) {
          await node.unlockUnspent(selection.inputs);
          throw error;
        }
      }
      throw new Error('could not reserve hot wallet outputs: too many concurrent withdrawals');
    },

    async broadcast(raw) {
      await node.sendRawTransaction(raw);
    },

    async confirmations(txid): Promise<TransferConfirmation> {
      const status = await node.transactionStatus(txid);
      if (status.state === 'unknown') return { state: 'unknown' };
      if (status.state === 'mempool') return { state: 'pending' };
      return { state: 'included', confirmations: (await node.tipHeight()) - status.height + 1 };
    },

    async abandon(raw) {
      const tx = parseTransaction(hexToBytes(raw));
      await node.unlockUnspent(tx.inputs.map((input) => ({ txid: input.txid, vout: input.vout })));
    },
  };
}

/** Address of the platform's Bitcoin hot wallet (fund it with the devnet faucet). */
export function bitcoinHotWalletAddress(seed: Uint8Array, node: Pick<BitcoinNode, 'network'>): string {
  return deriveAddress(seed, { chain: 'BTC', role: 'hot-wallet', index: 0, network: node.network });
}
