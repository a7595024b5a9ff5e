import { decimalSign } from '../format/format-amount';
import { useLanguage } from '../i18n/use-language';
import styles from './price-direction.module.css';

/** Preference key for the colour convention; absent means "follow the language". */
export const priceColorsStorageKey = 'coffer.priceColors';

function storedConvention(): 'greenUp' | 'redUp' | null {
  try {
    const value = localStorage.getItem(priceColorsStorageKey);
    return value === 'greenUp' || value === 'redUp' ? value : null;
  } catch {
    return null;
  }
}

/**
 * design.md: green up / red down by default, red up / green down in Simplified and
 * Traditional Chinese, unless the user chose otherwise.
 */
export function useIsRedUp(): boolean {
  const language = useLanguage();
  const stored = storedConvention();
  if (stored) return stored === 'redUp';
  return language === 'zh-CN' || language === 'zh-TW';
}

/**
 * A price change: arrow and sign carry the direction, colour only repeats it (design.md).
 * `text` is the already formatted value, e.g. "+1.25%".
 */
export function PriceChange({ value, text }: { value: string; text: string }) {
  const isRedUp = useIsRedUp();
  const sign = decimalSign(value);
  const tone = sign === 0 ? styles.flat : sign > 0 === isRedUp ? styles.red : styles.green;
  return (
    <span className={`${styles.change} ${tone}`}>
      {sign === 0 ? null : (
        <span aria-hidden="true" className={styles.arrow}>
          {sign > 0 ? '▲' : '▼'}
        </span>
      )}
      {text}
    </span>
  );
}
