/**
 * The enterprise custody console's calls (issue 17; spec §2 menu, §7 style). The customer's
 * application and activation need only a session; every console call needs an active member
 * of an enabled organisation with the call's permission (`custodyEndpointPermissions`).
 */
export const custodyPaths = {
  /** GET: the customer's latest application; POST: applies (enterprise accounts only). */
  application: '/custody/v1/application',
  /** GET: the caller's organisation, member and permissions, or custodyNotEnabled. */
  me: '/custody/v1/me',
  /** POST: binds the signed-in customer to the membership an activation link names. */
  activate: '/custody/v1/activate',
  overview: '/custody/v1/overview',
  roles: '/custody/v1/roles',
  role: '/custody/v1/roles/:id',
  deleteRole: '/custody/v1/roles/:id/delete',
  members: '/custody/v1/members',
  member: '/custody/v1/members/:id',
  freezeMember: '/custody/v1/members/:id/freeze',
  thawMember: '/custody/v1/members/:id/thaw',
  resendActivation: '/custody/v1/members/:id/resend-activation',
  lines: '/custody/v1/business-lines',
  line: '/custody/v1/business-lines/:id',
  settings: '/custody/v1/settings',
  accounts: '/custody/v1/accounts',
  addresses: '/custody/v1/accounts/:id/addresses',
  deleteAddress: '/custody/v1/addresses/:id/delete',
  /** GET: every custody account's balances per asset, with USD values. */
  balances: '/custody/v1/balances',
  /** GET `?coin=&chain=`: the account's deposit address on a network, with its QR code. */
  depositAddress: '/custody/v1/accounts/:id/deposit-address',
  /** POST: moves funds between two of the organisation's accounts (idempotent per `requestId`). */
  internalMoves: '/custody/v1/internal-moves',
  /** GET: the transfer history, filtered and paged, newest first. */
  transfers: '/custody/v1/transfers',
  /** GET: the transfer history of a range as CSV (a file, not an envelope). */
  transfersExport: '/custody/v1/transfers/export',
  /** GET: holdings now and the daily snapshots of a range. */
  assetReport: '/custody/v1/asset-report',
  /** GET `?format=csv|xlsx`: the asset report as a file. */
  assetReportExport: '/custody/v1/asset-report/export',
  /** GET: the mining-pool partner links; POST: makes one (its address answered once). */
  poolPartners: '/custody/v1/pool-partners',
  revokePoolLink: '/custody/v1/pool-partners/:id/revoke',
  unlinkPoolPartner: '/custody/v1/pool-partners/:id/unlink',
  /** POST, no login: what an open partner link shows (the link's secret in the body). */
  partnerLink: '/custody/v1/partner-link',
  /** POST, no login: the partner links its payout address (spends the link). */
  confirmPartnerLink: '/custody/v1/partner-link/confirm',
  /** GET: withdrawal orders, filtered and paged, newest first; POST: submits a single withdrawal order. */
  orders: '/custody/v1/withdrawal-orders',
  /** POST: the policy engine's answer for an order not submitted (nothing is held or written). */
  orderDryRun: '/custody/v1/withdrawal-orders/dry-run',
  /** GET: an order with its approvals and why it is held. */
  order: '/custody/v1/withdrawal-orders/:id',
  approveOrder: '/custody/v1/withdrawal-orders/:id/approve',
  approvalOptions: '/custody/v1/withdrawal-orders/:id/approval-options',
  rejectOrder: '/custody/v1/withdrawal-orders/:id/reject',
  /** GET: the business lines a submitter fills a withdrawal for: currencies, accounts, limits. */
  orderLines: '/custody/v1/withdrawal-lines',
  /** GET: a business line's CSV template for batch withdrawals (query lineId). */
  batchTemplate: '/custody/v1/withdrawal-batches/template',
  /** POST: pre-validates a batch CSV row by row; nothing is held. */
  batchValidate: '/custody/v1/withdrawal-batches/validate',
  /** POST: submits a clean batch: one order per row, all held or none; idempotent by requestId. */
  batches: '/custody/v1/withdrawal-batches',
  /** GET: the policy change requests and unfreeze requests, newest first, with whether the organisation is frozen. */
  changeRequests: '/custody/v1/change-requests',
  approveChange: '/custody/v1/change-requests/:id/approve',
  rejectChange: '/custody/v1/change-requests/:id/reject',
  /** POST: freezes a business line at once; unfreezing makes a change request. */
  freezeLine: '/custody/v1/business-lines/:id/freeze',
  unfreezeLine: '/custody/v1/business-lines/:id/unfreeze',
  /** POST: freezes the whole organisation at once; unfreezing makes a change request. */
  freezeOrganisation: '/custody/v1/organisation/freeze',
  unfreezeOrganisation: '/custody/v1/organisation/unfreeze',
} as const;

/** The back office's custody applications (operator permission `custody.review`). */
export const adminCustodyPaths = {
  applications: '/admin/api/v1/custody/applications',
  application: '/admin/api/v1/custody/applications/:id',
  enable: '/admin/api/v1/custody/applications/:id/enable',
  reject: '/admin/api/v1/custody/applications/:id/reject',
} as const;
