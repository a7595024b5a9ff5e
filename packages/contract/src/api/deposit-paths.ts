/**
 * Deposit calls of spec §7 (recharge screen): options, supported tokens, the deposit address,
 * the deposit and withdrawal records, and the dev faucet of the local chain.
 */
export const depositPaths = {
  /** GET: per coin, the networks it can be deposited and withdrawn on, with their rules. */
  dwOption: '/wallet/client/anon/DwOption',
  /** GET: the coins that can be deposited (or withdrawn with `?type=withdraw`). */
  supportTokens: '/wallet/client/anon/v2/getSupportToken',
  /** GET `?coin=&chain=`: the signed-in customer's deposit address with its QR code. */
  depositAddress: '/wallet/client/deposit-address',
  /** POST: deposit (and, later, withdrawal) records, newest first, filtered and paged. */
  dwRecords: '/wallet/client/pfDwTranxs',
  /** POST `{ coin }`: sends test coins on the local chain to the customer's deposit address. Absent in a real deployment (production with DATABASE_URL). */
  devFaucet: '/wallet/client/dev/faucet',
} as const;

/** Deposit record states of spec §4. */
export const depositStatus = { credited: 1, failed: 2, waiting: 3 } as const;
export type DepositStatus = (typeof depositStatus)[keyof typeof depositStatus];
