import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { showToast } from './toast-store';
import styles from './short-value.module.css';

/** "0x12ab…89ef": long addresses and hashes shortened in the middle (design.md). */
export function shortenMiddle(value: string, keep = 8): string {
  return value.length <= keep * 2 + 1 ? value : `${value.slice(0, keep)}…${value.slice(-keep)}`;
}

/** A long value shortened in the middle, the full value on hover and a copy button. */
export function ShortValue({ value, keep = 8 }: { value: string; keep?: number }) {
  const { t } = useTranslation('wallet');
  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      showToast('success', t('copy.done'));
    } catch {
      showToast('error', t('copy.failed'));
    }
  };
  return (
    <span className={styles.value}>
      <Tooltip title={<span className={styles.full}>{value}</span>}>
        <span className={styles.text}>{shortenMiddle(value, keep)}</span>
      </Tooltip>
      <Button size="small" type="link" className={styles.copy} onClick={() => void handleCopy()} aria-label={t('copy.label', { value })}>
        {t('copy.button')}
      </Button>
    </span>
  );
}
