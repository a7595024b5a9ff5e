import type { Migration } from 'kysely';
// The table map these migrations create, merged into the platform's `Database` for whoever migrates.
import type {} from './database-schema';
import * as assets from './modules/assets/assets.migration';
import * as identity from './modules/identity/identity.migration';
import * as ledger from './modules/ledger/ledger.migration';
import * as ledgerLeanPosting from './modules/ledger/ledger-lean-posting.migration';
import * as ledgerLockAccounts from './modules/ledger/ledger-lock-accounts.migration';
import * as market from './modules/market/market.migration';
import * as marketQuotations from './modules/market/market-quotations.migration';
import * as trade from './modules/trade/trade.migration';
import * as tradeFastPath from './modules/trade/trade-fast-path.migration';
import * as tradePayBatch from './modules/trade/trade-pay-batch.migration';
import * as tradeChannel from './modules/trade/trade-channel.migration';
import * as tradePayThroughLedger from './modules/trade/trade-pay-through-ledger.migration';
import * as walletSnapshots from './modules/wallet/dashboard.migration';
import * as wallet from './modules/wallet/wallet.migration';
import * as walletTransferRequests from './modules/wallet/transfer-requests.migration';
import * as ledgerBalanceEvents from './modules/ledger/balance-events.migration';
import * as identitySessionEvents from './modules/identity/session-events.migration';
import * as identityCustomerLock from './modules/identity/customer-lock.migration';
import * as identityUserPreferences from './modules/identity/user-preferences.migration';
import * as identityPasskeys from './modules/identity/passkey.migration';
import * as deposits from './modules/deposits/deposits.migration';
import * as chainDevnets from './modules/chain/chain-devnets.migration';
import * as withdrawals from './modules/withdrawals/withdrawals.migration';
import * as withdrawalStates from './modules/withdrawals/withdrawal-states.migration';
import * as withdrawalStatusNames from './modules/withdrawals/withdrawal-status-names.migration';
import * as depositStatusNames from './modules/deposits/deposit-status-names.migration';
import * as research from './modules/research/research.migration';
import * as nodeHeartbeat from './modules/system/node-heartbeat.migration';
import * as audit from './modules/audit/audit.migration';
import * as operators from './modules/operators/operators.migration';
import * as kyc from './modules/kyc/kyc.migration';
import { sandboxMigration as kycSandbox } from './modules/kyc/provider/sandbox.migration';
import * as sanctions from './modules/sanctions/sanctions.migration';
import * as depositSources from './modules/deposits/deposit-sources.migration';
import * as withdrawalReview from './modules/withdrawals/withdrawal-review.migration';
import * as ledgerHoldJournalIndexes from './modules/ledger/hold-journal-indexes.migration';
import * as apiKeys from './modules/apikeys/apikeys.migration';
import * as apiKeyPendingChangeCap from './modules/apikeys/pending-change-cap.migration';
import * as identitySecurityOperations from './modules/identity/security-operations.migration';
import * as withdrawalApiKey from './modules/withdrawals/withdrawal-api-key.migration';
import * as captcha from './modules/captcha/captcha.migration';
import * as notices from './modules/notices/notices.migration';
import * as custody from './modules/custody/custody.migration';
import * as ledgerCustodyOwners from './modules/ledger/custody-owners.migration';
import * as depositsCustody from './modules/deposits/custody-deposits.migration';
import * as custodyMoney from './modules/custody/custody-money.migration';
import * as custodyPoolPartners from './modules/custody/pool-partners.migration';
import * as custodyOrders from './modules/custody/custody-orders.migration';
import * as custodyBatches from './modules/custody/custody-batch.migration';
import * as custodyPayouts from './modules/custody/custody-payouts.migration';
import * as custodyBillingSettings from './modules/custody/custody-billing-settings.migration';
import * as custodyBills from './modules/custody/custody-bills.migration';
import * as custodyOrderWindow from './modules/custody/custody-order-window.migration';
import * as custodyOrderWindowFenced from './modules/custody/custody-order-window-fenced.migration';
import * as custodyPayoutOutbox from './modules/withdrawals/custody-payout-outbox.migration';
import * as custodyChanges from './modules/custody/custody-changes.migration';
import * as custodyApprovalSignatures from './modules/custody/custody-approval-signatures.migration';

/**
 * One migration made of several modules' parts, applied in order and undone in reverse: a
 * module that takes over tables from an applied migration keeps that migration's name, so a
 * database migrated before sees nothing new.
 */
function inOrder(...parts: Migration[]): Migration {
  return {
    async up(db) {
      for (const part of parts) await part.up(db);
    },
    async down(db) {
      for (const part of [...parts].reverse()) await part.down?.(db);
    },
  };
}

/**
 * Every module's migrations, in the order they apply (the platform's migrator is given this
 * list; the platform imports no module). Names are `NNNN-<what>`; a module adds its migrations
 * here when it adds tables, and their types to `database-schema.ts`.
 */
export const migrations: Record<string, Migration> = {
  '0001-node-heartbeat': nodeHeartbeat,
  '0002-identity': identity,
  '0003-ledger': inOrder(assets, ledger),
  '0004-wallet': wallet,
  '0005-wallet-snapshots': walletSnapshots,
  '0006-market-ticks': market,
  '0007-market-quotations': marketQuotations,
  '0008-trade': trade,
  '0009-deposits': deposits,
  '0010-chain-devnets': chainDevnets,
  '0011-withdrawals': withdrawals,
  '0012-research': research,
  '0013-trade-fast-path': tradeFastPath,
  '0014-ledger-lean-posting': ledgerLeanPosting,
  '0015-trade-pay-batch': tradePayBatch,
  '0016-trade-channel': tradeChannel,
  '0017-wallet-transfer-requests': walletTransferRequests,
  '0018-wallet-account-events': inOrder(ledgerBalanceEvents, identitySessionEvents),
  '0019-withdrawal-states': withdrawalStates,
  '0020-ledger-lock-accounts': ledgerLockAccounts,
  '0021-trade-pay-through-ledger': tradePayThroughLedger,
  '0022-deposit-status-names': depositStatusNames,
  '0023-withdrawal-status-names': withdrawalStatusNames,
  '0024-audit': audit,
  '0025-operators': operators,
  '0026-kyc': inOrder(kyc, kycSandbox),
  '0027-identity-customer-lock': identityCustomerLock,
  '0028-sanctions': inOrder(sanctions, depositSources),
  '0029-withdrawal-review': withdrawalReview,
  '0030-ledger-hold-journal-indexes': ledgerHoldJournalIndexes,
  '0031-api-keys': inOrder(identitySecurityOperations, apiKeys, withdrawalApiKey),
  '0032-captcha': captcha,
  '0033-passkeys': identityPasskeys,
  '0034-user-preferences': identityUserPreferences,
  '0035-api-key-pending-change-cap': apiKeyPendingChangeCap,
  '0036-notices': notices,
  '0037-custody': custody,
  '0038-custody-money': inOrder(ledgerCustodyOwners, depositsCustody, custodyMoney),
  '0039-custody-pool-partners': custodyPoolPartners,
  '0040-custody-orders': custodyOrders,
  '0041-custody-batches': custodyBatches,
  '0042-custody-payouts': custodyPayouts,
  '0043-custody-payout-outbox': custodyPayoutOutbox,
  '0044-custody-approval-signatures': custodyApprovalSignatures,
  '0045-custody-changes': custodyChanges,
  '0046-custody-billing-settings': custodyBillingSettings,
  '0047-custody-bills': custodyBills,
  '0048-custody-order-window': custodyOrderWindow,
  '0049-custody-order-window-fenced': custodyOrderWindowFenced,
};
