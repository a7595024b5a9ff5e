/**
 * Every route of spec §2 by name: its path. Features link with `pathTo`; app/route-table.ts
 * gives each route its page, layout and guard flags.
 */
export const routePaths = {
  // Public site
  homePage: '/',
  homePageLang: '/:lang/home',
  error: '/error',
  lpoa: '/lpoa',
  loginPage: '/login',
  bindLoginPage: '/bindLogin',
  signPage: '/sign',
  enterpriseSignPage: '/sign/enterprise',
  forgotPassword: '/forgotPassword',
  userAgreement: '/userAgreement',
  privacyPolicy: '/privacyPolicy',
  privacyPolicyEn: '/privacyPolicy/en',
  privacyPolicyRu: '/privacyPolicy/ru',
  privacyPolicyZhTw: '/privacyPolicy/zh-TW',
  saleAgree: '/saleAgree',
  salePrivacy: '/salePrivacy',
  invitePageIndex: '/invitePage/invite',
  invitePageSign: '/invitePage/sign',
  futures: '/futures',

  // Mobile pages (real responsive pages, spec §2)
  propertyBuyCryptoMobile: '/propertyCenter/buyCryptoMobile',
  propertyMarketResearchMobile: '/propertyCenter/researchMobile',
  propertyMarketResearchReport: '/propertyCenter/researchMobile/:reportId',

  // Personal centre (signed in)
  propertyCenterDashboard: '/propertyCenter/dashboard',
  propertyCenterBalance: '/propertyCenter/balance',
  propertyCenterLoanBalance: '/propertyCenter/loanBalance',
  propertyCenterInvestmentBalancePage: '/propertyCenter/investmentBalance',
  propertyCenterRecharge: '/propertyCenter/recharge',
  propertyCenterWithdraw: '/propertyCenter/withdraw',
  propertyCenterTransfer: '/propertyCenter/transfer',
  propertyCenterAddresses: '/propertyCenter/addresses',
  propertyCenterBills: '/propertyCenter/bills',
  propertySecuritySetting: '/propertyCenter/securitySetting',
  securityBindEmail: '/propertyCenter/securitySetting/bindEmail',
  securityBindPhone: '/propertyCenter/securitySetting/bindPhone',
  securityChangePhone: '/propertyCenter/securitySetting/changePhone',
  securityBindAuthenticator: '/propertyCenter/securitySetting/bindGoogle',
  securityChangeAuthenticator: '/propertyCenter/securitySetting/changeGoogle',
  securityChangePassword: '/propertyCenter/securitySetting/changePassword',
  securitySetFundPassword: '/propertyCenter/securitySetting/fundPassword',
  securityChangeFundPassword: '/propertyCenter/securitySetting/changeFundPassword',
  securityResetFundPassword: '/propertyCenter/securitySetting/resetFundPassword',
  securityPreferences: '/propertyCenter/securitySetting/preferences',
  propertyAccountInfo: '/propertyCenter/accountInfo',
  identification: '/propertyCenter/identification',
  propertyApiManagement: '/propertyCenter/api',
  propertyCenterQuotation: '/propertyCenter/quotation',
  propertyCenterQuotationBtc: '/propertyCenter/quotation/btc',
  propertyCenterQuotationUsdt: '/propertyCenter/quotation/usdt',
  propertyCenterQuotationUsdc: '/propertyCenter/quotation/usdc',
  propertyCenterQuotationDetail: '/propertyCenter/quotation/detail/:action',
  propertyCenterCryptoIndex: '/propertyCenter/quotation/index',
  propertyBuyCrypto: '/propertyCenter/buyCrypto',
  propertyBuyCryptoLoading: '/propertyCenter/buyCryptoLoading',
  propertyInvite: '/propertyCenter/invite',
  tradeSpot: '/trade/spot',
  tradeOrders: '/trade/orders',
  tradeOrderDetail: '/trade/orders/:orderId',
  tradeAutomaticSwap: '/trade/automaticSwap',
  tradeAutomaticSwapOrders: '/trade/automaticSwap/orders',
  loanOrder: '/loan/order',
  loanInvestOrder: '/loan/investOrder',

  // Custody console (spec §2 custody console menu)
  /** The console's home: the config overview. */
  custodyHome: '/custody',
  custodyOverview: '/custody/overview',
  custodyBusinessLines: '/custody/businessLines',
  custodySettings: '/custody/settings',
  custodyRoles: '/custody/roles',
  custodyRoleAdd: '/custody/roles/add',
  custodyMembers: '/custody/members',
  custodyMemberAdd: '/custody/members/add',
  custodyMemberEdit: '/custody/members/:memberId/edit',
  custodyAssetReport: '/custody/assetReport',
  custodyTransfers: '/custody/transfers',
  custodyBillingStats: '/custody/billingStats',
  custodyDeposit: '/custody/deposit',
  custodyWithdraw: '/custody/withdraw',
  custodyBatchWithdraw: '/custody/withdraw/batch',
  custodyWithdrawOrders: '/custody/withdrawOrders',
  custodyWithdrawReview: '/custody/withdrawOrders/:orderId/review',
  custodyAddresses: '/custody/addresses',
  custodyBilling: '/custody/billing',
  custodyBillingDetail: '/custody/billing/:billId',
  custodyBillingPaymentMethod: '/custody/billing/paymentMethod',
  custodyApply: '/custody/apply',
  /** Where a member's e-mailed activation link lands (`?token=`). */
  custodyActivate: '/custody/activate',
  custodyMiningPool: '/custody/miningPool',
  /** Where a mining-pool partner's link lands (no login; the link's secret in the fragment, `#<token>`). */
  custodyPartner: '/custody/partner',
} as const;

export type RouteName = keyof typeof routePaths;

/** Builds a concrete path for a named route, filling `:param` segments. */
export function pathTo(name: RouteName, params: Record<string, string> = {}): string {
  return routePaths[name].replace(/:(\w+)/g, (_whole, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`route ${name} needs ${key}`);
    return encodeURIComponent(value);
  });
}

/**
 * What the router hangs on each route (`useMatches()[n].handle`): which named route matched,
 * for pages shown under several routes.
 */
export interface RouteHandle {
  route: { name: RouteName };
}
