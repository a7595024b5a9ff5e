import { Alert } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../shared/format/format-bytes';
import { errorText } from '../../../shared/http/error-text';
import { useLanguage } from '../../../shared/i18n/use-language';
import styles from './custody-money.module.css';

type Notice = { kind: 'error' | 'info' | 'success'; text: string } | null;

/**
 * One export at a time (a CSV, a workbook): which is running, how many bytes have arrived, and
 * what to say afterwards — the saved file's name, or the refusal in the user's language.
 */
export function useFileDownload() {
  const { t } = useTranslation('custodyMoney');
  const [running, setRunning] = useState<string | null>(null);
  const [received, setReceived] = useState(0);
  const [notice, setNotice] = useState<Notice>(null);

  const start = async (which: string, fetchFile: (onProgress: (bytes: number) => void) => Promise<string>) => {
    if (running) return;
    setRunning(which);
    setReceived(0);
    setNotice(null);
    try {
      const name = await fetchFile(setReceived);
      setNotice({ kind: 'success', text: t('common.downloadStarted', { name }) });
    } catch (error) {
      const text = errorText(error, t('common.loadFailed'));
      setNotice(text === null ? null : { kind: 'error', text });
    } finally {
      setRunning(null);
    }
  };

  return {
    running,
    received,
    notice,
    start: (which: string, fetchFile: (onProgress: (bytes: number) => void) => Promise<string>) => void start(which, fetchFile),
    /** A refusal found before anything was sent (no range chosen). */
    refuse: (text: string) => setNotice({ kind: 'error', text }),
    clear: () => setNotice(null),
  };
}

/** The export's progress while it runs, then its outcome, closable. */
export function DownloadStatus({ download, testId }: { download: ReturnType<typeof useFileDownload>; testId: string }) {
  const { t } = useTranslation('custodyMoney');
  const language = useLanguage();
  if (download.running) {
    return (
      <p className={styles.progress} role="status" data-testid={`${testId}-progress`}>
        {download.received > 0 ? t('common.downloadProgress', { size: formatBytes(download.received, language) }) : t('common.downloading')}
      </p>
    );
  }
  if (!download.notice) return null;
  return (
    <Alert
      className={styles.notice}
      type={download.notice.kind}
      showIcon
      title={download.notice.text}
      role={download.notice.kind === 'error' ? 'alert' : 'status'}
      closable={{ 'aria-label': t('common.close') }}
      onClose={download.clear}
      data-testid={testId}
    />
  );
}
