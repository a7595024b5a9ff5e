import { Form, Input, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { addressPattern, withdrawalFieldRules } from './withdrawal-rules';

/** The rules of a withdrawal's or an address-book entry's address: required, 3–128 characters, no spaces. */
export function useAddressRules(): FormRule[] {
  const { t } = useTranslation('funds');
  return [
    { required: true, whitespace: true, message: t('withdraw.errors.addressRequired') },
    {
      min: withdrawalFieldRules.addressMinChars,
      max: withdrawalFieldRules.addressMaxChars,
      message: t('withdraw.errors.addressInvalid'),
    },
    { pattern: addressPattern, message: t('withdraw.errors.addressInvalid') },
  ];
}

/** The tag/memo of a network that takes one, as `tag` of the surrounding antd Form. */
export function TagField({ testId, placeholder }: { testId: string; placeholder?: string }) {
  const { t } = useTranslation('funds');
  return (
    <Form.Item
      name="tag"
      label={t('withdraw.tag')}
      extra={t('withdraw.tagHint')}
      rules={[
        {
          max: withdrawalFieldRules.tagMaxChars,
          message: t('withdraw.errors.tagTooLong', { max: withdrawalFieldRules.tagMaxChars }),
        },
      ]}
    >
      <Input data-testid={testId} autoComplete="off" maxLength={withdrawalFieldRules.tagMaxChars} showCount placeholder={placeholder} />
    </Form.Item>
  );
}
