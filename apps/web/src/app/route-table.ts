import { routePaths, type RouteName } from '../shared/routes';

/**
 * Every route of spec §2 composed into the router: its page, its layout (`area`) and the route
 * behaviour of §2. Names and paths are shared/routes.ts. `isAssetPage` loads the asset summary
 * before entry, `skipsTitle` leaves the document title alone (trade and home pages),
 * `isMobileExempt` keeps mobile browsers on this site (agreement, login, sign-up, invite,
 * buy-crypto pages), `area` picks the layout.
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
  | 'preferences'
  | 'identification'
  | 'apiManagement'
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
  | 'tradeAutoSwapRecords'
  | 'custodyOverview'
  | 'custodyApply'
  | 'custodyActivate'
  | 'custodyRoles'
  | 'custodyMembers'
  | 'custodyBusinessLines'
  | 'custodySettings'
  | 'custodyAddresses'
  | 'custodyMiningPool'
  | 'custodyPartner'
  | 'custodyDeposit'
  | 'custodyTransfers'
  | 'custodyAssetReport'
  | 'custodyWithdraw'
  | 'custodyBatchWithdraw'
  | 'custodyWithdrawOrders'
  | 'custodyWithdrawReview'
  | 'custodyBilling'
  | 'custodyBillingDetail'
  | 'custodyBillingStats'
  | 'custodyBillingPaymentMethod';

export interface RouteDefinition {
  name: RouteName;
  path: string;
  area: RouteArea;
  page: RoutePage;
  isAssetPage?: boolean;
  skipsTitle?: boolean;
  isMobileExempt?: boolean;
  requiresLogin?: boolean;
}

const route = (name: RouteName, area: RouteArea, extra: Partial<RouteDefinition> = {}): RouteDefinition => ({
  name,
  path: routePaths[name],
  area,
  page: 'comingSoon',
  ...extra,
});

const account = (name: RouteName, extra: Partial<RouteDefinition> = {}): RouteDefinition =>
  route(name, 'account', { requiresLogin: true, ...extra });

const custody = (name: RouteName, extra: Partial<RouteDefinition> = {}): RouteDefinition =>
  route(name, 'custody', { requiresLogin: true, ...extra });

const publicPage = (name: RouteName, extra: Partial<RouteDefinition> = {}): RouteDefinition => route(name, 'public', extra);

export const routeTable = [
  // Public site
  publicPage('homePage', { page: 'home', skipsTitle: true }),
  publicPage('homePageLang', { page: 'home', skipsTitle: true }),
  publicPage('error', { page: 'error' }),
  publicPage('lpoa'),
  publicPage('loginPage', { isMobileExempt: true, page: 'login' }),
  publicPage('bindLoginPage', { isMobileExempt: true }),
  publicPage('signPage', { isMobileExempt: true, page: 'signUp' }),
  publicPage('enterpriseSignPage', { isMobileExempt: true, page: 'signUp' }),
  publicPage('forgotPassword', { isMobileExempt: true, page: 'forgotPassword' }),
  publicPage('userAgreement', { isMobileExempt: true }),
  publicPage('privacyPolicy', { isMobileExempt: true }),
  publicPage('privacyPolicyEn', { isMobileExempt: true }),
  publicPage('privacyPolicyRu', { isMobileExempt: true }),
  publicPage('privacyPolicyZhTw', { isMobileExempt: true }),
  publicPage('saleAgree', { isMobileExempt: true }),
  publicPage('salePrivacy', { isMobileExempt: true }),
  publicPage('invitePageIndex', { isMobileExempt: true }),
  publicPage('invitePageSign', { isMobileExempt: true, page: 'signUp' }),
  publicPage('futures', { skipsTitle: true }),

  // Mobile pages (real responsive pages, spec §2)
  route('propertyBuyCryptoMobile', 'mobile', { isMobileExempt: true }),
  route('propertyMarketResearchMobile', 'mobile', { page: 'research' }),
  route('propertyMarketResearchReport', 'mobile', { page: 'researchReport', requiresLogin: true }),

  // Personal centre (signed in)
  account('propertyCenterDashboard', { isAssetPage: true, page: 'dashboard' }),
  account('propertyCenterBalance', { isAssetPage: true, page: 'balance' }),
  account('propertyCenterLoanBalance', { isAssetPage: true }),
  account('propertyCenterInvestmentBalancePage', { isAssetPage: true }),
  account('propertyCenterRecharge', { isAssetPage: true, page: 'recharge' }),
  account('propertyCenterWithdraw', { isAssetPage: true, page: 'withdraw' }),
  account('propertyCenterTransfer', { isAssetPage: true, page: 'transfer' }),
  account('propertyCenterAddresses', { page: 'addresses' }),
  account('propertyCenterBills', { isAssetPage: true, page: 'bills' }),
  account('propertySecuritySetting', { page: 'securityCentre' }),
  account('securityBindEmail', { page: 'bindEmail' }),
  account('securityBindPhone', { page: 'bindPhone' }),
  account('securityChangePhone', { page: 'changePhone' }),
  account('securityBindAuthenticator', { page: 'bindAuthenticator' }),
  account('securityChangeAuthenticator', { page: 'changeAuthenticator' }),
  account('securityChangePassword', { page: 'changePassword' }),
  account('securitySetFundPassword', { page: 'setFundPassword' }),
  account('securityChangeFundPassword', { page: 'changeFundPassword' }),
  account('securityResetFundPassword', { page: 'resetFundPassword' }),
  account('securityPreferences', { page: 'preferences' }),
  account('propertyAccountInfo', { page: 'accountInfo' }),
  account('identification', { page: 'identification' }),
  account('propertyApiManagement', { page: 'apiManagement' }),
  account('propertyCenterQuotation', { page: 'quotations' }),
  account('propertyCenterQuotationBtc', { page: 'quotations' }),
  account('propertyCenterQuotationUsdt', { page: 'quotations' }),
  account('propertyCenterQuotationUsdc', { page: 'quotations' }),
  account('propertyCenterQuotationDetail', { page: 'quotationDetail' }),
  account('propertyCenterCryptoIndex', { page: 'cryptoIndex' }),
  account('propertyBuyCrypto', { isMobileExempt: true }),
  account('propertyBuyCryptoLoading', { isMobileExempt: true }),
  account('propertyInvite', { isMobileExempt: true }),
  account('tradeSpot', { skipsTitle: true, isAssetPage: true, page: 'tradeSpot' }),
  account('tradeOrders', { skipsTitle: true, page: 'tradeOrders' }),
  account('tradeOrderDetail', { skipsTitle: true, page: 'tradeOrderDetail' }),
  account('tradeAutomaticSwap', { skipsTitle: true, page: 'tradeAutoSwap' }),
  account('tradeAutomaticSwapOrders', { skipsTitle: true, page: 'tradeAutoSwapRecords' }),
  account('loanOrder'),
  account('loanInvestOrder'),

  // Custody console (spec §2 custody console menu)
  custody('custodyHome', { page: 'custodyOverview' }),
  custody('custodyOverview', { page: 'custodyOverview' }),
  custody('custodyBusinessLines', { page: 'custodyBusinessLines' }),
  custody('custodySettings', { page: 'custodySettings' }),
  custody('custodyRoles', { page: 'custodyRoles' }),
  custody('custodyRoleAdd'),
  custody('custodyMembers', { page: 'custodyMembers' }),
  custody('custodyMemberAdd'),
  custody('custodyMemberEdit'),
  custody('custodyAssetReport', { page: 'custodyAssetReport' }),
  custody('custodyTransfers', { page: 'custodyTransfers' }),
  custody('custodyBillingStats', { page: 'custodyBillingStats' }),
  custody('custodyDeposit', { page: 'custodyDeposit' }),
  custody('custodyWithdraw', { page: 'custodyWithdraw' }),
  custody('custodyBatchWithdraw', { page: 'custodyBatchWithdraw' }),
  custody('custodyWithdrawOrders', { page: 'custodyWithdrawOrders' }),
  custody('custodyWithdrawReview', { page: 'custodyWithdrawReview' }),
  custody('custodyAddresses', { page: 'custodyAddresses' }),
  custody('custodyBilling', { page: 'custodyBilling' }),
  custody('custodyBillingPaymentMethod', { page: 'custodyBillingPaymentMethod' }),
  custody('custodyBillingDetail', { page: 'custodyBillingDetail' }),
  custody('custodyApply', { page: 'custodyApply' }),
  custody('custodyActivate', { page: 'custodyActivate' }),
  custody('custodyMiningPool', { page: 'custodyMiningPool' }),
  // A mining-pool partner's page: no login, kept on phones too.
  publicPage('custodyPartner', { isMobileExempt: true, page: 'custodyPartner' }),
] as const satisfies readonly RouteDefinition[];

const routesByName = new Map<string, RouteDefinition>(routeTable.map((route) => [route.name, route]));

export function routeByName(name: RouteName): RouteDefinition {
  const route = routesByName.get(name);
  if (!route) throw new Error(`unknown route ${name}`);
  return route;
}
