import { billTypes } from '@coffer/contract';
import { createWalletClient, erc20Abi, getAddress, http, type Address, type Chain } from 'viem';
import type { Db } from '../../platform/db/database';
import type { Logger } from '../../platform/observability/logger';
import type { BitcoinNetwork } from '../chain/addresses/bitcoin-address';
import type { XrpNetwork } from '../chain/addresses/xrp-address';
import {
  BITCOIN_CHAIN,
  bitcoinHotWalletAddress,
  createBitcoinSender,
  type BitcoinDevnet,
  type BitcoinFundingKey,
  type BitcoinNode,
} from '../chain/bitcoin';
import type { ChainSender } from '../chain/chain-source';
import { cofferTestTokenAbi } from '../chain/evm/contracts/coffer-test-token.artifact';
import { evmChain } from '../chain/evm/evm-addresses';
import type { EvmNode } from '../chain/evm/evm-node';
import { createEvmSender, evmNonceOf, type EvmSender } from '../chain/evm/evm-sender';
import type { HdSeed } from '../chain/hd-seed';
import { createXrpSender, XRP_CHAIN, xrpHotWalletAddress, type XrpDevnet, type XrpNode } from '../chain/xrp';
import type { Ledger } from '../ledger/ledger.service';
import type { ChainBalanceReader } from './reconciliation';
import type { WithdrawalSender } from './withdrawal-signer';

/** The chains withdrawals are sent on, their balance readers and smart-contract checks. */
export interface WithdrawalChainSet {
  senders: Map<string, WithdrawalSender>;
  readers: ChainBalanceReader[];
  contractCheckers: Map<string, (address: string) => Promise<boolean>>;
  /** The Bitcoin network addresses are validated for (regtest for the devnet). */
  bitcoinNetwork: BitcoinNetwork;
  /** The XRP network X-addresses are validated for; unset: the main network (`X…` only, never a test network's `T…`). */
  xrpNetwork?: XrpNetwork;
  /** Run once when the signer starts (the local chain's hot-wallet float). */
  prepare?: (deps: { ledger: Ledger; logger: Logger }) => Promise<void>;
}

/** Nonces held by recorded, unresolved hot-wallet transactions of the EVM chain (the outbox). */
export function outboxReservedNonces(db: Db, chain: string) {
  return async (): Promise<bigint[]> => {
    const rows = await db
      .selectFrom('withdrawal_outbox')
      .select('raw')
      .where('chain', '=', chain)
      .where('resolved_at', 'is', null)
      .execute();
    return rows.map((row) => evmNonceOf(row.raw)).filter((nonce): nonce is bigint => nonce !== null);
  };
}

/** The EVM chain for withdrawals: the hot-wallet sender, ETH/ERC-20 balances, `eth_getCode`. */
export function evmWithdrawalChain(deps: { db: Db; node: Pick<EvmNode, 'rpcUrl' | 'chainId' | 'tokens'>; seed: HdSeed }): {
  sender: EvmSender & WithdrawalSender;
  reader: ChainBalanceReader;
} {
  const sender = Object.assign(
    createEvmSender({ node: deps.node, seed: deps.seed, reservedNonces: outboxReservedNonces(deps.db, evmChain) }),
    { feeAsset: 'ETH' },
  );
  const tokens = deps.node.tokens as Record<string, Address>;
  const reader: ChainBalanceReader = {
    chain: evmChain,
    hotWallet: sender.hotWallet,
    assets: ['ETH', ...Object.keys(tokens)],
    async balanceOf(asset, address) {
      const owner = getAddress(address);
      if (asset === 'ETH') return sender.client.getBalance({ address: owner });
      const token = tokens[asset];
      if (!token) throw new Error(`no contract for ${asset}`);
      return sender.client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
    },
  };
  return { sender, reader };
}

/** What the embedded default tops the hot wallet up with when it runs low on the local chain (and the devnets). */
export const localHotWalletFloat = {
  ETH: 100n * 10n ** 18n,
  USDT: 1_000_000n * 10n ** 6n,
  USDC: 1_000_000n * 10n ** 6n,
  BTC: 10n * 10n ** 8n,
  XRP: 10_000n * 10n ** 6n,
} as const;

/**
 * Platform money added to the hot wallet from outside (an operator's funding, the local chain's
 * funder): booked as treasury against the omnibus account, so reconciliation stays exact.
 */
export async function recordHotWalletFunding(ledger: Ledger, asset: string, amount: bigint, txid: string): Promise<void> {
  await ledger.post({
    idempotencyKey: `hot-wallet-funding:${txid}`,
    billType: billTypes.other,
    reference: { type: 'hot-wallet-funding', id: txid },
    legs: [
      { accountId: await ledger.platformAccount('omnibus', asset), bucket: 'available', amount: -amount },
      { accountId: await ledger.platformAccount('treasury', asset), bucket: 'available', amount },
    ],
  });
}

/**
 * Local chain only: gives the hot wallet its float (ETH for gas and payouts, test USDT/USDC)
 * from anvil's funder when it holds less than half of it, and books each top-up.
 */
export async function fundLocalHotWallet(deps: { node: EvmNode; sender: EvmSender; ledger: Ledger; logger: Logger }): Promise<void> {
  const { node, sender, ledger } = deps;
  const funder = node.funder;
  if (!node.isEmbedded || !funder) return;
  const chain: Chain = {
    id: node.chainId,
    name: 'local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [node.rpcUrl] } },
  };
  const wallet = createWalletClient({ chain, transport: http(node.rpcUrl, { retryCount: 0 }) });
  const hot = sender.hotWallet;
  for (const asset of ['ETH', 'USDT', 'USDC'] as const) {
    const target = localHotWalletFloat[asset];
    const balance =
      asset === 'ETH'
        ? await sender.client.getBalance({ address: hot })
        : await sender.client.readContract({ address: node.tokens[asset], abi: erc20Abi, functionName: 'balanceOf', args: [hot] });
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
    const receipt = await sender.client.waitForTransactionReceipt({ hash: txid, pollingInterval: 100 });
    if (receipt.status !== 'success') throw new Error(`funding the hot wallet with ${asset} failed`);
    await recordHotWalletFunding(ledger, asset, target, txid);
    deps.logger.info({ asset, hotWallet: hot, txid }, 'local hot wallet funded');
  }
}

/**
 * Bitcoin and XRP fix their network fee when signing (inputs − outputs; the XRP `Fee` field),
 * so the fee paid is the one recorded in the outbox.
 */
function withRecordedFee(db: Db, sender: ChainSender, feeAsset: string): WithdrawalSender {
  return Object.assign(sender, {
    feeAsset,
    async networkFeePaid(txid: string): Promise<bigint> {
      const row = await db
        .selectFrom('withdrawal_outbox')
        .select('network_fee')
        .where('chain', '=', sender.chain)
        .where('txid', '=', txid)
        .executeTakeFirst();
      return BigInt(row?.network_fee ?? '0');
    },
  });
}

/** The customers' Bitcoin deposit addresses as keys that may pay withdrawals: deposits are swept as they are spent. */
export function bitcoinDepositFundingKeys(db: Db, network: BitcoinNetwork) {
  return async (): Promise<BitcoinFundingKey[]> => {
    const rows = await db
      .selectFrom('deposit_address')
      .select(['address', 'derivation_index'])
      .where('chain', '=', BITCOIN_CHAIN)
      .execute();
    return rows.map((row) => ({ address: row.address, location: { chain: 'BTC', role: 'deposit', index: row.derivation_index, network } }));
  };
}

/**
 * The Bitcoin hot-wallet sender (BIP84, account 1'), with the fee it fixed when signing. With
 * `sweepDeposits` the customers' confirmed deposit outputs may pay withdrawals too, change
 * going to the hot wallet.
 */
export function bitcoinWithdrawalSender(deps: { db: Db; node: BitcoinNode; seed: HdSeed; sweepDeposits?: boolean }): WithdrawalSender {
  const sender = createBitcoinSender({
    node: deps.node,
    seed: deps.seed.bytes(),
    ...(deps.sweepDeposits ? { fundingKeys: bitcoinDepositFundingKeys(deps.db, deps.node.network) } : {}),
  });
  return withRecordedFee(deps.db, sender, 'BTC');
}

/** Bitcoin balances for reconciliation: the chain's UTXO set, in one read for all the platform's addresses. */
export function bitcoinBalanceReader(node: BitcoinNode, seed: HdSeed): ChainBalanceReader {
  return {
    chain: BITCOIN_CHAIN,
    hotWallet: bitcoinHotWalletAddress(seed.bytes(), node),
    assets: ['BTC'],
    balanceOf: (_asset, address) => node.confirmedBalance([address]),
    totalBalanceOf: (_asset, addresses) => node.confirmedBalance(addresses),
  };
}

/** Devnet only: gives the Bitcoin hot wallet its float from the faucet when it holds less than half of it (mempool included), and books it. */
export async function fundDevnetBitcoinHotWallet(deps: {
  devnet: BitcoinDevnet;
  seed: HdSeed;
  ledger: Ledger;
  logger: Logger;
}): Promise<void> {
  const hot = bitcoinHotWalletAddress(deps.seed.bytes(), deps.devnet);
  const target = localHotWalletFloat.BTC;
  const held = (await deps.devnet.listUnspent([hot], 0)).reduce((sum, output) => sum + output.value, 0n);
  if (held >= target / 2n) return;
  const txid = await deps.devnet.faucet(hot, target);
  // Mined at once so withdrawals can spend it; when the block timer holds the miner, its next block takes it.
  await deps.devnet.mineBlock();
  await recordHotWalletFunding(deps.ledger, 'BTC', target, txid);
  deps.logger.info({ asset: 'BTC', hotWallet: hot, txid }, 'devnet hot wallet funded');
}

/** Devnet only: the XRP hot wallet's float from the faucet, in the next validated ledger, booked. */
export async function fundDevnetXrpHotWallet(deps: { devnet: XrpDevnet; seed: HdSeed; ledger: Ledger; logger: Logger }): Promise<void> {
  const hot = xrpHotWalletAddress(deps.seed.bytes());
  const target = localHotWalletFloat.XRP;
  const held = (await deps.devnet.accountInfo(hot))?.balance ?? 0n;
  if (held >= target / 2n) return;
  const txid = await deps.devnet.faucet(hot, target);
  await deps.devnet.closeLedger();
  await recordHotWalletFunding(deps.ledger, 'XRP', target, txid);
  deps.logger.info({ asset: 'XRP', hotWallet: hot, txid }, 'devnet hot wallet funded');
}

/** The XRP chain for withdrawals: the hot-wallet sender, and its balances where the node can tell them. */
export function xrpWithdrawalChain(deps: { db: Db; node: XrpNode & { accountInfo?: XrpDevnet['accountInfo'] }; seed: HdSeed }) {
  const sender = withRecordedFee(deps.db, createXrpSender({ node: deps.node, seed: deps.seed.bytes() }), 'XRP');
  const accountInfo = deps.node.accountInfo?.bind(deps.node);
  const reader: ChainBalanceReader | null = accountInfo
    ? {
        chain: XRP_CHAIN,
        hotWallet: xrpHotWalletAddress(deps.seed.bytes()),
        assets: ['XRP'],
        balanceOf: async (_asset, address) => (await accountInfo(address))?.balance ?? 0n,
      }
    : null;
  return { sender, reader };
}

/**
 * The withdrawal chains over the deposit chains' nodes and seed: the EVM chain, and Bitcoin and
 * XRP when their nodes are given, each with its balance reader. `devnets` are the built-in
 * chains of the embedded default, whose hot wallets get their float from the faucet when the
 * signer starts (like the EVM hot wallet from anvil's funder).
 */
export function provideWithdrawalChains(deps: {
  db: Db;
  evm: EvmNode;
  seed: HdSeed;
  bitcoin?: BitcoinNode | null;
  xrp?: (XrpNode & { accountInfo?: XrpDevnet['accountInfo'] }) | null;
  devnets?: { bitcoin?: BitcoinDevnet | null; xrp?: XrpDevnet | null };
}): WithdrawalChainSet & { evmSender: EvmSender } {
  const evm = evmWithdrawalChain({ db: deps.db, node: deps.evm, seed: deps.seed });
  const senders = new Map<string, WithdrawalSender>([[evmChain, evm.sender]]);
  const readers: ChainBalanceReader[] = [evm.reader];
  if (deps.bitcoin) {
    senders.set(BITCOIN_CHAIN, bitcoinWithdrawalSender({ db: deps.db, node: deps.bitcoin, seed: deps.seed, sweepDeposits: true }));
    readers.push(bitcoinBalanceReader(deps.bitcoin, deps.seed));
  }
  if (deps.xrp) {
    const xrp = xrpWithdrawalChain({ db: deps.db, node: deps.xrp, seed: deps.seed });
    senders.set(XRP_CHAIN, xrp.sender);
    if (xrp.reader) readers.push(xrp.reader);
  }
  return {
    senders,
    readers,
    contractCheckers: new Map([[evmChain, (address: string) => evm.sender.isContract(address)]]),
    bitcoinNetwork: deps.bitcoin?.network ?? (deps.evm.isEmbedded ? 'regtest' : 'mainnet'),
    // The built-in devnet is a test network; there is no adapter for a real XRP node yet.
    xrpNetwork: deps.devnets?.xrp ? 'testnet' : 'mainnet',
    evmSender: evm.sender,
    async prepare({ ledger, logger }) {
      const bitcoinDevnet = deps.devnets?.bitcoin;
      const xrpDevnet = deps.devnets?.xrp;
      const steps: Array<[string, () => Promise<void>]> = [
        [evmChain, () => fundLocalHotWallet({ node: deps.evm, sender: evm.sender, ledger, logger })],
      ];
      if (bitcoinDevnet)
        steps.push([BITCOIN_CHAIN, () => fundDevnetBitcoinHotWallet({ devnet: bitcoinDevnet, seed: deps.seed, ledger, logger })]);
      if (xrpDevnet) steps.push([XRP_CHAIN, () => fundDevnetXrpHotWallet({ devnet: xrpDevnet, seed: deps.seed, ledger, logger })]);
      // One chain's trouble must not keep the others' hot wallets empty.
      for (const [chain, fund] of steps) {
        await fund().catch((error: unknown) => logger.error({ err: error, chain }, 'funding the local hot wallet failed'));
      }
    },
  };
}
