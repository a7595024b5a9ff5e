import type { AccountType, LoginChallenge, SecondFactor } from '@coffer/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Radio } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useCaptchaDemand } from '../../../shared/captcha/captcha-demand';
import { CaptchaWidget } from '../../../shared/captcha/captcha-widget';
import { pathTo } from '../../../shared/routes';
import { describeDevice, sessionHandOffStorageKey } from '../../../shared/session-hand-off';
import { AntdProvider } from '../../../shared/ui/antd-provider';
import { assertPasskey } from '../../../shared/passkey';
import { closeToast } from '../../../shared/ui/toast-store';
import { identityApi } from '../api/identity-api';
import { AuthAccountTypeTabs } from '../components/auth-account-type-tabs';
import { AuthCard, AuthFooterLine } from '../components/auth-card';
import { AuthAccountField, AuthCodeField } from '../components/auth-fields';
import { useAuthRules } from '../components/auth-rules';
import { guessDialCountry } from '../components/country-select';
import styles from './login-page.module.css';

const secondFactorOrder: readonly SecondFactor[] = ['ga', 'sms', 'email'];

type Challenge = Pick<LoginChallenge, 'preLoginToken' | 'twofaList' | 'userNo'> &
  Partial<Pick<LoginChallenge, 'maskedEmail' | 'maskedPhone'>>;

function isSecondFactor(value: unknown): value is SecondFactor {
  return typeof value === 'string' && (secondFactorOrder as readonly string[]).includes(value);
}

/** What the session-request guard left for this page (spec §2), if anything usable. */
function readSessionHandOff(): Challenge | null {
  try {
    const raw = sessionStorage.getItem(sessionHandOffStorageKey);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { preLoginToken, twofaList, userNo } = value as Record<string, unknown>;
    if (typeof preLoginToken !== 'string' || preLoginToken === '' || !Array.isArray(twofaList)) return null;
    return {
      preLoginToken,
      twofaList: twofaList.filter(isSecondFactor),
      userNo: typeof userNo === 'string' ? userNo : '',
    };
  } catch {
    return null;
  }
}

/** Only a path on this site may be the target after login; anything else goes to the dashboard. */
function safeRedirectTarget(raw: string | null): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  try {
    const url = new URL(raw, window.location.origin);
    if (url.origin !== window.location.origin) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

interface CredentialsValues {
  account: string;
  countryCode?: string;
  password: string;
  /** The solved captcha's token, when the server demanded one. */
  captchaToken?: string;
}

/** Spec §2/§4: log in by e-mail or phone and password, then confirm with a second factor. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const [challenge, setChallenge] = useState<Challenge | null>(readSessionHandOff);

  useEffect(() => {
    // The hand-off is used once; a reload starts from the password form.
    sessionStorage.removeItem(sessionHandOffStorageKey);
  }, []);

  // An error of the step being left (a wrong password before the right one) says nothing about the next one.
  const changeStep = (next: Challenge | null) => {
    closeToast('error');
    setChallenge(next);
  };

  return (
    <AntdProvider>
      {challenge ? (
        <AuthCard title={t('twofa.title')} subtitle={t('twofa.subtitle')} testId="login-twofa-step">
          <SecondFactorForm challenge={challenge} onBack={() => changeStep(null)} />
        </AuthCard>
      ) : (
        <AuthCard
          title={t('login.title')}
          subtitle={t('login.subtitle')}
          testId="login-credentials-step"
          footer={
            <AuthFooterLine>
              {t('login.noAccount')}
              <Link to={pathTo('signPage')}>{t('login.signUp')}</Link>
            </AuthFooterLine>
          }
        >
          <CredentialsForm onChallenge={changeStep} />
        </AuthCard>
      )}
    </AntdProvider>
  );
}

function CredentialsForm({ onChallenge }: { onChallenge: (challenge: Challenge) => void }) {
  const { t, i18n } = useTranslation('auth');
  const rules = useAuthRules();
  const [form] = Form.useForm<CredentialsValues>();
  const [accountType, setAccountType] = useState<AccountType>('email');
  const captcha = useCaptchaDemand();

  const login = useMutation({
    mutationFn: (values: CredentialsValues) =>
      identityApi.login({
        accountType,
        account: values.account,
        countryCode: accountType === 'phone' ? values.countryCode : undefined,
        password: values.password,
        equipmentName: describeDevice(navigator.userAgent),
        ...(values.captchaToken ? { captchaToken: values.captchaToken } : {}),
      }),
    onSuccess: onChallenge,
    onError: captcha.handleError,
    onSettled: (_data, _error, values) => {
      // The token is spent whatever the answer; a further try needs a new challenge.
      if (values.captchaToken) captcha.spent();
    },
  });

  // After too many failures the server asks for the captcha: once solved, the login is retried with its token.
  const handleCaptchaToken = (captchaToken: string) => {
    void form.validateFields().then(
      (values) => login.mutate({ ...values, captchaToken }),
      () => undefined,
    );
  };

  const handleAccountTypeChange = (next: AccountType) => {
    setAccountType(next);
    form.setFields([{ name: 'account', value: '', errors: [] }]);
  };

  return (
    <>
      <AuthAccountTypeTabs value={accountType} onChange={handleAccountTypeChange} testIdPrefix="login" />
      <Form
        form={form}
        name="login"
        layout="vertical"
        requiredMark={false}
        initialValues={{ countryCode: guessDialCountry(i18n.language) }}
        onFinish={(values) => login.mutate(values)}
      >
        <AuthAccountField accountType={accountType} formName="login" testIdPrefix="login" autoFocus />
        <Form.Item name="password" rules={rules.loginPassword} label={t('field.password')} className={styles.passwordItem}>
          <Input.Password autoComplete="current-password" placeholder={t('field.passwordPlaceholder')} data-testid="login-password" />
        </Form.Item>
        {captcha.isDemanded && <CaptchaWidget key={captcha.round} purpose="login" onToken={handleCaptchaToken} />}
        <div className={styles.forgotRow}>
          <Link to={pathTo('forgotPassword')} className={styles.forgot} data-testid="login-forgot-password">
            {t('login.forgotPassword')}
          </Link>
        </div>
        <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
          {t('login.submit')}
        </Button>
      </Form>
    </>
  );
}

interface SecondFactorValues {
  method: SecondFactor;
  code: string;
}

function SecondFactorForm({ challenge, onBack }: { challenge: Challenge; onBack: () => void }) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [form] = Form.useForm<SecondFactorValues>();
  const methods = secondFactorOrder.filter((method) => challenge.twofaList.includes(method));
  const firstMethod = methods[0];
  const [method, setMethod] = useState<SecondFactor | undefined>(firstMethod);
  const [codeSent, setCodeSent] = useState<SecondFactor | null>(null);

  const loggedIn = async () => {
    await queryClient.invalidateQueries({ queryKey: ['identity'] });
    const target = safeRedirectTarget(searchParams.get('redirect')) ?? pathTo('propertyCenterDashboard');
    await navigate(target, { replace: true });
  };
  const confirm = useMutation({
    mutationFn: (values: SecondFactorValues) =>
      identityApi.loginTwofa({ preLoginToken: challenge.preLoginToken, method: values.method, code: values.code }),
    onSuccess: loggedIn,
  });
  const hasPasskey = challenge.twofaList.includes('passkey');
  const [passkeyFailed, setPasskeyFailed] = useState(false);
  const withPasskey = useMutation({
    mutationFn: async () => {
      setPasskeyFailed(false);
      const options = await identityApi.loginPasskeyOptions({ preLoginToken: challenge.preLoginToken });
      // A cancelled or failed browser prompt is said here; the server's refusals come as toasts.
      const assertion = await assertPasskey(options).catch((error: unknown) => {
        setPasskeyFailed(true);
        throw error;
      });
      return identityApi.loginTwofa({ preLoginToken: challenge.preLoginToken, method: 'passkey', passkey: assertion });
    },
    onSuccess: loggedIn,
  });
  const passkeyButton = hasPasskey ? (
    <div className={styles.passkey}>
      <Button block onClick={() => withPasskey.mutate()} loading={withPasskey.isPending} data-testid="twofa-passkey">
        {t('twofa.usePasskey')}
      </Button>
      {passkeyFailed ? (
        <p className={styles.notice} role="alert" data-testid="twofa-passkey-failed">
          {t('twofa.passkeyFailed')}
        </p>
      ) : null}
    </div>
  ) : null;

  if (!method) {
    return (
      <>
        {passkeyButton}
        {hasPasskey ? null : (
          <p className={styles.notice} role="alert">
            {t('twofa.noMethods')}
          </p>
        )}
        <Button block onClick={onBack}>
          {t('twofa.back')}
        </Button>
      </>
    );
  }

  const handleMethodChange = (next: SecondFactor) => {
    setMethod(next);
    form.setFields([{ name: 'code', value: '', errors: [] }]);
  };

  const target = method === 'sms' ? challenge.maskedPhone : method === 'email' ? challenge.maskedEmail : null;
  const hint =
    method === 'ga'
      ? t('twofa.hint.ga')
      : codeSent === method
        ? target
          ? t('code.sentTo', { target })
          : t('code.sent')
        : target
          ? t(method === 'sms' ? 'twofa.hint.sms' : 'twofa.hint.email', { target })
          : t(method === 'sms' ? 'twofa.hint.smsUnknown' : 'twofa.hint.emailUnknown');

  const sendCode =
    method === 'ga'
      ? undefined
      : async () => {
          const sent = await identityApi.sendLoginCode({ preLoginToken: challenge.preLoginToken, method });
          setCodeSent(method);
          return sent;
        };

  return (
    <Form
      form={form}
      name="loginTwofa"
      layout="vertical"
      requiredMark={false}
      initialValues={{ method: firstMethod }}
      onFinish={(values) => confirm.mutate({ ...values, method })}
    >
      <Form.Item name="method" label={t('twofa.methodLabel')}>
        <Radio.Group
          vertical
          aria-label={t('twofa.methodLabel')}
          className={styles.methods}
          onChange={(event) => handleMethodChange(event.target.value as SecondFactor)}
        >
          {methods.map((option) => {
            const destination = option === 'sms' ? challenge.maskedPhone : option === 'email' ? challenge.maskedEmail : null;
            return (
              <Radio key={option} value={option} className={styles.method}>
                <span data-testid={`twofa-method-${option}`} className={styles.methodText}>
                  <span className={styles.methodName}>{t(`twofa.method.${option}`)}</span>
                  {destination && <span className={styles.methodDestination}>{destination}</span>}
                </span>
              </Radio>
            );
          })}
        </Radio.Group>
      </Form.Item>
      <AuthCodeField
        key={method}
        label={t(`twofa.codeLabel.${method}`)}
        extra={<span data-testid="twofa-hint">{hint}</span>}
        onSend={sendCode}
        inputTestId="twofa-code"
        sendTestId="twofa-send-code"
        autoFocus
      />
      <Button type="primary" htmlType="submit" block loading={confirm.isPending} data-testid="twofa-submit">
        {t('twofa.submit')}
      </Button>
      {passkeyButton}
      <Button type="link" block className={styles.back} onClick={onBack} data-testid="twofa-back">
        {t('twofa.back')}
      </Button>
    </Form>
  );
}
