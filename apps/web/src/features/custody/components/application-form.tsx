import type { CustodyApplicationBody } from '@coffer/contract';
import {
  cleanCustodyApplication,
  countries,
  custodyApplicationFields,
  custodyApplicationLimits,
  custodyIndustries,
  validateCustodyApplication,
  type CustodyApplicationField,
} from '@coffer/contract/rules';
import { Alert, Button, Form, Input, Select, type FormRule } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/http/error-text';
import { ApiError } from '../../../shared/http/http-client';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useRegionName } from '../../../shared/i18n/region-names';
import styles from './custody.module.css';

type ApplicationFormValues = CustodyApplicationBody;
type FieldName = CustodyApplicationField;
const maxChars: Partial<Record<FieldName, number>> = custodyApplicationLimits;

function isFieldName(field: string | null): field is FieldName {
  return field !== null && (custodyApplicationFields as readonly string[]).includes(field);
}

/**
 * The company application of spec §3. Each field says its rule under it before anything is
 * sent and checks it on the way out by the contract's `validateCustodyApplication` (the
 * server's own rules); a refusal the server ties to a field is shown on that field, any other
 * above the button.
 */
export function ApplicationForm({
  initialValues,
  pending,
  error,
  onSubmit,
}: {
  initialValues: Partial<ApplicationFormValues>;
  pending: boolean;
  error: unknown;
  onSubmit: (values: ApplicationFormValues) => void;
}) {
  const { t } = useTranslation('custody');
  const language = useLanguage();
  const nameOf = useRegionName();
  const [form] = Form.useForm<ApplicationFormValues>();
  const countryOptions = useMemo(() => {
    const collator = new Intl.Collator(language);
    return countries
      .map((country) => ({ value: country.code, label: nameOf(country.code) }))
      .sort((left, right) => collator.compare(left.label, right.label));
  }, [language, nameOf]);
  const industryOptions = custodyIndustries.map((industry) => ({ value: industry, label: t(`industries.${industry}`) }));

  const serverField = error instanceof ApiError && isFieldName(error.field) ? error.field : null;
  const message = errorText(error);
  const rule = (text: string) => <span className={styles.rule}>{text}</span>;
  const fieldError = (name: FieldName) => (serverField === name && message ? { validateStatus: 'error' as const, help: message } : {});
  /** The field's rule: what the contract finds wrong with its value, in the form's words. */
  const check = (field: FieldName): FormRule => ({
    validator: async (_, value?: string) => {
      const problem = validateCustodyApplication({ [field]: value }).find((each) => each.field === field);
      if (!problem) return;
      if (problem.rule === 'required') throw new Error(t('apply.errors.required'));
      if (problem.rule === 'tooLong') throw new Error(t('apply.errors.tooLong', { max: maxChars[field] }));
      throw new Error(t(`apply.errors.${problem.rule}`));
    },
  });

  return (
    <Form<ApplicationFormValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      className={styles.form}
      initialValues={initialValues}
      onFinish={(values) => onSubmit(cleanCustodyApplication(values))}
      data-testid="custody-apply-form"
    >
      <Form.Item
        name="companyName"
        label={t('apply.companyName')}
        extra={rule(t('apply.rules.companyName', { max: custodyApplicationLimits.companyName }))}
        rules={[check('companyName')]}
        {...fieldError('companyName')}
      >
        <Input autoComplete="organization" data-testid="custody-apply-companyName" />
      </Form.Item>
      <div className={styles.formGrid}>
        <Form.Item
          name="country"
          label={t('apply.country')}
          extra={rule(t('apply.rules.country'))}
          rules={[check('country')]}
          {...fieldError('country')}
        >
          <Select
            options={countryOptions}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('apply.countryPlaceholder')}
            notFoundContent={t('apply.countryNotFound')}
            data-testid="custody-apply-country"
          />
        </Form.Item>
        <Form.Item
          name="industry"
          label={t('apply.industry')}
          extra={rule(t('apply.rules.industry'))}
          rules={[check('industry')]}
          {...fieldError('industry')}
        >
          <Select options={industryOptions} placeholder={t('apply.industryPlaceholder')} data-testid="custody-apply-industry" />
        </Form.Item>
      </div>
      <Form.Item
        name="website"
        label={t('apply.website')}
        extra={rule(t('apply.rules.website'))}
        rules={[check('website')]}
        {...fieldError('website')}
      >
        <Input placeholder="https://example.com" autoComplete="url" data-testid="custody-apply-website" />
      </Form.Item>
      <div className={styles.formGrid}>
        <Form.Item
          name="contactName"
          label={t('apply.contactName')}
          extra={rule(t('apply.rules.contactName', { max: custodyApplicationLimits.contactName }))}
          rules={[check('contactName')]}
          {...fieldError('contactName')}
        >
          <Input autoComplete="name" data-testid="custody-apply-contactName" />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('apply.phone')}
          extra={rule(t('apply.rules.phone'))}
          rules={[check('phone')]}
          {...fieldError('phone')}
        >
          <Input placeholder="+41 44 123 45 67" autoComplete="tel" inputMode="tel" data-testid="custody-apply-phone" />
        </Form.Item>
      </div>
      <Form.Item
        name="email"
        label={t('apply.email')}
        extra={rule(t('apply.rules.email'))}
        rules={[check('email')]}
        {...fieldError('email')}
      >
        <Input type="email" autoComplete="email" data-testid="custody-apply-email" />
      </Form.Item>
      {message !== null && serverField === null ? (
        <Alert type="error" showIcon title={message} role="alert" data-testid="custody-apply-error" />
      ) : null}
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={pending} data-testid="custody-apply-submit">
          {t('apply.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
