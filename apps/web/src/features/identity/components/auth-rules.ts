import type { ErrorKey } from '@coffer/contract/errors';
import { errorMessage } from '@coffer/contract/errors';
import { checkConfirmation, checkEmail, checkLoginPassword, checkPhone, isRestrictedRegion } from '@coffer/contract/rules';
import type { FormRule } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/use-language';

const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Account fields drop spaces a paste brings along; phone numbers also lose dashes. */
export const trimValue = (value: unknown): string => asText(value).trim();
export const normalisePhone = (value: unknown): string => asText(value).replace(/[\s\-()]/g, '');

/**
 * antd rules built from the spec §5 checks the server runs too (@coffer/contract/rules), so
 * a form refuses exactly what the server would refuse, with the catalogue's own wording.
 * Empty fields are left to the `required` rule so each field shows one message at a time.
 */
export function useAuthRules() {
  const { t } = useTranslation('auth');
  const language = useLanguage();

  return useMemo(() => {
    const fromCheck = (check: (value: string) => ErrorKey | null): FormRule => ({
      validator: async (_rule, value: unknown) => {
        const text = asText(value);
        if (text === '') return;
        const key = check(text);
        if (key) throw new Error(errorMessage(key, language));
      },
    });
    const required: FormRule = { required: true, whitespace: true, message: t('validation.required') };
    const requiredChoice: FormRule = { required: true, message: t('validation.required') };

    return {
      required: [required],
      requiredChoice: [requiredChoice],
      email: [required, fromCheck(checkEmail)],
      /** The number without its country code, valid in the country of the form's `countryCode`. */
      phone: [
        required,
        ({ getFieldValue }) => ({
          validator: async (_rule, value: unknown) => {
            const text = asText(value);
            const country = asText(getFieldValue('countryCode'));
            if (text === '' || country === '') return;
            const key = checkPhone(text, country);
            if (key) throw new Error(errorMessage(key, language));
          },
        }),
      ] satisfies FormRule[],
      /** A login password is only required: older passwords may predate today's rule. */
      loginPassword: [{ required: true, message: t('validation.required') }],
      newPassword: [{ required: true, message: t('validation.required') }, fromCheck(checkLoginPassword)],
      /** The confirmation of `passwordField`, re-checked when that field changes. */
      confirmation: (passwordField: string): FormRule[] => [
        { required: true, message: t('validation.required') },
        ({ getFieldValue }) => ({
          validator: async (_rule, value: unknown) => {
            const text = asText(value);
            if (text === '') return;
            const key = checkConfirmation(asText(getFieldValue(passwordField)), text);
            if (key) throw new Error(errorMessage(key, language));
          },
        }),
      ],
      /** Spec §8/§9: restricted regions cannot register. */
      residence: [
        requiredChoice,
        {
          validator: async (_rule, value: unknown) => {
            const code = asText(value);
            if (code !== '' && isRestrictedRegion(code)) throw new Error(errorMessage('countryRestricted', language));
          },
        },
      ] satisfies FormRule[],
    };
  }, [t, language]);
}
