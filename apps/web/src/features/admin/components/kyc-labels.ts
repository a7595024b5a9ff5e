import { kyc1Fields, kyc3Fields, kyc3Groups } from '@coffer/contract/rules';
import { useTranslation } from 'react-i18next';
import { useRegionName } from '../../../shared/i18n/region-names';
import { emptyValue } from './admin-format';

/** Submitted-data fields in the order a reviewer reads them (the forms' order: KYC1, then KYC3); others follow. */
const fieldOrder: readonly string[] = [...kyc1Fields, ...kyc3Fields];

/** Fields labelled with the customer's own words; the back office names the rest more briefly. */
const customerWorded = new Set<string>(kyc1Fields.filter((field) => !['documentType', 'idNumber', 'country'].includes(field)));
const multiSelects = new Set<string>(kyc3Groups.map((group) => group.field));
const countryFields = new Set(['country', 'documentCountry']);

const rank = (key: string) => {
  const index = fieldOrder.indexOf(key);
  return index === -1 ? fieldOrder.length : index;
};

/**
 * Names for what a KYC application holds, in the operator's language: submitted-data fields and
 * values (from the customer's `kyc` catalogue where the customer saw them), rule checks, the
 * provider's outcome and who decided.
 */
export function useKycLabels() {
  const { t } = useTranslation('admin');
  const { t: tKyc } = useTranslation('kyc');
  const regionName = useRegionName();

  const fieldLabel = (key: string): string => {
    if (customerWorded.has(key)) return tKyc(`kyc1.fields.${key}`, { defaultValue: key });
    if (multiSelects.has(key)) return tKyc(`kyc3.${key}.label`, { defaultValue: key });
    return t(`kyc.fields.${key}`, { defaultValue: key });
  };

  const valueText = (key: string, value: unknown): string => {
    if (value === null || value === undefined || value === '') return emptyValue;
    if (typeof value === 'boolean') return value ? t('kyc.yes') : t('kyc.no');
    if (typeof value === 'string' && countryFields.has(key)) return regionName(value);
    if (typeof value === 'string' && key === 'documentType') return tKyc(`documentTypes.${value}`, { defaultValue: value });
    if (Array.isArray(value) && multiSelects.has(key)) {
      return value.map((item) => tKyc(`kyc3.${key}.options.${String(item)}`, { defaultValue: String(item) })).join(', ');
    }
    if (typeof value === 'string' || typeof value === 'number') return String(value);
    if (Array.isArray(value) && value.every((item) => typeof item === 'string' || typeof item === 'number')) return value.join(', ');
    return JSON.stringify(value);
  };

  /** The entries of submitted data, labelled and in reading order. */
  const fields = (data: Record<string, unknown>) =>
    Object.entries(data)
      .sort(([a], [b]) => rank(a) - rank(b))
      .map(([key, value]) => ({ key, label: fieldLabel(key), value: valueText(key, value) }));

  const ruleLabel = (rule: string) => t(`kyc.rules.${rule}`, { defaultValue: rule });

  /** The provider's recorded answer (`{"kind":"approved"}`) in words; null when there is none. */
  const outcomeText = (outcome: string | null): string | null => {
    if (outcome === null) return null;
    let kind: unknown = null;
    try {
      kind = (JSON.parse(outcome) as { kind?: unknown } | null)?.kind;
    } catch {
      kind = null;
    }
    if (kind === 'approved' || kind === 'rejected' || kind === 'manualReview') return t(`kyc.outcomes.${kind}`);
    return t('kyc.outcomes.other', { code: typeof kind === 'string' ? kind : outcome });
  };

  /** Who decided (`operator:1`, or the system's name) in words. */
  const deciderText = (decidedBy: string): string => {
    const operator = /^operator:(.+)$/.exec(decidedBy);
    return operator ? t('kyc.decidedByOperator', { id: operator[1] }) : t('kyc.decidedBySystem');
  };

  return { fields, valueText, ruleLabel, outcomeText, deciderText, regionName };
}
