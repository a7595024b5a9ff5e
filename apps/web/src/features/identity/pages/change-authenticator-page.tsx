import type { SecurityVerification } from '@coffer/contract';
import { errorCatalogue } from '@coffer/contract/errors';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Result, Steps, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/http/http-client';
import { CodeField } from '../../../shared/ui/code-field';
import { usePasskeyChoice } from '../../../shared/ui/passkey-choice';
import { closeToast } from '../../../shared/ui/toast-store';
import { identityApi } from '../api/identity-api';
import setupStyles from '../components/authenticator-setup.module.css';
import { AuthenticatorSetupSteps, type NewSecretState } from '../components/authenticator-setup';
import { useSecurityCompletion } from '../components/security-completion';
import formStyles from '../components/security-forms.module.css';
import { SecurityPageFrame } from '../components/security-page-frame';
import { SecuritySubmitButton } from '../components/security-submit-button';
import { securityVerification, SecurityVerificationFields } from '../../../shared/ui/security-verification-fields';
import styles from './change-authenticator-page.module.css';

/** A change ticket the server gave for the verified factors, and when it runs out. */
interface Ticket {
  changeTicket: string;
  expiresAt: number;
  minutes: number;
}

type Stage = { step: 'verify' } | { step: 'scan' | 'confirm'; ticket: Ticket } | { step: 'expired' };

const stepIndex = { verify: 0, scan: 1, confirm: 2 } as const;

/** The change ticket has run out or was spent: only starting again helps. */
function isTicketGone(error: unknown): boolean {
  return error instanceof ApiError && error.code === errorCatalogue.authenticatorChangeTicketInvalid.code;
}

/**
 * Marks the code field the server refused with its message (the catalogue's, in the user's
 * language), beside the HTTP client's toast, so the customer sees which code to fix.
 */
function markRefusedField<Values>(form: FormInstance<Values>, error: unknown, fields: ReadonlyArray<keyof Values & string>) {
  if (!(error instanceof ApiError)) return;
  const field = fields.find((name) => name === error.field);
  // antd's NamePath<Values> does not accept a generic key of Values, hence the cast.
  if (field) form.setFields([{ name: field, errors: [error.message] }] as Parameters<FormInstance<Values>['setFields']>[0]);
}

/**
 * Move Google Authenticator to a new secret in the three steps of spec §7: change-ga-check
 * verifies the bound factors (the current authenticator among them) and answers a change ticket,
 * ga-generate gives the ticket a new secret to scan, ga-check confirms it with the new app's
 * code. The ticket lasts minutes; when it runs out the customer starts again.
 */
export function ChangeAuthenticatorPage() {
  const { t } = useTranslation('security');
  const complete = useSecurityCompletion();
  const [stage, setStage] = useState<Stage>({ step: 'verify' });
  // An error of the step being left (a wrong code before the right one) says nothing about the next one;
  // an expiry keeps its toast, which says to start again.
  const moveTo = (next: Stage) => {
    closeToast('error');
    setStage(next);
  };
  // A new round of the first step (after an expiry) starts from empty fields.
  const [round, setRound] = useState(0);

  const generate = useMutation({
    mutationFn: (changeTicket: string) => identityApi.generateChangedAuthenticator({ changeTicket }),
    onError: (error) => {
      if (isTicketGone(error)) setStage({ step: 'expired' });
    },
  });

  // The ticket's own clock: once it has run out the server refuses it, so say so at once.
  const expiresAt = stage.step === 'scan' || stage.step === 'confirm' ? stage.ticket.expiresAt : null;
  useEffect(() => {
    if (expiresAt === null) return;
    const timer = setTimeout(() => setStage({ step: 'expired' }), Math.max(0, expiresAt - Date.now()));
    return () => clearTimeout(timer);
  }, [expiresAt]);

  const handleVerified = (answer: { changeTicket: string; expiresInSeconds: number }) => {
    const ticket = {
      changeTicket: answer.changeTicket,
      expiresAt: Date.now() + answer.expiresInSeconds * 1000,
      minutes: Math.max(1, Math.floor(answer.expiresInSeconds / 60)),
    };
    moveTo({ step: 'scan', ticket });
    generate.mutate(ticket.changeTicket);
  };

  const handleStartAgain = () => {
    generate.reset();
    setRound((value) => value + 1);
    moveTo({ step: 'verify' });
  };

  let content;
  if (stage.step === 'verify') {
    content = <VerifyCurrentStep key={round} onVerified={handleVerified} />;
  } else if (stage.step === 'scan') {
    const secret: NewSecretState = {
      data: generate.data,
      isPending: generate.isPending,
      isError: generate.isError,
      onRetry: () => generate.mutate(stage.ticket.changeTicket),
    };
    content = (
      <>
        <AuthenticatorSetupSteps secret={secret} />
        <p className={styles.deadline}>{t('authenticator.change.deadline', { minutes: stage.ticket.minutes })}</p>
        <div className={formStyles.form}>
          <Button
            type="primary"
            block
            disabled={!generate.isSuccess}
            onClick={() => moveTo({ step: 'confirm', ticket: stage.ticket })}
            data-testid="ga-change-next"
          >
            {t('authenticator.change.next')}
          </Button>
        </div>
      </>
    );
  } else if (stage.step === 'confirm') {
    content = (
      <ConfirmNewStep
        ticket={stage.ticket}
        onBack={() => moveTo({ step: 'scan', ticket: stage.ticket })}
        onExpired={() => setStage({ step: 'expired' })}
        onDone={() => complete(t('authenticator.changeSuccess'))}
      />
    );
  } else {
    content = (
      <Result
        status="warning"
        className={styles.result}
        title={t('authenticator.change.expiredTitle')}
        subTitle={t('authenticator.change.expiredText')}
        extra={
          <Button type="primary" onClick={handleStartAgain} data-testid="ga-change-restart">
            {t('authenticator.change.startAgain')}
          </Button>
        }
        data-testid="ga-change-expired"
      />
    );
  }

  return (
    <SecurityPageFrame wide title={t('authenticator.changeTitle')} intro={t('authenticator.changeIntro')}>
      {stage.step === 'expired' ? null : (
        <>
          <Alert className={formStyles.notice} type="warning" showIcon title={t('authenticator.change.lockNotice')} />
          {/* Dots, not numbers: the second step numbers the authenticator's own set-up steps. */}
          <Steps
            type="dot"
            size="small"
            className={styles.progress}
            current={stepIndex[stage.step]}
            aria-label={t('authenticator.stepsLabel')}
            items={[
              { title: t('authenticator.change.steps.verify') },
              { title: t('authenticator.change.steps.scan') },
              { title: t('authenticator.change.steps.confirm') },
            ]}
          />
        </>
      )}
      {content}
    </SecurityPageFrame>
  );
}

type VerifyValues = SecurityVerification;

/** Step 1 (change-ga-check): a code from every bound factor, the current authenticator's among them, or a passkey. */
function VerifyCurrentStep({ onVerified }: { onVerified: (answer: { changeTicket: string; expiresInSeconds: number }) => void }) {
  const { t } = useTranslation('security');
  const [form] = Form.useForm<VerifyValues>();
  const passkey = usePasskeyChoice('changeAuthenticator');
  const check = useMutation({
    mutationFn: async (values: VerifyValues) => identityApi.checkAuthenticatorChange(await securityVerification(values, passkey)),
    onSuccess: onVerified,
    onError: (error) => markRefusedField(form, error, ['emailCode', 'smsCode', 'gaCode']),
  });

  return (
    <Form form={form} layout="vertical" requiredMark={false} className={formStyles.form} onFinish={(values) => check.mutate(values)}>
      <SecurityVerificationFields passkey={passkey} />
      <SecuritySubmitButton loading={check.isPending} testId="ga-change-verify">
        {t('authenticator.change.next')}
      </SecuritySubmitButton>
    </Form>
  );
}

interface ConfirmValues {
  newGaCode: string;
}

/** Step 3 (ga-check): a code of the new authenticator proves it was set up; the change takes effect. */
function ConfirmNewStep({
  ticket,
  onBack,
  onExpired,
  onDone,
}: {
  ticket: Ticket;
  onBack: () => void;
  onExpired: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('security');
  const [form] = Form.useForm<ConfirmValues>();
  const confirm = useMutation({
    mutationFn: (values: ConfirmValues) =>
      identityApi.confirmAuthenticatorChange({ changeTicket: ticket.changeTicket, newGaCode: values.newGaCode.trim() }),
    onSuccess: onDone,
    onError: (error) => {
      if (isTicketGone(error)) onExpired();
      else markRefusedField(form, error, ['newGaCode']);
    },
  });

  return (
    <Form form={form} layout="vertical" requiredMark={false} className={formStyles.form} onFinish={(values) => confirm.mutate(values)}>
      <p className={setupStyles.stepText}>{t('authenticator.change.confirmText')}</p>
      <CodeField name="newGaCode" label={t('authenticator.newCode')} inputTestId="ga-new-code" />
      <p className={styles.deadline}>{t('authenticator.change.deadline', { minutes: ticket.minutes })}</p>
      <SecuritySubmitButton loading={confirm.isPending} withVerification={false} testId="ga-submit" />
      <Button type="link" block className={formStyles.extraLink} onClick={onBack} data-testid="ga-change-back">
        {t('authenticator.change.back')}
      </Button>
    </Form>
  );
}
