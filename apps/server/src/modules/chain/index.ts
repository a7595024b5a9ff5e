/**
 * The chain module: what other modules may use of the chains. The runtime (`ChainRuntime`)
 * is built once per process by `main.ts` and handed out by the composition: deposits get its
 * receiving chains and faucets, withdrawals its senders, balances and hot-wallet float.
 * The devnets (`devnets/`) are dev only and not part of this surface.
 */
import type { Logger } from '../../platform/observability/logger';
import type { BitcoinNetwork, XrpNetwork } from './addresses';
import type { ReceivingChain } from './receiving-chains';
import type { SendingChains, SendingRecords } from './sending-chains';

export type { ChainDeposit, ChainSender, ChainSource, SignedTransfer, TransferConfirmation, WithdrawalTransfer } from './chain-source';
export { BroadcastRejectedError } from './chain-source';
export {
  checkBitcoinAddress,
  checkEvmAddress,
  checkWithdrawalAddress,
  checkXrpAddress,
  checkXrpTag,
  deriveDepositAddress,
  deriveHotWalletAddress,
  encodeXAddress,
  type AddressChain,
  type BitcoinAddressCheck,
  type BitcoinNetwork,
  type KeyChain,
  type WithdrawalAddressCheck,
  type XrpAddressCheck,
  type XrpNetwork,
} from './addresses';
export { BITCOIN_CHAIN, bitcoinHotWalletAddress, type BitcoinNode } from './bitcoin';
export { evmChain } from './evm/evm-addresses';
export type { EvmNode, EvmTokens } from './evm/evm-node';
export type { EvmSender } from './evm/evm-sender';
export { HdSeed } from './hd-seed';
export { maxXrpDepositIndex, XRP_CHAIN, xrpDepositTag, xrpHotWalletAddress, type XrpNode } from './xrp';
export { bitcoinReceivingChain, evmReceivingChain, xrpReceivingChain, type DerivedAddress, type ReceivingChain } from './receiving-chains';
export {
  bitcoinBalances,
  bitcoinHotWalletSender,
  evmSendingChain,
  xrpSendingChain,
  type ChainBalances,
  type HotWalletSender,
  type SendingChains,
  type SendingRecords,
  type XrpBalanceNode,
} from './sending-chains';
export { chainRuntimeOf, provideChainRuntime, type ChainNodes } from './chain-runtime';

/** A devnet's faucet: sends test coins to an address on it. */
export interface ChainFaucet {
  chain: string;
  coins: readonly string[];
  /** `memo`: the customer's destination tag where the chain shares one address (XRP). */
  send(coin: string, to: string, memo: string | null): Promise<{ txid: string; amount: bigint; scale: number }>;
}

/** Platform money a devnet put into a hot wallet, in base units: to be booked as treasury. */
export interface HotWalletFunding {
  asset: string;
  amount: bigint;
  txid: string;
}

/** The networks addresses are checked against: regtest and the XRP test network beside the devnets. */
export interface ChainNetworks {
  bitcoin: BitcoinNetwork;
  /** Outside the devnets the main network: `X…` addresses only, never a test network's `T…`. */
  xrp: XrpNetwork;
}

/** The chains of one process, as the other modules see them. */
export interface ChainRuntime {
  /** The chains taking deposits: derived addresses, block readers, token contracts. */
  receiving: ReceivingChain[];
  /** The devnets' faucets (embedded default); none against real nodes. */
  faucets: ChainFaucet[];
  networks: ChainNetworks;
  /** The hot-wallet senders, balances and smart-contract checks, signing over the withdrawals' records. */
  sending(records: SendingRecords): SendingChains;
  /**
   * Devnets only (a no-op against real nodes): tops each hot wallet up to its float when it
   * holds less than half, calling `onFunded` after each top-up is on chain and before the
   * next; one chain's failure is logged and the others still go.
   */
  fundHotWallets(deps: { logger: Logger; onFunded: (funding: HotWalletFunding) => Promise<void> }): Promise<void>;
  /** Stops what the runtime started (the devnets' timers, anvil). */
  stop(): Promise<void>;
}
