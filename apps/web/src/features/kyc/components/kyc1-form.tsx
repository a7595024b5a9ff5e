import type { KycCountry, SaveKyc1Body } from '@coffer/contract';
import {
  kycBirthdayRange,
  kycDocumentTypes,
  kycLimits,
  validateKyc1,
  type Kyc1Field,
  type Kyc1Input,
  type KycDocumentType,
} from '@coffer/contract/rules';
import { errorMessage } from '@coffer/contract/errors';
import { Alert, Button, DatePicker, Form, Input, Radio, type FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useSaveKyc1 } from '../api/save-kyc1';
import { AddressProofField, type AddressProofValue } from './address-proof-field';
import { KycCountrySelect } from './kyc-country-select';
import { failureText } from './failure-text';
import { useKycRuleText } from './kyc-rule-text';
import { isFieldInvalid, refusedFieldOf } from './refused-field';
import styles from './kyc.module.css';

export interface Kyc1Values {
  surname?: string;
  givenName?: string;
  chineseName?: string;
  documentType?: KycDocumentType;
  documentCountry?: string;
  idNumber?: string;
  /** 'YYYY-MM-DD'. */
  birthday?: string;
  building?: string;
  street?: string;
  region?: string;
  city?: string;
  country?: string;
  addressProof?: AddressProofValue;
}

/** The form's values as the contract's rules read them. */
function inputOf(values: Kyc1Values): Kyc1Input {
  return {
    surname: values.surname ?? '',
    givenName: values.givenName ?? '',
    chineseName: values.chineseName,
    documentType: values.documentType ?? '',
    documentCountry: values.documentCountry ?? '',
    idNumber: values.idNumber ?? '',
    birthday: values.birthday ?? '',
    building: values.building ?? '',
    street: values.street ?? '',
    region: values.region ?? '',
    city: values.city ?? '',
    country: values.country ?? '',
  };
}

const maxChars: Record<Kyc1Field, number> = {
  surname: kycLimits.nameMaxChars,
  givenName: kycLimits.nameMaxChars,
  chineseName: kycLimits.chineseNameMaxChars,
  documentType: 0,
  documentCountry: 0,
  idNumber: kycLimits.idNumberMaxChars,
  birthday: 0,
  building: kycLimits.addressLineMaxChars,
  street: kycLimits.addressLineMaxChars,
  region: kycLimits.addressLineMaxChars,
  city: kycLimits.addressLineMaxChars,
  country: 0,
};

const kyc1Fields = Object.keys(maxChars) as Kyc1Field[];

const dayFormat = 'YYYY-MM-DD';

/**
 * KYC1, basic verification (spec §3): names, the identity document, birthday, address and one
 * proof of address. Every field is judged by the contract's `validateKyc1` (the server's own
 * check, on the same UTC day), so the form refuses exactly what the server would, each rule
 * with its own message; the server's refusal shows as its catalogue message.
 */
export function Kyc1Form({
  countries,
  defaultCountry,
  today,
  onSubmitted,
}: {
  countries: readonly KycCountry[];
  /** The country chosen first: the document's and the address's until changed. */
  defaultCountry: string;
  /** 'YYYY-MM-DD' in UTC, as the server judges the age. */
  today: string;
  onSubmitted: () => void;
}) {
  const { t } = useTranslation('kyc');
  const language = useLanguage();
  const [form] = Form.useForm<Kyc1Values>();
  const ruleText = useKycRuleText();
  const save = useSaveKyc1();
  const proof = Form.useWatch('addressProof', form);
  const range = kycBirthdayRange(today);
  const refusedField = refusedFieldOf(save.error, kyc1Fields);
  // A refused field is marked on the form; the summary names it in the customer's words.
  const saveProblem = refusedField
    ? errorMessage('kycFieldInvalid', language, { field: t(`kyc1.fields.${refusedField}`) })
    : save.error
      ? failureText(save.error, t('errors.submitFailed'))
      : null;

  const rules = useMemo(() => {
    const idNumberFormat = (values: Kyc1Values) => {
      if (values.documentType === 'idCard' && values.documentCountry === 'CN') return t('kyc1.idFormat.idCardCn');
      return values.documentType ? t(`kyc1.idFormat.${values.documentType}`) : undefined;
    };
    /** What is wrong with `field` by the contract's rules, or null. */
    const problemText = (field: Kyc1Field, values: Kyc1Values): string | null => {
      const problem = validateKyc1(inputOf(values), today).find((each) => each.field === field);
      if (!problem) return null;
      if (field === 'chineseName' && problem.rule === 'characters') return t('kyc1.chineseNameCharacters');
      return ruleText(problem.rule, { max: maxChars[field], idNumberFormat: idNumberFormat(values) });
    };
    const ruleFor =
      (field: Kyc1Field): FormRule =>
      ({ getFieldsValue }) => ({
        validator: async () => {
          const text = problemText(field, getFieldsValue(true) as Kyc1Values);
          if (text !== null) throw new Error(text);
        },
      });
    const proofRule: FormRule = {
      validator: async (_rule, value: AddressProofValue | undefined) => {
        if (value?.problem) throw new Error(value.problem);
        if (!value?.uploadId && !value?.isUploading) throw new Error(t('kyc1.proofRequired'));
      },
    };
    return { problemText, ruleFor, proofRule };
  }, [t, ruleText, today]);

  /** Marks the field the server refused with what is wrong with it (the rule's text when the form can tell). */
  const markRefusedField = (error: unknown, values: Kyc1Values) => {
    const field = refusedFieldOf(error, kyc1Fields);
    if (!field) return;
    const text =
      rules.problemText(field, values) ??
      (isFieldInvalid(error) ? errorMessage('kycFieldInvalid', language, { field: t(`kyc1.fields.${field}`) }) : (error as Error).message);
    form.setFields([{ name: field, errors: [text] }]);
    form.scrollToField(field);
  };

  const handleFinish = (values: Kyc1Values) => {
    const input = inputOf(values);
    const uploadId = values.addressProof?.uploadId;
    if (!uploadId || !values.documentType) return;
    const chineseName = input.chineseName?.trim();
    const body: SaveKyc1Body = {
      surname: input.surname.trim(),
      givenName: input.givenName.trim(),
      ...(chineseName ? { chineseName } : {}),
      documentType: values.documentType,
      documentCountry: input.documentCountry,
      idNumber: input.idNumber.trim().toUpperCase(),
      birthday: input.birthday,
      building: input.building.trim(),
      street: input.street.trim(),
      region: input.region.trim(),
      city: input.city.trim(),
      country: input.country,
      addressProofUploadId: uploadId,
    };
    save.mutate(body, { onSuccess: onSubmitted, onError: (error) => markRefusedField(error, values) });
  };

  const text = (field: Kyc1Field, testId: string, autoComplete?: string) => (
    <Form.Item name={field} label={t(`kyc1.fields.${field}`)} rules={[rules.ruleFor(field)]}>
      <Input autoComplete={autoComplete} data-testid={testId} />
    </Form.Item>
  );

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMark={false}
      className={styles.form}
      initialValues={{ documentCountry: defaultCountry || undefined, country: defaultCountry || undefined }}
      onFinish={handleFinish}
      data-testid="kyc1-form"
    >
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('kyc1.identity')}</legend>
        <div className={styles.grid}>
          {text('surname', 'kyc1-surname', 'family-name')}
          {text('givenName', 'kyc1-given-name', 'given-name')}
          <Form.Item
            name="chineseName"
            label={t('kyc1.fields.chineseName')}
            extra={t('kyc1.chineseNameHint')}
            rules={[rules.ruleFor('chineseName')]}
          >
            <Input data-testid="kyc1-chinese-name" />
          </Form.Item>
          <Form.Item
            name="birthday"
            label={t('kyc1.fields.birthday')}
            extra={t('kyc1.birthdayHint')}
            rules={[rules.ruleFor('birthday')]}
            dependencies={['idNumber', 'documentType', 'documentCountry']}
            getValueProps={(value: string | undefined) => ({ value: value ? dayjs(value) : undefined })}
            normalize={(value: Dayjs | null) => (value ? value.format(dayFormat) : undefined)}
          >
            <DatePicker
              className={styles.fullWidth}
              format={dayFormat}
              placeholder={dayFormat}
              disabledDate={(day) => {
                const value = day.format(dayFormat);
                return value < range.earliest || value > range.latest;
              }}
              defaultPickerValue={dayjs(range.latest)}
              data-testid="kyc1-birthday"
            />
          </Form.Item>
        </div>
        <Form.Item
          name="documentType"
          label={<span id="kyc1-document-type-label">{t('kyc1.fields.documentType')}</span>}
          rules={[rules.ruleFor('documentType')]}
        >
          <Radio.Group optionType="button" buttonStyle="solid" aria-labelledby="kyc1-document-type-label" data-testid="kyc1-document-type">
            {kycDocumentTypes.map((type) => (
              <Radio.Button key={type} value={type}>
                <span data-testid={`kyc1-document-type-${type}`}>{t(`documentTypes.${type}`)}</span>
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        <div className={styles.grid}>
          <Form.Item name="documentCountry" label={t('kyc1.fields.documentCountry')} rules={[rules.ruleFor('documentCountry')]}>
            <KycCountrySelect countries={countries} data-testid="kyc1-document-country" />
          </Form.Item>
          <Form.Item
            name="idNumber"
            label={t('kyc1.fields.idNumber')}
            rules={[rules.ruleFor('idNumber')]}
            dependencies={['documentType', 'documentCountry']}
          >
            <Input autoComplete="off" spellCheck={false} data-testid="kyc1-id-number" />
          </Form.Item>
        </div>
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('kyc1.address')}</legend>
        <div className={styles.grid}>
          {text('building', 'kyc1-building', 'address-line2')}
          {text('street', 'kyc1-street', 'address-line1')}
          {text('region', 'kyc1-region', 'address-level1')}
          {text('city', 'kyc1-city', 'address-level2')}
          <Form.Item name="country" label={t('kyc1.fields.country')} rules={[rules.ruleFor('country')]}>
            <KycCountrySelect countries={countries} data-testid="kyc1-country" />
          </Form.Item>
        </div>
      </fieldset>

      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{t('kyc1.proof')}</legend>
        <p className={styles.muted}>{t('kyc1.proofIntro')}</p>
        <Form.Item name="addressProof" rules={[rules.proofRule]} label={t('kyc1.proofLabel')}>
          <AddressProofField />
        </Form.Item>
      </fieldset>

      {saveProblem ? (
        <Alert type="error" showIcon className={styles.formAlert} title={saveProblem} data-testid="kyc1-server-error" />
      ) : null}
      <div className={styles.formActions}>
        <Button type="primary" htmlType="submit" loading={save.isPending} disabled={proof?.isUploading === true} data-testid="kyc1-submit">
          {t('kyc1.submit')}
        </Button>
        <span className={styles.muted}>{t('kyc1.submitHint')}</span>
      </div>
    </Form>
  );
}
