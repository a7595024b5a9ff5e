export {
  BITCOIN_CHAIN,
  bitcoinHotWalletAddress,
  createBitcoinChainSource,
  createBitcoinSender,
  InsufficientHotWalletFundsError,
  type BitcoinFundingKey,
  type BitcoinSenderOptions,
} from './bitcoin-chain';
export { BitcoinRpcError, createBitcoinCoreNode, type BitcoinCoreOptions } from './bitcoin-core-rpc';
export { createBitcoinDevnet, type BitcoinDevnet, type BitcoinDevnetOptions } from './bitcoin-devnet';
export type { BitcoinNode } from './bitcoin-node';
