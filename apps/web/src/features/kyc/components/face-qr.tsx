import { errorMessage } from '@coffer/contract/errors';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, QRCode } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/use-language';
import { faceQrCodeQuery } from '../api/get-face-qr-code';
import styles from './kyc.module.css';

function remainingText(milliseconds: number): string {
  const seconds = Math.max(0, Math.ceil(milliseconds / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * Face recognition continued on the customer's phone (spec §2 "face recognition by QR code"):
 * the code from `faceQrCode`, how long it stays valid, and a refresh; once expired it says so
 * and offers the refresh on the code itself. A code that cannot be had shows §8's "QR code could
 * not be obtained, refresh".
 */
export function FaceQr() {
  const { t } = useTranslation('kyc');
  const language = useLanguage();
  const code = useQuery(faceQrCodeQuery);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  const refresh = () => void code.refetch();

  if (code.isError && !code.isFetching) {
    return (
      <div className={styles.qrBlock} data-testid="kyc2-qr-error">
        <Alert type="error" showIcon title={errorMessage('kycQrUnavailable', language)} />
        <Button onClick={refresh} data-testid="kyc2-qr-refresh">
          {t('kyc2.qrRefresh')}
        </Button>
      </div>
    );
  }

  const expiresAt = code.data ? Date.parse(code.data.expiresAt) : NaN;
  const remaining = expiresAt - now;
  const isExpired = code.data !== undefined && !(remaining > 0);
  const status = code.isFetching || !code.data ? 'loading' : isExpired ? 'expired' : 'active';

  return (
    <div className={styles.qrBlock} data-testid="kyc2-qr-block">
      <QRCode value={code.data?.qrPayload ?? '-'} type="svg" size={168} status={status} onRefresh={refresh} data-testid="kyc2-qr" />
      <div className={styles.qrText}>
        <h4 className={styles.subTitle}>{t('kyc2.qrTitle')}</h4>
        <p className={styles.muted}>{t('kyc2.qrText')}</p>
        {code.data && !isExpired ? (
          <p className={styles.qrExpiry} data-testid="kyc2-qr-expiry">
            {t('kyc2.qrValidFor', { time: remainingText(remaining) })}
          </p>
        ) : null}
        {isExpired ? (
          <p className={styles.qrExpiry} data-testid="kyc2-qr-expired">
            {t('kyc2.qrExpired')}
          </p>
        ) : null}
        <Button onClick={refresh} loading={code.isFetching} data-testid="kyc2-qr-refresh">
          {t('kyc2.qrRefresh')}
        </Button>
      </div>
    </div>
  );
}
