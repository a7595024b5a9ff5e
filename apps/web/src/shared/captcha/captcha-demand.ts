import { errorCatalogue } from '@coffer/contract/errors';
import { useRef, useState } from 'react';
import { ApiError } from '../http/http-client';

/** The answers after which a call must be retried with a (new) captcha token. */
const demandCodes = new Set<number>([
  errorCatalogue.captchaRequired.code,
  errorCatalogue.captchaWrong.code,
  errorCatalogue.captchaExpired.code,
]);

export function isCaptchaDemand(error: unknown): boolean {
  return error instanceof ApiError && error.code !== null && demandCodes.has(error.code);
}

export interface CaptchaDemand {
  /** The server asked for a captcha: show the widget. */
  isDemanded: boolean;
  /** Changes whenever a new widget (a new challenge) is needed: use it as the widget's `key`. */
  round: number;
  /** After a failed call: shows a fresh widget when the server demanded a captcha. */
  handleError(error: unknown): void;
  /** A call spent the widget's token: the next one needs a new challenge. */
  spent(): void;
  /** Keeps a token for the next `withToken` call (a call the user starts again, such as sending a code). */
  keepToken(token: string): void;
  /** Runs a call with the kept token, if any: shows the widget when the answer demands one, starts it over once the token is spent. */
  withToken<T>(run: (captchaToken: string | undefined) => Promise<T>): Promise<T>;
}

/**
 * A form's captcha state: hidden until the server answers captchaRequired (or a token was
 * wrong or expired), then a widget whose token the form's retried call carries; once a call
 * has spent it the widget starts over, since the server may still demand one.
 */
export function useCaptchaDemand(): CaptchaDemand {
  const [isDemanded, setIsDemanded] = useState(false);
  const [round, setRound] = useState(0);
  const kept = useRef<string | null>(null);
  const handleError = (error: unknown) => {
    if (!isCaptchaDemand(error)) return;
    setIsDemanded(true);
    setRound((value) => value + 1);
  };
  const spent = () => setRound((value) => value + 1);
  return {
    isDemanded,
    round,
    handleError,
    spent,
    keepToken(token) {
      kept.current = token;
    },
    async withToken(run) {
      const token = kept.current ?? undefined;
      kept.current = null;
      try {
        return await run(token);
      } catch (error) {
        handleError(error);
        throw error;
      } finally {
        if (token) spent();
      }
    },
  };
}
