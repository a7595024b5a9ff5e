import type { RouteName } from '../../shared/routes';

export interface MenuLink {
  key: string;
  route: RouteName;
}

/** A heading that opens no page of its own, over the links that follow it. */
export interface MenuGroup {
  key: string;
  items: readonly MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

export function isMenuGroup(entry: MenuEntry): entry is MenuGroup {
  return 'items' in entry;
}

/** The menu without the entries the gray release hides (keys of gray/displayName); a heading left empty goes too. */
export function visibleMenu(menu: readonly MenuEntry[], hidden: ReadonlySet<string>): MenuEntry[] {
  return menu.flatMap((entry): MenuEntry[] => {
    if (hidden.has(entry.key)) return [];
    if (!isMenuGroup(entry)) return [entry];
    const items = entry.items.filter((item) => !hidden.has(item.key));
    return items.length > 0 ? [{ ...entry, items }] : [];
  });
}

/**
 * Spec §2 "Menu items", in the spec's order; log out is the account menu's last entry.
 * "Trade" heads its pages: exchange (the spot coin-to-coin trade), automatic swap, orders and
 * auto-swap orders, each a page of its own (spec §2 routes), so one link at a time is current.
 */
export const accountMenu: readonly MenuEntry[] = [
  { key: 'dashboard', route: 'propertyCenterDashboard' },
  { key: 'balance', route: 'propertyCenterBalance' },
  { key: 'loan', route: 'propertyCenterLoanBalance' },
  { key: 'investment', route: 'propertyCenterInvestmentBalancePage' },
  { key: 'deposit', route: 'propertyCenterRecharge' },
  { key: 'withdraw', route: 'propertyCenterWithdraw' },
  { key: 'bills', route: 'propertyCenterBills' },
  {
    key: 'trade',
    items: [
      { key: 'exchange', route: 'tradeSpot' },
      { key: 'automaticSwap', route: 'tradeAutomaticSwap' },
      { key: 'orders', route: 'tradeOrders' },
      { key: 'autoSwapOrders', route: 'tradeAutomaticSwapOrders' },
    ],
  },
  { key: 'buyCrypto', route: 'propertyBuyCrypto' },
  { key: 'quotation', route: 'propertyCenterQuotation' },
  { key: 'security', route: 'propertySecuritySetting' },
  { key: 'verification', route: 'identification' },
  { key: 'api', route: 'propertyApiManagement' },
];
