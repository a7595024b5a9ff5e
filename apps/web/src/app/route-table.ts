/**
 * Every route of spec §2 by name and path. Flags carry the route behaviour of §2:
 * `isAssetPage` loads the asset summary before entry, `skipsTitle` leaves the document title
 * alone (trade and home pages), `isMobileExempt` keeps mobile browsers on this site
 * (agreement, login, sign-up, invite, buy-crypto pages), `area` picks the layout.
 */
export type RouteArea = 'public' | 'account' | 'custody' | 'mobile';

/**
 * The page a route shows (router.tsx maps each to its lazy module); `comingSoon` marks
 * screens whose capability lands in a later release.
 */
export type RoutePage =
  | 'home'
  | 'error'
  | 'comingSoon'
  | 'login'
  | 'signUp'
  | 'forgotPassword'
  | 'securityCentre'
  | 'bindEmail'
  | 'bindPhone'
  | 'changePhone'
  | 'bindAuthenticator'
  | 'changeAuthenticator'
  | 'changePassword'
  | 'setFundPassword'
  | 'changeFundPassword'
  | 'resetFundPassword'
  | 'accountInfo'
  | 'dashboard'
  | 'balance'
  | 'bills'
  | 'transfer'
  | 'quotations'
  | 'quotationDetail'
  | 'cryptoIndex'
  | 'research'
  | 'researchReport'
  | 'recharge'
  | 'withdraw'
  | 'addresses'
  | 'tradeSpot'
  | 'tradeOrders'
  | 'tradeOrderDetail'
  | 'tradeAutoSwap'
  | 'tradeAutoSwapRecords';

export interface RouteDefinition {
  name: string;
  path: string;
  area: RouteArea;
  page: RoutePage;
  isAssetPage?: boolean;
  skipsTitle?: boolean;
  isMobileExempt?: boolean;
  requiresLogin?: boolean;
}

const account = (name: string, path: string, extra: Partial<RouteDefinition> = {}): RouteDefinition => ({
  name,
  path,
  area: 'account',
  page: 'comingSoon',
  requiresLogin: true,
  ...extra,
});

const custody = (name: string, path: string): RouteDefinition => ({
  name,
  path,
  area: 'custody',
  page: 'comingSoon',
  requiresLogin: true,
});

const publicPage = (name: string, path: string, extra: Partial<RouteDefinition> = {}): RouteDefinition => ({
  name,
  path,
  area: 'public',
  page: 'comingSoon',
  ...extra,
});

export const routeTable = [
  // Public site
  publicPage('homePage', '/', { page: 'home', skipsTitle: true }),
  publicPage('homePageLang', '/:lang/home', { page: 'home', skipsTitle: true }),
  publicPage('error', '/error', { page: 'error' }),
  publicPage('lpoa', '/lpoa'),
  publicPage('loginPage', '/login', { isMobileExempt: true, page: 'login' }),
  publicPage('bindLoginPage', '/bindLogin', { isMobileExempt: true }),
  publicPage('signPage', '/sign', { isMobileExempt: true, page: 'signUp' }),
  publicPage('enterpriseSignPage', '/sign/enterprise', { isMobileExempt: true, page: 'signUp' }),
  publicPage('forgotPassword', '/forgotPassword', { isMobileExempt: true, page: 'forgotPassword' }),
  publicPage('userAgreement', '/userAgreement', { isMobileExempt: true }),
  publicPage('privacyPolicy', '/privacyPolicy', { isMobileExempt: true }),
  publicPage('privacyPolicyEn', '/privacyPolicy/en', { isMobileExempt: true }),
  publicPage('privacyPolicyRu', '/privacyPolicy/ru', { isMobileExempt: true }),
  publicPage('privacyPolicyZhTw', '/privacyPolicy/zh-TW', { isMobileExempt: true }),
  publicPage('saleAgree', '/saleAgree', { isMobileExempt: true }),
  publicPage('salePrivacy', '/salePrivacy', { isMobileExempt: true }),
  publicPage('invitePageIndex', '/invitePage/invite', { isMobileExempt: true }),
  publicPage('invitePageSign', '/invitePage/sign', { isMobileExempt: true, page: 'signUp' }),
  publicPage('futures', '/futures', { skipsTitle: true }),

  // Mobile pages (real responsive pages, spec §2)
  {
    name: 'propertyBuyCryptoMobile',
    path: '/propertyCenter/buyCryptoMobile',
    area: 'mobile',
    page: 'comingSoon',
    isMobileExempt: true,
  },
  {
    name: 'propertyMarketResearchMobile',
    path: '/propertyCenter/researchMobile',
    area: 'mobile',
    page: 'research',
  },
  {
    name: 'propertyMarketResearchReport',
    path: '/propertyCenter/researchMobile/:reportId',
    area: 'mobile',
    page: 'researchReport',
    requiresLogin: true,
  },

  // Personal centre (signed in)
  account('propertyCenterDashboard', '/propertyCenter/dashboard', { isAssetPage: true, page: 'dashboard' }),
  account('propertyCenterBalance', '/propertyCenter/balance', { isAssetPage: true, page: 'balance' }),
  account('propertyCenterLoanBalance', '/propertyCenter/loanBalance', { isAssetPage: true }),
  account('propertyCenterInvestmentBalancePage', '/propertyCenter/investmentBalance', { isAssetPage: true }),
  account('propertyCenterRecharge', '/propertyCenter/recharge', { isAssetPage: true, page: 'recharge' }),
  account('propertyCenterWithdraw', '/propertyCenter/withdraw', { isAssetPage: true, page: 'withdraw' }),
  account('propertyCenterTransfer', '/propertyCenter/transfer', { isAssetPage: true, page: 'transfer' }),
  account('propertyCenterAddresses', '/propertyCenter/addresses', { page: 'addresses' }),
  account('propertyCenterBills', '/propertyCenter/bills', { isAssetPage: true, page: 'bills' }),
  account('propertySecuritySetting', '/propertyCenter/securitySetting', { page: 'securityCentre' }),
  account('securityBindEmail', '/propertyCenter/securitySetting/bindEmail', { page: 'bindEmail' }),
  account('securityBindPhone', '/propertyCenter/securitySetting/bindPhone', { page: 'bindPhone' }),
  account('securityChangePhone', '/propertyCenter/securitySetting/changePhone', { page: 'changePhone' }),
  account('securityBindAuthenticator', '/propertyCenter/securitySetting/bindGoogle', { page: 'bindAuthenticator' }),
  account('securityChangeAuthenticator', '/propertyCenter/securitySetting/changeGoogle', {
    page: 'changeAuthenticator',
  }),
  account('securityChangePassword', '/propertyCenter/securitySetting/changePassword', { page: 'changePassword' }),
  account('securitySetFundPassword', '/propertyCenter/securitySetting/fundPassword', { page: 'setFundPassword' }),
  account('securityChangeFundPassword', '/propertyCenter/securitySetting/changeFundPassword', {
    page: 'changeFundPassword',
  }),
  account('securityResetFundPassword', '/propertyCenter/securitySetting/resetFundPassword', {
    page: 'resetFundPassword',
  }),
  account('propertyAccountInfo', '/propertyCenter/accountInfo', { page: 'accountInfo' }),
  account('identification', '/propertyCenter/identification'),
  account('propertyApiManagement', '/propertyCenter/api'),
  account('propertyCenterQuotation', '/propertyCenter/quotation', { page: 'quotations' }),
  account('propertyCenterQuotationBtc', '/propertyCenter/quotation/btc', { page: 'quotations' }),
  account('propertyCenterQuotationUsdt', '/propertyCenter/quotation/usdt', { page: 'quotations' }),
  account('propertyCenterQuotationUsdc', '/propertyCenter/quotation/usdc', { page: 'quotations' }),
  account('propertyCenterQuotationDetail', '/propertyCenter/quotation/detail/:action', { page: 'quotationDetail' }),
  account('propertyCenterCryptoIndex', '/propertyCenter/quotation/index', { page: 'cryptoIndex' }),
  account('propertyBuyCrypto', '/propertyCenter/buyCrypto', { isMobileExempt: true }),
  account('propertyBuyCryptoLoading', '/propertyCenter/buyCryptoLoading', { isMobileExempt: true }),
  account('propertyInvite', '/propertyCenter/invite', { isMobileExempt: true }),
  account('tradeSpot', '/trade/spot', { skipsTitle: true, isAssetPage: true, page: 'tradeSpot' }),
  account('tradeOrders', '/trade/orders', { skipsTitle: true, page: 'tradeOrders' }),
  account('tradeOrderDetail', '/trade/orders/:orderId', { skipsTitle: true, page: 'tradeOrderDetail' }),
  account('tradeAutomaticSwap', '/trade/automaticSwap', { skipsTitle: true, page: 'tradeAutoSwap' }),
  account('tradeAutomaticSwapOrders', '/trade/automaticSwap/orders', { skipsTitle: true, page: 'tradeAutoSwapRecords' }),
  account('loanOrder', '/loan/order'),
  account('loanInvestOrder', '/loan/investOrder'),

  // Custody console (spec §2 custody console menu)
  custody('custodyOverview', '/custody/overview'),
  custody('custodyBusinessLines', '/custody/businessLines'),
  custody('custodySettings', '/custody/settings'),
  custody('custodyRoles', '/custody/roles'),
  custody('custodyRoleAdd', '/custody/roles/add'),
  custody('custodyMembers', '/custody/members'),
  custody('custodyMemberAdd', '/custody/members/add'),
  custody('custodyMemberEdit', '/custody/members/:memberId/edit'),
  custody('custodyAssetReport', '/custody/assetReport'),
  custody('custodyTransfers', '/custody/transfers'),
  custody('custodyBillingStats', '/custody/billingStats'),
  custody('custodyWithdraw', '/custody/withdraw'),
  custody('custodyBatchWithdraw', '/custody/withdraw/batch'),
  custody('custodyWithdrawOrders', '/custody/withdrawOrders'),
  custody('custodyWithdrawReview', '/custody/withdrawOrders/:orderId/review'),
  custody('custodyAddresses', '/custody/addresses'),
  custody('custodyBilling', '/custody/billing'),
  custody('custodyBillingDetail', '/custody/billing/:billId'),
  custody('custodyApply', '/custody/apply'),
  custody('custodyMiningPool', '/custody/miningPool'),
] as const satisfies readonly RouteDefinition[];

export type RouteName = (typeof routeTable)[number]['name'];

const routesByName = new Map<string, RouteDefinition>(routeTable.map((route) => [route.name, route]));

export function routeByName(name: RouteName): RouteDefinition {
  const route = routesByName.get(name);
  if (!route) throw new Error(`unknown route ${name}`);
  return route;
}

/** Builds a concrete path for a named route, filling `:param` segments. */
export function pathTo(name: RouteName, params: Record<string, string> = {}): string {
  return routeByName(name).path.replace(/:(\w+)/g, (_whole, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`route ${name} needs ${key}`);
    return encodeURIComponent(value);
  });
}
