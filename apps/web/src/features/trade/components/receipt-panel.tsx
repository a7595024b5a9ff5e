import type { OrderDetail, QuoteKey } from '@coffer/contract';
import { signedQuoteFieldOrder } from '@coffer/contract/trade-receipt';
import { Alert, Button, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isVerified, verifyReceipt, type ReceiptVerification } from './verify-receipt';
import styles from './receipt-panel.module.css';

type Check = { key: 'signature' | 'key' | 'fields'; isOk: boolean };

function checksOf(result: ReceiptVerification): Check[] {
  return [
    { key: 'signature', isOk: result.isSignatureValid },
    { key: 'key', isOk: result.isKeyPublished === true },
    { key: 'fields', isOk: result.doFieldsMatch },
  ];
}

/**
 * The signed receipt of an order: the signed fields, the exact signed text, the signature
 * and the public key, and a "verify" that checks the Ed25519 signature in this browser.
 */
export function ReceiptPanel({ order, publishedKeys }: { order: OrderDetail; publishedKeys: QuoteKey[] | undefined }) {
  const { t } = useTranslation('trade');
  const { receipt } = order;
  const [result, setResult] = useState<ReceiptVerification | null>(null);
  const [isVerifying, setIsVerifying] = useState(false);

  const handleVerify = async () => {
    setIsVerifying(true);
    try {
      setResult(await verifyReceipt(order, publishedKeys));
    } finally {
      setIsVerifying(false);
    }
  };

  return (
    <section className={styles.receipt} data-testid="receipt">
      <p className={styles.intro}>{t('receipt.intro')}</p>
      <dl className={styles.meta}>
        <div>
          <dt>{t('receipt.algorithm')}</dt>
          <dd>{receipt.algorithm}</dd>
        </div>
        <div>
          <dt>{t('receipt.keyId')}</dt>
          <dd className={styles.mono}>{receipt.keyId}</dd>
        </div>
        <div className={styles.wide}>
          <dt>{t('receipt.publicKey')}</dt>
          <dd>
            <Typography.Text className={styles.mono} copyable={{ text: receipt.publicKey }} data-testid="receipt-public-key">
              {receipt.publicKey}
            </Typography.Text>
          </dd>
        </div>
        <div className={styles.wide}>
          <dt>{t('receipt.signature')}</dt>
          <dd>
            <Typography.Text className={styles.mono} copyable={{ text: receipt.signature }} data-testid="receipt-signature">
              {receipt.signature}
            </Typography.Text>
          </dd>
        </div>
        {receipt.journalId ? (
          <div>
            <dt>{t('receipt.journalId')}</dt>
            <dd className={styles.mono}>{receipt.journalId}</dd>
          </div>
        ) : null}
      </dl>

      <h3 className={styles.subtitle}>{t('receipt.signedFields')}</h3>
      <table className={styles.fields} data-testid="receipt-fields">
        <tbody>
          {signedQuoteFieldOrder.map((name) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              <td className={styles.mono}>{receipt.signedFields[name]}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <h3 className={styles.subtitle}>{t('receipt.signedText')}</h3>
      <pre className={styles.text} data-testid="receipt-signed-text">
        {receipt.signedText}
      </pre>

      <div className={styles.verify}>
        <Button type="primary" onClick={() => void handleVerify()} loading={isVerifying} data-testid="receipt-verify">
          {t('receipt.verify')}
        </Button>
        <span className={styles.hint}>{t('receipt.verifyHint')}</span>
      </div>

      {result ? (
        <Alert
          type={isVerified(result) ? 'success' : 'error'}
          showIcon
          role="status"
          data-testid="receipt-result"
          data-verified={isVerified(result) ? 'true' : 'false'}
          title={result.isUnsupported ? t('receipt.unsupported') : isVerified(result) ? t('receipt.verified') : t('receipt.notVerified')}
          description={
            <ul className={styles.checks}>
              {checksOf(result).map((check) => (
                <li key={check.key} data-ok={check.isOk ? 'true' : 'false'}>
                  <span aria-hidden="true">{check.isOk ? '✓ ' : '✕ '}</span>
                  {t(`receipt.checks.${check.key}.${check.isOk ? 'ok' : 'failed'}`)}
                </li>
              ))}
            </ul>
          }
        />
      ) : null}
    </section>
  );
}
