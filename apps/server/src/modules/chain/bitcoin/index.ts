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
export type { BitcoinNode } from './bitcoin-node';
