import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Form, Input, type FormRule } from 'antd';
import { useRef } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation, useMatches, useNavigate, useSearchParams } from 'react-router';
import type { RouteHandle } from '../../../shared/routes';
import { useCaptchaDemand } from '../../../shared/captcha/captcha-demand';
import { CaptchaWidget } from '../../../shared/captcha/captcha-widget';
import { pathTo } from '../../../shared/routes';
import { AntdProvider } from '../../../shared/ui/antd-provider';
import { identityApi } from '../api/identity-api';
import { useAccountCodeStep } from '../components/auth-account-step';
import { AuthAccountTypeTabs } from '../components/auth-account-type-tabs';
import { AuthCard, AuthFooterLine } from '../components/auth-card';
import { AccountCodeField } from '../components/auth-fields';
import { AuthPasswordHint } from '../components/auth-password-hint';
import { normalisePhone, trimValue, useAuthRules } from '../components/auth-rules';
import { CountrySelect, dialCodeOf } from '../components/country-select';
import styles from './sign-up-page.module.css';

type SignUpKind = 'personal' | 'enterprise' | 'invite';

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'route' in handle;
}

/** Which sign-up this is: personal (/sign), enterprise (/sign/enterprise) or an invite link. */
function useSignUpKind(): SignUpKind {
  const matches = useMatches();
  const { pathname } = useLocation();
  const routeName = matches
    .map((match) => match.handle)
    .filter(isRouteHandle)
    .at(-1)?.route.name;
  if (routeName === 'enterpriseSignPage' || (!routeName && pathname === pathTo('enterpriseSignPage'))) return 'enterprise';
  if (routeName === 'invitePageSign' || (!routeName && pathname === pathTo('invitePageSign'))) return 'invite';
  return 'personal';
}

interface SignUpValues {
  countryCode: string;
  account: string;
  code: string;
  password: string;
  confirmPassword: string;
  inviteCode?: string;
  agreeTerms: boolean;
}

/** Spec §2/§5: registration by e-mail or phone, personal or enterprise, or from an invite link. */
export function SignUpPage() {
  const { t } = useTranslation('auth');
  const kind = useSignUpKind();
  const [searchParams] = useSearchParams();
  const linkedInviteCode = kind === 'invite' ? (searchParams.get('inviteCode')?.trim() ?? '') : '';

  return (
    <AntdProvider>
      <AuthCard
        title={t(`signUp.title.${kind}`)}
        subtitle={t(`signUp.subtitle.${kind}`)}
        testId={`sign-up-${kind}`}
        footer={
          <>
            <AuthFooterLine>
              {t('signUp.haveAccount')}
              <Link to={pathTo('loginPage')}>{t('signUp.logIn')}</Link>
            </AuthFooterLine>
            {kind === 'personal' && (
              <AuthFooterLine>
                {t('signUp.enterpriseQuestion')}
                <Link to={pathTo('enterpriseSignPage')} data-testid="signup-switch-kind">
                  {t('signUp.enterpriseLink')}
                </Link>
              </AuthFooterLine>
            )}
            {kind === 'enterprise' && (
              <AuthFooterLine>
                {t('signUp.personalQuestion')}
                <Link to={pathTo('signPage')} data-testid="signup-switch-kind">
                  {t('signUp.personalLink')}
                </Link>
              </AuthFooterLine>
            )}
          </>
        }
      >
        <SignUpForm key={kind} kind={kind} linkedInviteCode={linkedInviteCode} />
      </AuthCard>
    </AntdProvider>
  );
}

function SignUpForm({ kind, linkedInviteCode }: { kind: SignUpKind; linkedInviteCode: string }) {
  const { t } = useTranslation('auth');
  const rules = useAuthRules();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SignUpValues>();
  const step = useAccountCodeStep(form);
  const { accountType } = step;
  const countryCode = Form.useWatch('countryCode', form);
  const password = Form.useWatch('password', form) ?? '';
  const inviteCode = Form.useWatch('inviteCode', form);
  /** Invite codes already asked about, so blur and submit do not ask twice. */
  const inviteChecks = useRef(new Map<string, Promise<boolean>>());

  // An invite link's code is locked, unless the server says it is not valid.
  const linkedCheck = useQuery({
    queryKey: ['invite-code', linkedInviteCode],
    queryFn: () => identityApi.verifyInviteCode(linkedInviteCode),
    enabled: linkedInviteCode !== '',
    staleTime: Infinity,
  });
  const isInviteLocked = linkedInviteCode !== '' && linkedCheck.data?.valid !== false;

  const isInviteCodeValid = (code: string): Promise<boolean> => {
    let check = inviteChecks.current.get(code);
    if (!check) {
      check = identityApi.verifyInviteCode(code).then(
        ({ valid }) => valid,
        // The call failed and said so; the server checks the code again on registration.
        () => true,
      );
      inviteChecks.current.set(code, check);
    }
    return check;
  };

  const inviteRules: FormRule[] = [
    {
      validator: async (_rule, value: unknown) => {
        const code = typeof value === 'string' ? value.trim() : '';
        if (code === '') return;
        if (code === linkedInviteCode && linkedCheck.data) {
          if (linkedCheck.data.valid) return;
          throw new Error(t('validation.inviteInvalid'));
        }
        if (!(await isInviteCodeValid(code))) throw new Error(t('validation.inviteInvalid'));
      },
    },
  ];
  // The link's code turned out invalid: say so at once, and let the user change or clear it.
  const showLinkedInviteInvalid = linkedCheck.data?.valid === false && inviteCode === linkedInviteCode;

  const agreeRules: FormRule[] = [
    {
      validator: async (_rule, value: unknown) => {
        if (value !== true) throw new Error(t('validation.agreeRequired'));
      },
    },
  ];

  // Registering has its captcha after too many wrong codes (sending has its own: `step`).
  const registerCaptcha = useCaptchaDemand();

  const register = useMutation({
    mutationFn: (values: SignUpValues & { captchaToken?: string }) =>
      identityApi.register({
        accountType,
        account: values.account,
        countryCode: values.countryCode,
        code: values.code,
        password: values.password,
        confirmPassword: values.confirmPassword,
        inviteCode: values.inviteCode?.trim() || undefined,
        agreeTerms: true,
        accountKind: kind === 'enterprise' ? 'enterprise' : 'personal',
        ...(values.captchaToken ? { captchaToken: values.captchaToken } : {}),
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['identity'] });
      await navigate(pathTo('propertySecuritySetting'));
    },
    onError: registerCaptcha.handleError,
    onSettled: (_data, _error, values) => {
      if (values.captchaToken) registerCaptcha.spent();
    },
  });

  // A solved captcha retries the registration at once with its token.
  const handleRegisterCaptcha = (captchaToken: string) => {
    void form.validateFields().then(
      (values) => register.mutate({ ...values, captchaToken }),
      () => undefined,
    );
  };

  const sendCode = () =>
    step.sendCode(['countryCode', 'account'], (values, captcha) =>
      identityApi.sendRegisterCode({ accountType, account: values.account, countryCode: values.countryCode, ...captcha }),
    );

  const dialCode = dialCodeOf(countryCode);

  return (
    <>
      <AuthAccountTypeTabs value={accountType} onChange={step.handleAccountTypeChange} testIdPrefix="signup" />
      <Form
        form={form}
        name="signUp"
        layout="vertical"
        requiredMark={false}
        initialValues={{ inviteCode: linkedInviteCode, agreeTerms: false }}
        onFinish={(values) => register.mutate(values)}
      >
        <Form.Item name="countryCode" label={t('field.residence')} rules={rules.residence}>
          <CountrySelect display="name" placeholder={t('field.residencePlaceholder')} data-testid="signup-country" />
        </Form.Item>
        {accountType === 'email' ? (
          <Form.Item name="account" label={t('field.email')} rules={rules.email} normalize={trimValue} validateTrigger="onBlur">
            <Input inputMode="email" autoComplete="email" placeholder={t('field.emailPlaceholder')} data-testid="signup-account" />
          </Form.Item>
        ) : (
          <Form.Item
            name="account"
            label={t('field.phone')}
            rules={rules.phone}
            dependencies={['countryCode']}
            normalize={normalisePhone}
            validateTrigger="onBlur"
          >
            <Input
              inputMode="tel"
              autoComplete="tel-national"
              prefix={dialCode ? <span className={styles.dialCode}>{dialCode}</span> : undefined}
              placeholder={t('field.phonePlaceholder')}
              data-testid="signup-account"
            />
          </Form.Item>
        )}
        <AccountCodeField codeSentTo={step.codeSentTo} captcha={step.sendCaptcha} onSend={sendCode} testIdPrefix="signup" />
        <Form.Item name="password" label={t('field.password')} rules={rules.newPassword} extra={<AuthPasswordHint password={password} />}>
          <Input.Password autoComplete="new-password" placeholder={t('field.newPasswordPlaceholder')} data-testid="signup-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('field.confirmPassword')}
          dependencies={['password']}
          rules={rules.confirmation('password')}
        >
          <Input.Password autoComplete="new-password" placeholder={t('field.confirmPasswordPlaceholder')} data-testid="signup-confirm" />
        </Form.Item>
        <Form.Item
          name="inviteCode"
          label={t('field.inviteCode')}
          rules={inviteRules}
          normalize={trimValue}
          validateTrigger="onBlur"
          extra={isInviteLocked ? t('field.inviteLocked') : undefined}
          validateStatus={showLinkedInviteInvalid ? 'error' : undefined}
          help={showLinkedInviteInvalid ? t('validation.inviteInvalid') : undefined}
        >
          <Input
            readOnly={isInviteLocked}
            maxLength={16}
            placeholder={t('field.invitePlaceholder')}
            className={isInviteLocked ? styles.locked : undefined}
            data-testid="signup-invite"
          />
        </Form.Item>
        <Form.Item name="agreeTerms" valuePropName="checked" rules={agreeRules} className={styles.agree}>
          <Checkbox data-testid="signup-agree">
            <Trans
              t={t}
              i18nKey="signUp.agree"
              components={{
                terms: <Link to={pathTo('userAgreement')} target="_blank" rel="noopener" className={styles.legalLink} />,
                privacy: <Link to={pathTo('privacyPolicy')} target="_blank" rel="noopener" className={styles.legalLink} />,
              }}
            />
          </Checkbox>
        </Form.Item>
        {registerCaptcha.isDemanded && (
          <CaptchaWidget key={registerCaptcha.round} purpose="register" onToken={handleRegisterCaptcha} testId="signup-captcha" />
        )}
        <Button type="primary" htmlType="submit" block loading={register.isPending} data-testid="signup-submit">
          {t('signUp.submit')}
        </Button>
      </Form>
    </>
  );
}
