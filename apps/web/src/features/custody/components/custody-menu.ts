import type { CustodyPermission } from '@coffer/contract';
import type { RouteName } from '../../../shared/routes';

/**
 * What opening a console page needs: the `consolePermission` of the contract endpoint
 * (`custodyConsoleEndpoints`) the page reads (`anyMember` for any active member), or `null` for a page that needs no membership at
 * all (applying for custody).
 */
export type CustodyMenuGate = CustodyPermission | 'anyMember' | null;

export interface CustodyMenuItem {
  /** The key of its label, `custodyMenu.<key>` in the common catalogue. */
  key: string;
  route: RouteName;
  gate: CustodyMenuGate;
}

/**
 * The gate of every spec §2 console menu item, from the endpoint each page reads: roles and
 * personnel `members`, business lines `lines`, common settings `settings`, common addresses
 * `addresses`, asset report `assetReport`, deposit and withdrawal `orders`, billing `orders`
 * (ordering and billing); the overview, transfer history and withdrawal orders (read by submitters
 * and reviewers alike) any member.
 */
export const custodyMenuGates = {
  overview: 'anyMember',
  businessLines: 'lines',
  settings: 'settings',
  roles: 'members',
  members: 'members',
  assetReport: 'assetReport',
  transfers: 'anyMember',
  billingStats: 'orders',
  deposit: 'orders',
  withdraw: 'orders',
  batchWithdraw: 'orders',
  withdrawOrders: 'anyMember',
  addresses: 'addresses',
  billing: 'orders',
  apply: null,
  miningPool: 'accounts',
} as const satisfies Record<string, CustodyMenuGate>;

type MenuKey = keyof typeof custodyMenuGates;
const item = (key: MenuKey, route: RouteName): CustodyMenuItem => ({ key, route, gate: custodyMenuGates[key] });

/**
 * The console menu items whose page exists, in the spec's §2 order. A page added to the console
 * adds its item here, at its place in that order.
 */
export const custodyMenuItems: readonly CustodyMenuItem[] = [
  item('overview', 'custodyHome'),
  item('businessLines', 'custodyBusinessLines'),
  item('settings', 'custodySettings'),
  item('roles', 'custodyRoles'),
  item('members', 'custodyMembers'),
  item('assetReport', 'custodyAssetReport'),
  item('transfers', 'custodyTransfers'),
  item('billingStats', 'custodyBillingStats'),
  item('deposit', 'custodyDeposit'),
  item('withdraw', 'custodyWithdraw'),
  item('batchWithdraw', 'custodyBatchWithdraw'),
  item('withdrawOrders', 'custodyWithdrawOrders'),
  item('addresses', 'custodyAddresses'),
  item('billing', 'custodyBilling'),
  item('apply', 'custodyApply'),
  item('miningPool', 'custodyMiningPool'),
];

/**
 * The items a caller may open: an active member (`permissions` from `me`) sees those their
 * permissions allow; someone without a membership (`null`) only those needing none.
 */
export function visibleCustodyMenu(items: readonly CustodyMenuItem[], permissions: readonly CustodyPermission[] | null): CustodyMenuItem[] {
  return items.filter((entry) => {
    if (entry.gate === null) return true;
    if (permissions === null) return false;
    return entry.gate === 'anyMember' || permissions.includes(entry.gate);
  });
}
