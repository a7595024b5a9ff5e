import type { ApiKeyTables } from './modules/apikeys/apikeys.schema';
import type { AssetTables } from './modules/assets/assets.schema';
import type { AuditTables } from './modules/audit/audit.schema';
import type { CaptchaTables } from './modules/captcha/captcha.schema';
import type { ChainDevnetTables } from './modules/chain/chain-devnets.schema';
import type { DepositTables } from './modules/deposits/deposits.schema';
import type { IdentityTables } from './modules/identity/identity.schema';
import type { LedgerTables } from './modules/ledger/ledger.schema';
import type { MarketTables } from './modules/market/market.schema';
import type { NoticeTables } from './modules/notices/notices.schema';
import type { CustodyTables } from './modules/custody/custody.schema';
import type { CustodyBillingTables } from './modules/custody/custody-billing.schema';
import type { OperatorTables } from './modules/operators/operators.schema';
import type { KycTables } from './modules/kyc/kyc.schema';
import type { KycSandboxTables } from './modules/kyc/provider/sandbox.schema';
import type { ResearchTables } from './modules/research/research.schema';
import type { SanctionsTables } from './modules/sanctions/sanctions.schema';
import type { SystemTables } from './modules/system/system.schema';
import type { TradeTables } from './modules/trade/trade.schema';
import type { WalletTables } from './modules/wallet/wallet.schema';
import type { WithdrawalTables } from './modules/withdrawals/withdrawals.schema';

/**
 * The typed shape of every table, filled into the platform's `Database` (declaration merging):
 * the platform names no module; each module declares its tables in its `<module>.schema.ts`,
 * and the composition root lists them here (with the migration that creates them).
 */
declare module './platform/db/database' {
  interface Database
    extends
      SystemTables,
      IdentityTables,
      AssetTables,
      LedgerTables,
      MarketTables,
      TradeTables,
      ChainDevnetTables,
      DepositTables,
      WithdrawalTables,
      WalletTables,
      AuditTables,
      ResearchTables,
      OperatorTables,
      KycTables,
      KycSandboxTables,
      SanctionsTables,
      CaptchaTables,
      ApiKeyTables,
      NoticeTables,
      CustodyTables,
      CustodyBillingTables {}
}
