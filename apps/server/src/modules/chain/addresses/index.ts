export {
  addressOfScript,
  bitcoinNetworks,
  checkBitcoinAddress,
  decodeSegwitAddress,
  encodeSegwitAddress,
  type BitcoinAddressCheck,
  type BitcoinAddressKind,
  type BitcoinAddressProblem,
  type BitcoinNetwork,
} from './bitcoin-address';
export {
  burnedEvmDestination,
  checkEvmAddress,
  refusedEvmDestination,
  toChecksumAddress,
  type EvmAddressCheck,
  type EvmDestinationRefusal,
} from './evm-address';
export {
  deriveAddress,
  deriveDepositAddress,
  deriveHotWalletAddress,
  derivePublicKey,
  derivationPath,
  withSigningKey,
  withSigningKeyAsync,
  type KeyChain,
  type KeyLocation,
  type KeyRole,
} from './hd-wallet';
export { checkWithdrawalAddress, type AddressChain, type WithdrawalAddressCheck, type WithdrawalAddressInput } from './withdrawal-address';
export { checkXrpAddress, checkXrpTag, encodeXAddress, type XrpAddressCheck, type XrpNetwork, type XrpTagCheck } from './xrp-address';
