import type { CaptchaPurpose } from '@coffer/contract/captcha';
import { captchaEndpoints } from '@coffer/contract/captcha-endpoints';
// The JSX type of <altcha-widget>; the element itself is defined by ./altcha-loader, loaded on demand.
import type {} from 'altcha/types/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../http/call';
import styles from './captcha-widget.module.css';

/** The widget's strings (altcha's `Strings`), from our catalogue. */
const stringKeys = [
  'label',
  'verify',
  'verifying',
  'verified',
  'verificationRequired',
  'error',
  'expired',
  'loading',
  'reload',
  'waitAlert',
  'enterCode',
  'enterCodeAria',
  'getAudioChallenge',
  'ariaLinkLabel',
] as const;

interface AltchaElement extends HTMLElement {
  configure(config: Record<string, unknown>): Promise<void> | void;
  reset(): void;
}

/** A challenge for the purpose from our own server, answered as the widget's fetch expects (plain JSON). */
async function fetchChallenge(purpose: CaptchaPurpose): Promise<Response> {
  const challenge = await call(captchaEndpoints.challenge, { body: { purpose } }, { isQuiet: true });
  return new Response(JSON.stringify(challenge), { headers: { 'content-type': 'application/json' } });
}

/**
 * The proof-of-work captcha (ALTCHA) for one purpose: the widget fetches its challenge from
 * `/cap/v1/action/send_captcha` (never a third party), the browser solves it, and the solution
 * is verified once at `/cap/v2/action/verify`; `onToken` receives the single-use token the
 * protected call carries as `captchaToken`. A failure resets the widget for another try.
 */
export function CaptchaWidget({
  purpose,
  onToken,
  testId,
}: {
  purpose: CaptchaPurpose;
  onToken: (token: string) => void;
  testId?: string;
}) {
  const { t, i18n } = useTranslation('common');
  const widgetRef = useRef<AltchaElement | null>(null);
  const [isLoaded, setIsLoaded] = useState(false);
  const [hasFailed, setHasFailed] = useState(false);
  // The latest handler, without re-configuring the widget when a parent re-renders.
  const onTokenRef = useRef(onToken);
  useEffect(() => {
    onTokenRef.current = onToken;
  }, [onToken]);
  const languageKey = `coffer-${i18n.language.toLowerCase()}`;

  useEffect(() => {
    let isCurrent = true;
    void import('./altcha-loader').then(({ registerAltcha }) => {
      registerAltcha();
      if (isCurrent) setIsLoaded(true);
    });
    return () => {
      isCurrent = false;
    };
  }, []);

  useEffect(() => {
    const widget = widgetRef.current;
    if (!isLoaded || !widget) return;
    let isCurrent = true;
    void import('./altcha-loader').then(({ registerAltchaStrings }) => {
      registerAltchaStrings(languageKey, Object.fromEntries(stringKeys.map((key) => [key, t(`captcha.widget.${key}`)])));
      if (!isCurrent) return;
      void widget.configure({
        challenge: captchaEndpoints.challenge.path,
        fetch: () => fetchChallenge(purpose),
        language: languageKey,
        hideFooter: true,
        minDuration: 300,
      });
    });

    const handleVerified = (event: Event) => {
      const payload = (event as CustomEvent<{ payload?: string }>).detail?.payload;
      if (!payload) return;
      call(captchaEndpoints.verify, { body: { purpose, payload } })
        .then(({ captchaToken }) => {
          setHasFailed(false);
          onTokenRef.current(captchaToken);
        })
        .catch(() => {
          // The HTTP client has shown why; a fresh challenge is one click away.
          setHasFailed(true);
          widget.reset();
        });
    };
    widget.addEventListener('verified', handleVerified);
    return () => {
      isCurrent = false;
      widget.removeEventListener('verified', handleVerified);
    };
  }, [isLoaded, purpose, languageKey, t]);

  return (
    <div className={styles.captcha} data-testid={testId ?? 'captcha'}>
      <p className={styles.hint}>{t('captcha.hint')}</p>
      {isLoaded && <altcha-widget ref={widgetRef} auto="off" type="checkbox" data-testid="captcha-widget" />}
      {hasFailed && (
        <p className={styles.failed} role="alert">
          {t('captcha.failed')}
        </p>
      )}
    </div>
  );
}
