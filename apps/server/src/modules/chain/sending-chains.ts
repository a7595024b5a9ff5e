import { erc20Abi, getAddress, type Address } from 'viem';
import type { BitcoinNetwork } from './addresses/bitcoin-address';
import { BITCOIN_CHAIN, bitcoinHotWalletAddress, createBitcoinSender, type BitcoinNode } from './bitcoin';
import type { ChainSender } from './chain-source';
import { evmChain } from './evm/evm-addresses';
import type { EvmNode } from './evm/evm-node';
import { createEvmSender, evmNonceOf, type EvmSender } from './evm/evm-sender';
import type { HdSeed } from './hd-seed';
import { createXrpSender, XRP_CHAIN, xrpHotWalletAddress, type XrpNode } from './xrp';

/**
 * What signing needs from the withdrawals' own records (their outbox, the deposit addresses),
 * which the chain module does not keep: it is handed these readers instead.
 */
export interface SendingRecords {
  /** Raw hot-wallet transactions of the chain that are recorded and not yet resolved: their EVM nonces are taken. */
  unresolvedTransactions(chain: string): Promise<string[]>;
  /** The network fee recorded when the transaction was signed, in base units (0 when none was recorded). */
  recordedNetworkFee(chain: string, txid: string): Promise<bigint>;
  /** The customers' deposit addresses on the chain, with their derivation index. */
  depositAddresses(chain: string): Promise<Array<{ address: string; index: number }>>;
}

/** A chain's hot-wallet sender, with the fee a mined transaction actually paid where the chain can tell. */
export type HotWalletSender = ChainSender & {
  /** Native coin of the chain, in which the network fee is paid. */
  feeAsset: string;
  networkFeePaid?(txid: string): Promise<bigint>;
};

/** On-chain balances of one chain, for reconciliation. */
export interface ChainBalances {
  chain: string;
  /** The hot wallet (withdrawals are paid from it). */
  hotWallet: string;
  /** Assets of the catalogue on this chain that can be read. */
  assets: string[];
  balanceOf(asset: string, address: string): Promise<bigint>;
  /** The sum over many addresses in one read, where the chain offers it (a Bitcoin UTXO-set scan). */
  totalBalanceOf?(asset: string, addresses: string[]): Promise<bigint>;
}

/** The hot-wallet senders of the process's chains, their balances and smart-contract checks. */
export interface SendingChains {
  senders: Map<string, HotWalletSender>;
  balances: ChainBalances[];
  contractCheckers: Map<string, (address: string) => Promise<boolean>>;
}

/** An XRP node that may also tell account balances (the devnet does; a rippled adapter would). */
export type XrpBalanceNode = XrpNode & { accountInfo?(address: string): Promise<{ balance: bigint } | null> };

/** The EVM chain: the hot-wallet sender (nonces past the recorded ones), ETH/ERC-20 balances, `eth_getCode`. */
export function evmSendingChain(deps: { node: Pick<EvmNode, 'rpcUrl' | 'chainId' | 'tokens'>; seed: HdSeed; records: SendingRecords }): {
  sender: EvmSender & HotWalletSender;
  balances: ChainBalances;
} {
  const reservedNonces = async (): Promise<bigint[]> =>
    (await deps.records.unresolvedTransactions(evmChain)).map(evmNonceOf).filter((nonce): nonce is bigint => nonce !== null);
  const sender = Object.assign(createEvmSender({ node: deps.node, seed: deps.seed, reservedNonces }), { feeAsset: 'ETH' });
  const tokens = deps.node.tokens as Record<string, Address>;
  const balances: ChainBalances = {
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
  return { sender, balances };
}

/**
 * Bitcoin and XRP fix their network fee when signing (inputs − outputs; the XRP `Fee` field),
 * so the fee paid is the one recorded.
 */
function withRecordedFee(records: SendingRecords, sender: ChainSender, feeAsset: string): HotWalletSender {
  return Object.assign(sender, {
    feeAsset,
    networkFeePaid: (txid: string) => records.recordedNetworkFee(sender.chain, txid),
  });
}

/**
 * The Bitcoin hot-wallet sender (BIP84, account 1'), with the fee it fixed when signing. With
 * `sweepDeposits` the customers' confirmed deposit outputs may pay withdrawals too (deposits
 * are swept as they are spent), change going to the hot wallet.
 */
export function bitcoinHotWalletSender(deps: {
  node: BitcoinNode;
  seed: HdSeed;
  records: SendingRecords;
  sweepDeposits?: boolean;
}): HotWalletSender {
  const network: BitcoinNetwork = deps.node.network;
  const fundingKeys = async () =>
    (await deps.records.depositAddresses(BITCOIN_CHAIN)).map((row) => ({
      address: row.address,
      location: { chain: 'BTC' as const, role: 'deposit' as const, index: row.index, network },
    }));
  const sender = createBitcoinSender({ node: deps.node, seed: deps.seed.bytes(), ...(deps.sweepDeposits ? { fundingKeys } : {}) });
  return withRecordedFee(deps.records, sender, 'BTC');
}

/** Bitcoin balances for reconciliation: the chain's UTXO set, in one read for all the platform's addresses. */
export function bitcoinBalances(node: BitcoinNode, seed: HdSeed): ChainBalances {
  return {
    chain: BITCOIN_CHAIN,
    hotWallet: bitcoinHotWalletAddress(seed.bytes(), node),
    assets: ['BTC'],
    balanceOf: (_asset, address) => node.confirmedBalance([address]),
    totalBalanceOf: (_asset, addresses) => node.confirmedBalance(addresses),
  };
}

/** The XRP chain: the hot-wallet sender, and its balances where the node can tell them. */
export function xrpSendingChain(deps: { node: XrpBalanceNode; seed: HdSeed; records: SendingRecords }): {
  sender: HotWalletSender;
  balances: ChainBalances | null;
} {
  const sender = withRecordedFee(deps.records, createXrpSender({ node: deps.node, seed: deps.seed.bytes() }), 'XRP');
  const accountInfo = deps.node.accountInfo?.bind(deps.node);
  const balances: ChainBalances | null = accountInfo
    ? {
        chain: XRP_CHAIN,
        hotWallet: xrpHotWalletAddress(deps.seed.bytes()),
        assets: ['XRP'],
        balanceOf: async (_asset, address) => (await accountInfo(address))?.balance ?? 0n,
      }
    : null;
  return { sender, balances };
}

/** The sending side of the given nodes: the EVM chain, and Bitcoin and XRP when their nodes are given. */
export function sendingChainsOf(
  nodes: { seed: HdSeed; evm: Pick<EvmNode, 'rpcUrl' | 'chainId' | 'tokens'>; bitcoin?: BitcoinNode | null; xrp?: XrpBalanceNode | null },
  records: SendingRecords,
): SendingChains & { evmSender: EvmSender } {
  const evm = evmSendingChain({ node: nodes.evm, seed: nodes.seed, records });
  const senders = new Map<string, HotWalletSender>([[evmChain, evm.sender]]);
  const balances: ChainBalances[] = [evm.balances];
  if (nodes.bitcoin) {
    senders.set(BITCOIN_CHAIN, bitcoinHotWalletSender({ node: nodes.bitcoin, seed: nodes.seed, records, sweepDeposits: true }));
    balances.push(bitcoinBalances(nodes.bitcoin, nodes.seed));
  }
  if (nodes.xrp) {
    const xrp = xrpSendingChain({ node: nodes.xrp, seed: nodes.seed, records });
    senders.set(XRP_CHAIN, xrp.sender);
    if (xrp.balances) balances.push(xrp.balances);
  }
  return {
    senders,
    balances,
    contractCheckers: new Map([[evmChain, (address: string) => evm.sender.isContract(address)]]),
    evmSender: evm.sender,
  };
}
