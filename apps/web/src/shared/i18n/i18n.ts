import { languageTypeByLanguage, type Language } from '@coffer/contract';
import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storeLanguage } from './language';

export const namespaces = [
  'common',
  'home',
  'auth',
  'security',
  'wallet',
  'market',
  'trade',
  'funds',
  'research',
  'kyc',
  'admin',
  'apikeys',
  'custody',
  'custodyOrg',
  'custodyConfig',
  'custodyPool',
  'custodyMoney',
  'custodyOrders',
  'custodyBilling',
] as const;
/** Loaded before the first render; the others come with the pages that use them (router.tsx). */
const startupNamespaces: Namespace[] = ['common', 'home'];
export type Namespace = (typeof namespaces)[number];

type Catalogue = Record<string, unknown>;
const catalogueLoaders = import.meta.glob<Catalogue>('./locales/*/*.json', { import: 'default' });

/** Loads only the active language's catalogues, each as its own small chunk. */
const lazyCatalogues: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = catalogueLoaders[`./locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`no catalogue ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (catalogue) => callback(null, catalogue),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export async function createI18n(language: Language): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance
    .use(lazyCatalogues)
    .use(initReactI18next)
    .init({
      lng: language,
      ns: startupNamespaces,
      defaultNS: 'common',
      fallbackLng: false,
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    });
  reflectLanguage(language);
  return instance;
}

/** Switches language, stores the choice (spec §2) and updates the document. */
export async function switchLanguage(instance: I18n, language: Language): Promise<void> {
  await instance.changeLanguage(language);
  storeLanguage(language);
  reflectLanguage(language);
}

function reflectLanguage(language: Language): void {
  document.documentElement.lang = language;
  document.documentElement.dataset.languageType = languageTypeByLanguage[language];
}

export function currentLanguage(instance: I18n): Language {
  return instance.language as Language;
}
