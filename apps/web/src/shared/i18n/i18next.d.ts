import 'i18next';
import type common from './locales/en/common.json';
import type home from './locales/en/home.json';
import type auth from './locales/en/auth.json';
import type security from './locales/en/security.json';
import type wallet from './locales/en/wallet.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      home: typeof home;
      auth: typeof auth;
      security: typeof security;
      wallet: typeof wallet;
    };
  }
}
