import type { ResetTicket } from '@coffer/contract';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input, Result, Steps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { pathTo } from '../../../shared/routes';
import { AntdProvider } from '../../../shared/ui/antd-provider';
import { identityApi } from '../api/identity-api';
import { useAccountCodeStep } from '../components/auth-account-step';
import { AuthAccountTypeTabs } from '../components/auth-account-type-tabs';
import { AuthCard, AuthFooterLine } from '../components/auth-card';
import { AccountCodeField, AuthAccountField, AuthCodeField } from '../components/auth-fields';
import { AuthPasswordHint } from '../components/auth-password-hint';
import { useAuthRules } from '../components/auth-rules';
import { guessDialCountry } from '../components/country-select';
import styles from './forgot-password-page.module.css';

type Stage = { step: 'verify' } | { step: 'password'; ticket: ResetTicket } | { step: 'done' };

/** Spec §2: forgot password in two steps — verify the account, then set a new password. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [stage, setStage] = useState<Stage>({ step: 'verify' });

  const footer =
    stage.step === 'done' ? undefined : (
      <AuthFooterLine>
        {t('reset.rememberPassword')}
        <Link to={pathTo('loginPage')}>{t('reset.logIn')}</Link>
      </AuthFooterLine>
    );

  return (
    <AntdProvider>
      <AuthCard
        title={t('reset.title')}
        subtitle={stage.step === 'done' ? undefined : t('reset.subtitle')}
        footer={footer}
        testId="forgot-password"
      >
        {stage.step === 'done' ? (
          <Result
            status="success"
            className={styles.result}
            title={t('reset.doneTitle')}
            subTitle={t('reset.doneText')}
            extra={
              <Button type="primary" block onClick={() => void navigate(pathTo('loginPage'))} data-testid="reset-to-login">
                {t('reset.toLogin')}
              </Button>
            }
          />
        ) : (
          <>
            <Steps
              size="small"
              className={styles.steps}
              current={stage.step === 'verify' ? 0 : 1}
              items={[{ title: t('reset.steps.verify') }, { title: t('reset.steps.password') }]}
            />
            {stage.step === 'verify' ? (
              <VerifyAccountForm onVerified={(ticket) => setStage({ step: 'password', ticket })} />
            ) : (
              <NewPasswordForm
                ticket={stage.ticket}
                onBack={() => setStage({ step: 'verify' })}
                onDone={() => setStage({ step: 'done' })}
              />
            )}
          </>
        )}
      </AuthCard>
    </AntdProvider>
  );
}

interface VerifyValues {
  account: string;
  countryCode?: string;
  code: string;
}

function VerifyAccountForm({ onVerified }: { onVerified: (ticket: ResetTicket) => void }) {
  const { t, i18n } = useTranslation('auth');
  const [form] = Form.useForm<VerifyValues>();
  const step = useAccountCodeStep(form);
  const { accountType } = step;

  const identityOf = (values: Pick<VerifyValues, 'account' | 'countryCode'>) => ({
    accountType,
    account: values.account,
    countryCode: accountType === 'phone' ? values.countryCode : undefined,
  });

  const verify = useMutation({
    mutationFn: (values: VerifyValues) => identityApi.verifyResetCode({ ...identityOf(values), code: values.code }),
    onSuccess: onVerified,
  });

  const sendCode = () =>
    step.sendCode(accountType === 'phone' ? ['countryCode', 'account'] : ['account'], (values, captcha) =>
      identityApi.sendResetCode({ ...identityOf(values), ...captcha }),
    );

  return (
    <>
      <AuthAccountTypeTabs value={accountType} onChange={step.handleAccountTypeChange} testIdPrefix="reset" />
      <Form
        form={form}
        name="resetVerify"
        layout="vertical"
        requiredMark={false}
        initialValues={{ countryCode: guessDialCountry(i18n.language) }}
        onFinish={(values) => verify.mutate(values)}
      >
        <AuthAccountField accountType={accountType} formName="resetVerify" testIdPrefix="reset" />
        <AccountCodeField codeSentTo={step.codeSentTo} captcha={step.sendCaptcha} onSend={sendCode} testIdPrefix="reset" />
        <Button type="primary" htmlType="submit" block loading={verify.isPending} data-testid="reset-next">
          {t('reset.next')}
        </Button>
      </Form>
    </>
  );
}

interface NewPasswordValues {
  password: string;
  confirmPassword: string;
  gaCode?: string;
}

function NewPasswordForm({ ticket, onBack, onDone }: { ticket: ResetTicket; onBack: () => void; onDone: () => void }) {
  const { t } = useTranslation('auth');
  const rules = useAuthRules();
  const [form] = Form.useForm<NewPasswordValues>();
  const password = Form.useWatch('password', form) ?? '';
  const needsAuthenticator = ticket.twofaRequired.includes('ga');

  const reset = useMutation({
    mutationFn: (values: NewPasswordValues) =>
      identityApi.resetPassword({
        resetToken: ticket.resetToken,
        password: values.password,
        confirmPassword: values.confirmPassword,
        gaCode: needsAuthenticator ? values.gaCode : undefined,
      }),
    onSuccess: onDone,
  });

  return (
    <Form form={form} name="resetPassword" layout="vertical" requiredMark={false} onFinish={(values) => reset.mutate(values)}>
      <Form.Item name="password" label={t('field.newPassword')} rules={rules.newPassword} extra={<AuthPasswordHint password={password} />}>
        <Input.Password
          autoComplete="new-password"
          placeholder={t('field.newPasswordPlaceholder')}
          autoFocus
          data-testid="reset-password"
        />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('field.confirmPassword')}
        dependencies={['password']}
        rules={rules.confirmation('password')}
      >
        <Input.Password autoComplete="new-password" placeholder={t('field.confirmPasswordPlaceholder')} data-testid="reset-confirm" />
      </Form.Item>
      {needsAuthenticator && (
        <AuthCodeField name="gaCode" label={t('reset.gaCode')} extra={t('reset.gaHint')} inputTestId="reset-ga-code" />
      )}
      <Button type="primary" htmlType="submit" block loading={reset.isPending} data-testid="reset-submit">
        {t('reset.submit')}
      </Button>
      <Button type="link" block className={styles.back} onClick={onBack}>
        {t('reset.back')}
      </Button>
    </Form>
  );
}
