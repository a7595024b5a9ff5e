import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import common from '../src/shared/i18n/locales/en/common.json';
import home from '../src/shared/i18n/locales/en/home.json';
import auth from '../src/shared/i18n/locales/en/auth.json';
import security from '../src/shared/i18n/locales/en/security.json';
import wallet from '../src/shared/i18n/locales/en/wallet.json';

/** English catalogues loaded synchronously, for component tests. */
export function createTestI18n(): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { common, home, auth, security, wallet } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}
