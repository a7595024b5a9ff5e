/**
 * The devnets of the embedded default: simulated Bitcoin and XRP chains in PostgreSQL, the
 * local EVM chain (anvil) with its test tokens, their faucets and the hot wallets' float.
 * Dev only: the chain runtime starts them beside the local EVM chain, tests and benches
 * build them directly. Production adapters never import from here.
 */
export { resolveAnvilBinary, startAnvil, type AnvilProcess } from './anvil-process';
export { createBitcoinDevnet, type BitcoinDevnet, type BitcoinDevnetOptions } from './bitcoin-devnet';
export { cofferTestTokenAbi } from './contracts/coffer-test-token.artifact';
export { bitcoinDevFaucet, devnetFaucetDrops, evmDevFaucet, xrpDevFaucet } from './devnet-faucets';
export { createEvmFaucet, faucetDrops, type EvmFaucet, type FaucetCoin } from './evm-faucet';
export {
  fundDevnetBitcoinHotWallet,
  fundDevnetXrpHotWallet,
  fundLocalHotWallet,
  localHotWalletFloat,
  type OnHotWalletFunded,
} from './hot-wallet-float';
export { deployTestTokens, localChainId, localFunder, startLocalEvmChain } from './local-evm-chain';
export { createXrpDevnet, type XrpDevnet, type XrpDevnetOptions } from './xrp-devnet';
