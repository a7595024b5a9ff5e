import { custodyBatchTables } from './custody-batch.migration';
import { custodyBillingSettingTables } from './custody-billing-settings.migration';
import { custodyBillTables } from './custody-bills.migration';
import { custodyChangeTables } from './custody-changes.migration';
import { custodyMoneyTables } from './custody-money.migration';
import { custodyOrderTables } from './custody-orders.migration';
import { custodyConsoleTables } from './custody.migration';
import { custodyPoolTables } from './pool-partners.migration';

/** Every tenant table of the custody module: each carries `org_id` and is fenced by row-level security. */
export const custodyTenantTables = [
  ...custodyConsoleTables,
  ...custodyMoneyTables,
  ...custodyPoolTables,
  ...custodyOrderTables,
  ...custodyBatchTables,
  ...custodyBillingSettingTables,
  ...custodyBillTables,
  ...custodyChangeTables,
] as const;
