/**
 * Translation completeness: every namespace exists in en, zh-CN, zh-TW and ru with the same
 * keys, no empty text and the same {{placeholders}}. The error catalogue's four languages
 * are checked by the compiler (packages/contract/src/errors/catalogue.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { languages } from '../packages/contract/src/languages';

const localesDir = path.resolve(import.meta.dirname, '../apps/web/src/shared/i18n/locales');

type Catalogue = { [key: string]: string | Catalogue };

function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const fullKey = `${prefix}${key}`;
    if (typeof value === 'string') entries.set(fullKey, value);
    else for (const [nested, text] of flatten(value, `${fullKey}.`)) entries.set(nested, text);
  }
  return entries;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
    .map((m) => m[1])
    .sort()
    .join(',');

const problems: string[] = [];
const namespaces = new Set(
  languages.flatMap((language) => readdirSync(path.join(localesDir, language)).filter((file) => file.endsWith('.json'))),
);

for (const file of [...namespaces].sort()) {
  const catalogues = new Map<string, Map<string, string>>();
  for (const language of languages) {
    try {
      catalogues.set(language, flatten(JSON.parse(readFileSync(path.join(localesDir, language, file), 'utf8')) as Catalogue));
    } catch (error) {
      problems.push(`${language}/${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const english = catalogues.get('en');
  if (!english) continue;
  const allKeys = new Set([...catalogues.values()].flatMap((catalogue) => [...catalogue.keys()]));
  for (const [language, catalogue] of catalogues) {
    for (const key of allKeys) {
      const text = catalogue.get(key);
      if (text === undefined) problems.push(`${language}/${file}: missing key ${key}`);
      else if (text.trim() === '') problems.push(`${language}/${file}: empty text for ${key}`);
      else if (english.has(key) && placeholders(text) !== placeholders(english.get(key) ?? '')) {
        problems.push(
          `${language}/${file}: ${key} has placeholders {${placeholders(text)}}, English has {${placeholders(english.get(key) ?? '')}}`,
        );
      }
    }
  }
}

if (problems.length > 0) {
  console.error(`Translation check failed (${problems.length}):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`Translations complete: ${namespaces.size} namespace(s) × ${languages.length} languages.`);
