import type { ErrorKey } from '@coffer/contract/errors';
import { errorMessage } from '@coffer/contract/errors';
import { checkConfirmation, checkPhone } from '@coffer/contract/rules';
import type { FormRule } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from './security-format';

/**
 * antd form rules built on the server's own rule functions (packages/contract/rules), so a
 * form refuses exactly what the server would, with the catalogue's wording.
 */
export function useSecurityRules() {
  const { t } = useTranslation('security');
  const language = useLanguage();

  return useMemo(() => {
    const fail = (key: ErrorKey) => Promise.reject(new Error(errorMessage(key, language)));
    const text = (value: unknown): string => (typeof value === 'string' ? value : '');

    const required: FormRule = { required: true, whitespace: true, message: t('common.required') };

    /** A rule from a contract check: it answers a catalogue key or null. */
    const check = (rule: (value: string) => ErrorKey | null): FormRule => ({
      validator: (_rule, value: unknown) => {
        if (text(value) === '') return Promise.resolve();
        const key = rule(text(value));
        return key ? fail(key) : Promise.resolve();
      },
    });

    /** The confirmation must equal the field it confirms. */
    const confirms =
      (field: string): FormRule =>
      ({ getFieldValue }) => ({
        validator: (_rule, value: unknown) => {
          if (text(value) === '') return Promise.resolve();
          const key = checkConfirmation(text(getFieldValue(field)), text(value));
          return key ? fail(key) : Promise.resolve();
        },
      });

    /** A phone number valid in the country chosen in `countryField` (spec §5). */
    const phoneOf =
      (countryField: string): FormRule =>
      ({ getFieldValue }) => ({
        validator: (_rule, value: unknown) => {
          const country = text(getFieldValue(countryField));
          if (text(value) === '' || country === '') return Promise.resolve();
          const key = checkPhone(text(value).trim(), country);
          return key ? fail(key) : Promise.resolve();
        },
      });

    return { required, check, confirms, phoneOf };
  }, [t, language]);
}
