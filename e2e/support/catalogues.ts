import { readFileSync } from 'node:fs';
import path from 'node:path';

const localesDir = path.resolve(import.meta.dirname, '../../apps/web/src/shared/i18n/locales');

type Catalogue = { [key: string]: string | Catalogue };

/**
 * The web app's strings of one namespace in one language, looked up as the app's `t` does
 * (`t('withdraw.title')`, `{{name}}` filled from `values`), so a journey expects the words its
 * language shows rather than English ones. A key missing from the catalogue fails the journey.
 */
export function translator(language: string, namespace: string): (key: string, values?: Record<string, string>) => string {
  const catalogue = JSON.parse(readFileSync(path.join(localesDir, language, `${namespace}.json`), 'utf8')) as Catalogue;
  return (key, values = {}) => {
    const text = key
      .split('.')
      .reduce<string | Catalogue | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), catalogue);
    if (typeof text !== 'string') throw new Error(`no string ${language}/${namespace}.json: ${key}`);
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) => values[name] ?? placeholder);
  };
}
