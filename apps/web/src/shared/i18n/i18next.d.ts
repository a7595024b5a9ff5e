import 'i18next';
import type common from './locales/en/common.json';
import type home from './locales/en/home.json';
import type auth from './locales/en/auth.json';
import type security from './locales/en/security.json';
import type wallet from './locales/en/wallet.json';
import type market from './locales/en/market.json';
import type funds from './locales/en/funds.json';
import type trade from './locales/en/trade.json';
import type research from './locales/en/research.json';
import type kyc from './locales/en/kyc.json';
import type admin from './locales/en/admin.json';
import type apikeys from './locales/en/apikeys.json';
import type custody from './locales/en/custody.json';
import type custodyOrg from './locales/en/custodyOrg.json';
import type custodyConfig from './locales/en/custodyConfig.json';
import type custodyPool from './locales/en/custodyPool.json';
import type custodyMoney from './locales/en/custodyMoney.json';
import type custodyOrders from './locales/en/custodyOrders.json';
import type custodyBilling from './locales/en/custodyBilling.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      home: typeof home;
      auth: typeof auth;
      security: typeof security;
      wallet: typeof wallet;
      market: typeof market;
      funds: typeof funds;
      trade: typeof trade;
      research: typeof research;
      kyc: typeof kyc;
      admin: typeof admin;
      apikeys: typeof apikeys;
      custody: typeof custody;
      custodyOrg: typeof custodyOrg;
      custodyConfig: typeof custodyConfig;
      custodyPool: typeof custodyPool;
      custodyMoney: typeof custodyMoney;
      custodyOrders: typeof custodyOrders;
      custodyBilling: typeof custodyBilling;
    };
  }
}
