import { countries, custodyIndustries } from '@coffer/contract/rules';
import { Alert, Button, Form, Input, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/http/error-text';
import { ApiError } from '../../../shared/http/http-client';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useRegionName } from '../../../shared/i18n/region-names';
import {
  applicationLimits,
  isApplicationCountry,
  isApplicationEmail,
  isApplicationPhone,
  isApplicationWebsite,
  type ApplicationFormValues,
} from './application-rules';
import styles from './custody.module.css';

type FieldName = keyof ApplicationFormValues;
const fieldNames: readonly FieldName[] = ['companyName', 'country', 'industry', 'website', 'contactName', 'phone', 'email'];

function isFieldName(field: string | null): field is FieldName {
  return field !== null && (fieldNames as readonly string[]).includes(field);
}

/**
 * The company application of spec §3. Each field says its rule under it before anything is
 * sent and checks it on the way out; a refusal the server ties to a field is shown on that
 * field, any other above the button.
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

  return (
    <Form<ApplicationFormValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      className={styles.form}
      initialValues={initialValues}
      onFinish={(values) =>
        onSubmit({
          ...values,
          companyName: values.companyName.trim(),
          website: values.website.trim(),
          contactName: values.contactName.trim(),
          phone: values.phone.replace(/[\s-]/g, ''),
          email: values.email.trim(),
        })
      }
      data-testid="custody-apply-form"
    >
      <Form.Item
        name="companyName"
        label={t('apply.companyName')}
        extra={rule(t('apply.rules.companyName', { max: applicationLimits.companyName }))}
        rules={[
          { required: true, whitespace: true, message: t('apply.errors.required') },
          { max: applicationLimits.companyName, message: t('apply.errors.tooLong', { max: applicationLimits.companyName }) },
        ]}
        {...fieldError('companyName')}
      >
        <Input autoComplete="organization" data-testid="custody-apply-companyName" />
      </Form.Item>
      <div className={styles.formGrid}>
        <Form.Item
          name="country"
          label={t('apply.country')}
          extra={rule(t('apply.rules.country'))}
          rules={[
            {
              validator: (_, value?: string) =>
                isApplicationCountry(value) ? Promise.resolve() : Promise.reject(new Error(t('apply.errors.country'))),
            },
          ]}
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
          rules={[{ required: true, message: t('apply.errors.industry') }]}
          {...fieldError('industry')}
        >
          <Select options={industryOptions} placeholder={t('apply.industryPlaceholder')} data-testid="custody-apply-industry" />
        </Form.Item>
      </div>
      <Form.Item
        name="website"
        label={t('apply.website')}
        extra={rule(t('apply.rules.website'))}
        rules={[
          { required: true, whitespace: true, message: t('apply.errors.required') },
          { max: applicationLimits.website, message: t('apply.errors.tooLong', { max: applicationLimits.website }) },
          {
            validator: (_, value?: string) =>
              !value?.trim() || isApplicationWebsite(value) ? Promise.resolve() : Promise.reject(new Error(t('apply.errors.website'))),
          },
        ]}
        {...fieldError('website')}
      >
        <Input placeholder="https://example.com" autoComplete="url" data-testid="custody-apply-website" />
      </Form.Item>
      <div className={styles.formGrid}>
        <Form.Item
          name="contactName"
          label={t('apply.contactName')}
          extra={rule(t('apply.rules.contactName', { max: applicationLimits.contactName }))}
          rules={[
            { required: true, whitespace: true, message: t('apply.errors.required') },
            { max: applicationLimits.contactName, message: t('apply.errors.tooLong', { max: applicationLimits.contactName }) },
          ]}
          {...fieldError('contactName')}
        >
          <Input autoComplete="name" data-testid="custody-apply-contactName" />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('apply.phone')}
          extra={rule(t('apply.rules.phone'))}
          rules={[
            {
              validator: (_, value?: string) =>
                isApplicationPhone(value ?? '') ? Promise.resolve() : Promise.reject(new Error(t('apply.errors.phone'))),
            },
          ]}
          {...fieldError('phone')}
        >
          <Input placeholder="+41 44 123 45 67" autoComplete="tel" inputMode="tel" data-testid="custody-apply-phone" />
        </Form.Item>
      </div>
      <Form.Item
        name="email"
        label={t('apply.email')}
        extra={rule(t('apply.rules.email'))}
        rules={[
          {
            validator: (_, value?: string) =>
              isApplicationEmail(value ?? '') ? Promise.resolve() : Promise.reject(new Error(t('apply.errors.email'))),
          },
        ]}
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
