import type { CodePurpose, PasskeyResponse } from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { secondFactorsApi, twofaStatusQuery } from '../api/second-factors';
import { ApiError } from '../http/http-client';
import { assertPasskey, passkeyPromptProblem } from '../passkey';
import styles from './passkey-choice.module.css';

/** Why no assertion came: the prompt was cancelled, the browser will not use a passkey here, or the server refused the challenge. */
export type PasskeyProblem = { kind: 'cancelled' | 'notAllowed' } | { kind: 'refused'; reason: string };

/** A verification that got no passkey assertion; why is on the screen already. */
export class PasskeyNotGiven extends Error {
  override readonly name = 'PasskeyNotGiven';
}

/**
 * A passkey in place of the codes of one verification (issue 16 item 8): a withdrawal, an
 * address-book change, a transfer, an API key change or a security change. Offered when the
 * customer has a passkey. The assertion is asked for at submission, for a challenge of this
 * purpose made just then: the server spends it with one request, so a retry asks again.
 */
export interface PasskeyChoice {
  readonly purpose: CodePurpose;
  readonly isOffered: boolean;
  /** The customer chose the passkey: the code fields are gone and `assert` gives the request's `passkey`. */
  readonly isChosen: boolean;
  /** The challenge or the browser's prompt is under way. */
  readonly isAsking: boolean;
  readonly problem: PasskeyProblem | null;
  choose(isChosen: boolean): void;
  /** The request's `passkey`, asked for now; rejects with `PasskeyNotGiven` when the server or the prompt gave none. */
  assert(): Promise<{ passkey: PasskeyResponse }>;
}

export function usePasskeyChoice(purpose: CodePurpose): PasskeyChoice {
  const status = useQuery(twofaStatusQuery);
  const isOffered = status.data?.hasPasskey === true;
  const [isChosen, setChosen] = useState(false);
  const [isAsking, setAsking] = useState(false);
  const [problem, setProblem] = useState<PasskeyProblem | null>(null);
  // A second submission while the prompt is open waits for the same answer instead of replacing the prompt.
  const pending = useRef<Promise<{ passkey: PasskeyResponse }> | null>(null);

  const ask = useCallback(async (): Promise<{ passkey: PasskeyResponse }> => {
    setProblem(null);
    setAsking(true);
    try {
      const options = await secondFactorsApi.passkeyAssertionOptions(purpose).catch((error: unknown) => {
        // An ended session has the login prompt speaking for it.
        if (!(error instanceof ApiError && error.isRedirect401)) {
          setProblem({ kind: 'refused', reason: error instanceof Error ? error.message : '' });
        }
        throw new PasskeyNotGiven();
      });
      const passkey = await assertPasskey(options).catch((error: unknown) => {
        setProblem({ kind: passkeyPromptProblem(error) });
        throw new PasskeyNotGiven();
      });
      return { passkey };
    } finally {
      setAsking(false);
      pending.current = null;
    }
  }, [purpose]);
  // Stable, so a form may start over in an effect.
  const choose = useCallback((next: boolean) => {
    setChosen(next);
    setProblem(null);
  }, []);

  return {
    purpose,
    isOffered,
    isChosen: isOffered && isChosen,
    isAsking,
    problem,
    choose,
    assert: () => (pending.current ??= ask()),
  };
}

/**
 * The code fields of a verification (`children`) with "Use a passkey instead" below them when
 * the customer has one; chosen, a note that the browser will ask for it on submission takes
 * their place, with the way back to the codes. A problem of the last try is shown here.
 */
export function PasskeyChoiceField({
  choice,
  testIdPrefix,
  children,
}: {
  choice: PasskeyChoice;
  testIdPrefix: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  if (!choice.isOffered) return children;
  const { problem } = choice;
  return (
    <div className={styles.choice}>
      {choice.isChosen ? (
        <div className={styles.chosen} data-testid={`${testIdPrefix}-passkey-chosen`}>
          <span>{choice.isAsking ? t('passkey.asking') : t('passkey.chosen')}</span>
          <Button
            type="link"
            className={styles.switch}
            onClick={() => choice.choose(false)}
            disabled={choice.isAsking}
            data-testid={`${testIdPrefix}-use-codes`}
          >
            {t('passkey.useCodes')}
          </Button>
        </div>
      ) : (
        <>
          {children}
          <Button
            type="link"
            className={`${styles.switch} ${styles.offer}`}
            onClick={() => choice.choose(true)}
            data-testid={`${testIdPrefix}-use-passkey`}
          >
            {t('passkey.use')}
          </Button>
        </>
      )}
      {problem ? (
        <Alert
          type="error"
          showIcon
          title={problem.kind === 'refused' ? t('passkey.refused', { reason: problem.reason }) : t(`passkey.${problem.kind}`)}
          data-testid={`${testIdPrefix}-passkey-problem`}
        />
      ) : null}
    </div>
  );
}
