export { createXrpChainSource, createXrpSender, XRP_CHAIN, xrpHotWalletAddress } from './xrp-chain';
export type { XrpNode } from './xrp-node';
export { maxXrpDepositIndex, xrpDepositTag } from './xrp-deposit-tag';
