import type { KycApplicationDetail } from '@coffer/contract';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../shared/format/format-bytes';
import { useLanguage } from '../../../shared/i18n/use-language';
import { kycFileUrl } from '../api/kyc-review';
import styles from './kyc-file-view.module.css';

type KycFile = NonNullable<KycApplicationDetail['file']>;

/** The application's file as the reviewer sees it: an image inline, a video to play, a PDF to download. */
export function KycFileView({ file }: { file: KycFile }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const url = kycFileUrl(file.uploadId);
  let view;
  if (file.kind === 'jpeg' || file.kind === 'png') {
    view = (
      <a href={url} target="_blank" rel="noreferrer">
        <img className={styles.image} src={url} alt={t(`kyc.filePurpose.${file.purpose}`)} data-testid="kyc-file-image" />
      </a>
    );
  } else if (file.kind === 'pdf') {
    view = (
      <a href={url} download className={styles.download} data-testid="kyc-file-download">
        {t('kyc.downloadPdf')}
      </a>
    );
  } else {
    view = (
      <video className={styles.video} src={url} controls preload="metadata" data-testid="kyc-file-video">
        <a href={url} download>
          {t('kyc.downloadVideo')}
        </a>
      </video>
    );
  }
  return (
    <div className={styles.file} data-testid="kyc-file">
      <p className={styles.meta}>
        {t(`kyc.filePurpose.${file.purpose}`)} · {file.kind.toUpperCase()} · {formatBytes(file.size, language)}
        {file.durationSeconds !== null ? ` · ${t('kyc.duration', { seconds: Math.round(file.durationSeconds) })}` : ''}
      </p>
      {view}
    </div>
  );
}
