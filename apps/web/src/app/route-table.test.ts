import { describe, expect, it } from 'vitest';
import common from '../shared/i18n/locales/en/common.json';
import { routePaths } from '../shared/routes';
import { routeTable } from './route-table';

/** Route names and paths named by spec §2. */
const specRouteNames = [
  'homePage',
  'propertyCenterBalance',
  'propertyCenterLoanBalance',
  'propertyCenterInvestmentBalancePage',
  'propertyCenterRecharge',
  'propertyCenterWithdraw',
  'propertyCenterBills',
  'propertyCenterDashboard',
  'propertySecuritySetting',
  'identification',
  'propertyCenterQuotation',
  'propertyCenterQuotationBtc',
  'propertyCenterQuotationUsdt',
  'propertyCenterQuotationUsdc',
  'propertyCenterQuotationDetail',
  'propertyBuyCrypto',
  'propertyBuyCryptoLoading',
  'userAgreement',
  'privacyPolicy',
  'privacyPolicyEn',
  'privacyPolicyRu',
  'privacyPolicyZhTw',
  'invitePageIndex',
  'invitePageSign',
  'signPage',
  'loginPage',
  'bindLoginPage',
  'propertyMarketResearchMobile',
  'saleAgree',
];
const specPaths = [
  '/error',
  '/lpoa',
  '/login',
  '/trade/automaticSwap',
  '/trade/orders',
  '/invitePage/invite',
  '/propertyCenter/buyCryptoMobile',
  '/propertyCenter/researchMobile',
  '/:lang/home',
  '/loan/order',
  '/loan/investOrder',
  '/futures',
];

describe('the route table', () => {
  it('holds every route name and path of spec §2', () => {
    const names = routeTable.map((route) => route.name);
    const paths = routeTable.map((route) => route.path);
    for (const name of specRouteNames) expect(names, name).toContain(name);
    for (const path of specPaths) expect(paths, path).toContain(path);
  });

  it('has unique names and paths', () => {
    expect(new Set(routeTable.map((route) => route.name)).size).toBe(routeTable.length);
    expect(new Set(routeTable.map((route) => route.path)).size).toBe(routeTable.length);
  });

  it('has a translated title for every route', () => {
    for (const route of routeTable) expect(Object.keys(common.titles), route.name).toContain(route.name);
  });

  it('skips the title on trade and home pages only', () => {
    const skipping = routeTable.filter((route) => 'skipsTitle' in route && route.skipsTitle).map((route) => route.path);
    for (const path of skipping) expect(path).toMatch(/^\/(trade\/|futures$|$|:lang\/home$)/);
  });

  it('composes every named path into the router once', () => {
    expect(routeTable.map((route) => route.name).sort()).toEqual(Object.keys(routePaths).sort());
    for (const route of routeTable) expect(route.path, route.name).toBe(routePaths[route.name]);
  });
});
