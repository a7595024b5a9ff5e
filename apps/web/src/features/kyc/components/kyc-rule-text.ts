import { errorMessage } from '@coffer/contract/errors';
import { kycRuleErrorKeys, type KycRule } from '@coffer/contract/rules';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/use-language';

/** The rules the server answers with the generic "check this field" code; the form says precisely what is wrong. */
type FieldRule = { [R in KycRule]: (typeof kycRuleErrorKeys)[R] extends 'kycFieldInvalid' ? R : never }[KycRule];

function isFieldRule(rule: KycRule): rule is FieldRule {
  return kycRuleErrorKeys[rule] === 'kycFieldInvalid';
}

export interface RuleContext {
  /** The field's character limit, for `tooLong`. */
  max?: number;
  /** A better text for `idNumberFormat`: what the chosen document's number looks like. */
  idNumberFormat?: string;
}

/**
 * The message of a broken KYC rule (@coffer/contract/rules). A rule with its own catalogue code
 * (age, restricted country, file type and size, video length) shows the catalogue's message, as
 * the server would; the others say what is wrong with the field.
 */
export function useKycRuleText(): (rule: KycRule, context?: RuleContext) => string {
  const { t } = useTranslation('kyc');
  const language = useLanguage();
  return useCallback(
    (rule, context = {}) => {
      if (!isFieldRule(rule)) return errorMessage(kycRuleErrorKeys[rule], language);
      if (rule === 'idNumberFormat' && context.idNumberFormat) return context.idNumberFormat;
      return t(`rules.${rule}`, { max: context.max ?? 0 });
    },
    [t, language],
  );
}
