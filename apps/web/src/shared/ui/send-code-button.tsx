import { limits } from '@coffer/contract/constants';
import { Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * "Send code" with the 60-second resend wait of spec §5. `onSend` performs the call and
 * resolves with the wait the server asked for; a failed call (already toasted) re-enables it.
 */
export function SendCodeButton({
  onSend,
  disabled,
  testId,
}: {
  onSend: () => Promise<{ resendAfterSeconds: number }>;
  disabled?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('common');
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [isSending, setIsSending] = useState(false);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const handleClick = async () => {
    setIsSending(true);
    try {
      const { resendAfterSeconds } = await onSend();
      setSecondsLeft(resendAfterSeconds || limits.codeResendWaitSeconds);
    } catch {
      // The HTTP client has shown why; the button is usable again.
    } finally {
      setIsSending(false);
    }
  };

  return (
    <Button onClick={() => void handleClick()} disabled={disabled || secondsLeft > 0} loading={isSending} data-testid={testId}>
      {secondsLeft > 0 ? t('code.resendIn', { seconds: secondsLeft }) : t('code.send')}
    </Button>
  );
}
