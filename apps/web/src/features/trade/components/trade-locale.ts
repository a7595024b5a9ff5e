/** The interface language as one of ours (English when i18next holds something else). */
export { useLanguage as useTradeLanguage } from '../../../shared/i18n/use-language';
