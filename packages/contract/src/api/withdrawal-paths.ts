/**
 * Withdrawal and address-book calls of spec §7: pre-checks, limits, pre-withdraw, withdraw
 * (ordinary and internal), the second confirmation of large withdrawals, records, the address
 * book, and the operator's reconciliation.
 */
export const withdrawalPaths = {
  /** GET: §4/§5 pre-check: forbidden code (-10094/-10102) and the interceptions. */
  userCanWithdraw: '/wallet/client/userCanWithdraw',
  /** GET `?coin=&chain=`: whether the coin can be withdrawn on that network now. */
  canWithdraw: '/wallet/client/CanWithdraw',
  /** GET `?coin=&chain=`: minimum, fee, available, the 24-hour limit and what is used of it. */
  userWithdrawLimit: '/wallet/client/userWithdrawLimit',
  /** POST: checks a withdrawal without moving anything; says inner/trusted/large/tag confirmation. */
  preWithdraw: '/wallet/client/preWithdraw',
  /** POST: submits a withdrawal (idempotent per `requestId`); holds amount + fee. */
  withdraw: '/wallet/client/withdraw/:coin/:chain',
  /** POST `{ serialNumber }`: the second confirmation of a large withdrawal, within 5 hours. */
  confirmWithdrawal: '/wallet/client/withdraw-confirm',
  /** POST `{ serialNumber }`: cancels a withdrawal still waiting for its second confirmation. */
  cancelWithdrawal: '/wallet/client/withdraw-cancel',
  /** POST: sends the second-factor code (e-mail or SMS) a withdrawal or trusting an address asks for. */
  withdrawCode: '/wallet/client/withdraw-code',
  /** GET: the customer's withdrawal records (also listed in `pfDwTranxs`). */
  withdrawals: '/wallet/client/withdrawals',
  /** GET `?chain=&address=&tag=`: has this destination been saved or used before. */
  isStrangerAddress: '/wallet/client/isStrangerAcAd',
  /** POST: the ID check of §5 (last six digits of the ID + fund password). */
  verifyIdCard: '/wallet/user/verify-idCard-pwd',
  /** GET: the security items a withdrawal needs (e-mail, phone, fund password, identity). */
  checkUserInformation: '/wallet/client/checkUserInformation',
  /** GET `?chain=`: the address book. */
  withdrawAddresses: '/uc/v1/withdraw-address',
  /** DELETE: removes one address book entry. */
  withdrawAddress: '/uc/v1/withdraw-address/:id',
  /** POST: adds an address book entry (note ≤ 10 characters). */
  addWithdrawAddress: '/uc/v1/action/add-withdraw-address',
  /** POST: marks an entry trusted after the fund password and second factor; usable unverified after the cooling period. */
  verifyTrustedAddress: '/uc/v1/action/verify-trusted-address',
  /** POST (back office, `reconciliation.run`): runs the chain/ledger reconciliation now. */
  reconciliationRun: '/admin/api/v1/reconciliation/run',
  /** GET (back office, `reconciliation.read`): the latest reconciliation run. */
  reconciliationLatest: '/admin/api/v1/reconciliation/latest',
} as const;
