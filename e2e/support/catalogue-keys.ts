import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const localesDir = path.resolve(import.meta.dirname, '../../apps/web/src/shared/i18n/locales/en');

type Catalogue = { [key: string]: string | Catalogue };

function flatten(catalogue: Catalogue, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : flatten(value, `${prefix}${key}.`),
  );
}

/** Every translation key of the web app, to prove none reaches the screen untranslated. */
export const translationKeys: string[] = readdirSync(localesDir)
  .filter((file) => file.endsWith('.json'))
  .flatMap((file) => flatten(JSON.parse(readFileSync(path.join(localesDir, file), 'utf8')) as Catalogue));
