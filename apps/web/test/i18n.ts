import type { Language } from '@coffer/contract/languages';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import common from '../src/shared/i18n/locales/en/common.json';
import home from '../src/shared/i18n/locales/en/home.json';
import auth from '../src/shared/i18n/locales/en/auth.json';
import security from '../src/shared/i18n/locales/en/security.json';
import wallet from '../src/shared/i18n/locales/en/wallet.json';
import market from '../src/shared/i18n/locales/en/market.json';
import funds from '../src/shared/i18n/locales/en/funds.json';
import trade from '../src/shared/i18n/locales/en/trade.json';
import research from '../src/shared/i18n/locales/en/research.json';

/**
 * English catalogues loaded synchronously, for component tests. Another `language` starts in it
 * (its catalogues added by the test); a key it lacks falls back to English.
 */
export function createTestI18n(language: Language = 'en'): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    resources: { en: { common, home, auth, security, wallet, market, trade, funds, research } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}
