import type { SecurityVerification } from '@coffer/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { sessionUserQuery } from '../../../shared/api/session-user';
import { usePasskeyChoice } from '../../../shared/ui/passkey-choice';
import { identityApi } from '../api/identity-api';
import { CountrySelect } from './country-select';
import { CodeField } from '../../../shared/ui/code-field';
import { useSecurityCompletion } from './security-completion';
import { useSecurityRules } from './security-form-rules';
import { SecurityPageFrame } from './security-page-frame';
import { SecuritySubmitButton } from './security-submit-button';
import { securityVerification, SecurityVerificationFields } from '../../../shared/ui/security-verification-fields';
import styles from './security-forms.module.css';

interface PhoneValues extends SecurityVerification {
  countryCode: string;
  phone: string;
  newSmsCode: string;
}

/** Bind a phone or change the bound one: country, number without its code, SMS code, verification. */
export function SecurityPhoneForm({ mode }: { mode: 'bind' | 'change' }) {
  const { t } = useTranslation('security');
  const [form] = Form.useForm<PhoneValues>();
  const rules = useSecurityRules();
  const complete = useSecurityCompletion();
  const { data: user } = useQuery(sessionUserQuery);
  const purpose = mode === 'bind' ? 'bindPhone' : 'changePhone';
  const passkey = usePasskeyChoice(purpose);

  const save = useMutation({
    mutationFn: async (values: PhoneValues) => {
      const body = {
        countryCode: values.countryCode,
        phone: values.phone.trim(),
        newSmsCode: values.newSmsCode.trim(),
        ...(await securityVerification(values, passkey)),
      };
      return mode === 'bind' ? identityApi.bindPhone(body) : identityApi.changePhone(body);
    },
    onSuccess: () => complete(mode === 'bind' ? t('phone.bindSuccess') : t('phone.changeSuccess')),
  });

  const sendToNewPhone = async () => {
    const { countryCode, phone } = await form.validateFields(['countryCode', 'phone']);
    return identityApi.sendUserCode({ purpose, channel: 'sms', phone: phone.trim(), countryCode });
  };

  return (
    <SecurityPageFrame
      title={mode === 'bind' ? t('phone.bindTitle') : t('phone.changeTitle')}
      intro={mode === 'bind' ? t('phone.bindIntro') : t('phone.changeIntro')}
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        className={styles.form}
        initialValues={{ countryCode: user?.countryCode ?? undefined }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item name="countryCode" label={t('phone.country')} rules={[{ ...rules.required, whitespace: false }]}>
          <CountrySelect display="name" placeholder={t('phone.countryPlaceholder')} data-testid="phone-country" />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t('phone.number')}
          dependencies={['countryCode']}
          rules={[rules.required, rules.phoneOf('countryCode')]}
        >
          <Input
            inputMode="tel"
            autoComplete="tel-national"
            maxLength={15}
            placeholder={t('phone.numberPlaceholder')}
            data-testid="phone-number"
          />
        </Form.Item>
        <CodeField
          name="newSmsCode"
          label={t('phone.code')}
          onSend={sendToNewPhone}
          inputTestId="phone-code"
          sendTestId="phone-code-send"
        />
        <SecurityVerificationFields passkey={passkey} />
        <SecuritySubmitButton loading={save.isPending} testId="phone-submit" />
      </Form>
    </SecurityPageFrame>
  );
}
