import type { RouteName } from '../route-table';

/** Spec §2 "Menu items", in the spec's order; log out is the account menu's last entry. */
export const accountMenu: ReadonlyArray<{ key: string; route: RouteName }> = [
  { key: 'dashboard', route: 'propertyCenterDashboard' },
  { key: 'balance', route: 'propertyCenterBalance' },
  { key: 'loan', route: 'propertyCenterLoanBalance' },
  { key: 'investment', route: 'propertyCenterInvestmentBalancePage' },
  { key: 'deposit', route: 'propertyCenterRecharge' },
  { key: 'withdraw', route: 'propertyCenterWithdraw' },
  { key: 'bills', route: 'propertyCenterBills' },
  { key: 'trade', route: 'tradeSpot' },
  { key: 'exchange', route: 'tradeAutomaticSwap' },
  { key: 'automaticSwap', route: 'tradeAutomaticSwap' },
  { key: 'orders', route: 'tradeOrders' },
  { key: 'autoSwapOrders', route: 'tradeAutomaticSwapOrders' },
  { key: 'buyCrypto', route: 'propertyBuyCrypto' },
  { key: 'quotation', route: 'propertyCenterQuotation' },
  { key: 'security', route: 'propertySecuritySetting' },
  { key: 'verification', route: 'identification' },
  { key: 'api', route: 'propertyApiManagement' },
];

/** Spec §2 custody console menu, in the spec's order. */
export const custodyMenu: ReadonlyArray<{ key: string; route: RouteName }> = [
  { key: 'overview', route: 'custodyOverview' },
  { key: 'businessLines', route: 'custodyBusinessLines' },
  { key: 'settings', route: 'custodySettings' },
  { key: 'roles', route: 'custodyRoles' },
  { key: 'members', route: 'custodyMembers' },
  { key: 'assetReport', route: 'custodyAssetReport' },
  { key: 'transfers', route: 'custodyTransfers' },
  { key: 'billingStats', route: 'custodyBillingStats' },
  { key: 'withdraw', route: 'custodyWithdraw' },
  { key: 'withdrawOrders', route: 'custodyWithdrawOrders' },
  { key: 'addresses', route: 'custodyAddresses' },
  { key: 'billing', route: 'custodyBilling' },
  { key: 'apply', route: 'custodyApply' },
  { key: 'miningPool', route: 'custodyMiningPool' },
];
