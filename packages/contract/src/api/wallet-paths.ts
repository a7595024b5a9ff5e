/** Wallet calls of spec §7 (balance account, asset summary, internal transfer, bills). */
export const walletPaths = {
  bitAssets: '/wallet/client/bit-assets',
  headAsset: '/wallet/client/head-asset',
  userAssets: '/wallet/user/assets',
  userAccounts: '/wallet/user/userAccounts',
  currencies: '/wallet/user/getCurrency',
  tokenSwitches: '/wallet/user/tokenSwitchs',
  isInnerAddress: '/wallet/client/anon/isInnerAddress/:address',
  transferRecipient: '/wallet/client/transferRecipient',
  preTransfer: '/wallet/client/preTransfer',
  transfer: '/wallet/client/transfer/:coin/:receiver',
  transferCode: '/wallet/client/transfer-code',
  transfers: '/wallet/client/transfers',
  userBills: '/wallet/client/userBills',
  billInfo: '/wallet/client/billInfo',
  billsExport: '/wallet/client/userBills/export',
  dashboard: '/acc_dash/v1/user_dash',
} as const;
