import { errorMessage } from '@coffer/contract/errors';
import { checkKycFile, kycRuleErrorKeys } from '@coffer/contract/rules';
import { Spin } from 'antd';
import { useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/http/http-client';
import { formatBytes } from '../../../shared/format/format-bytes';
import { useLanguage } from '../../../shared/i18n/use-language';
import { uploadKycFile } from '../api/upload-kyc-file';
import styles from './kyc.module.css';

/** Some systems give no type for a file; its extension is then the best guess (the server judges the bytes). */
const typeByExtension: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', pdf: 'application/pdf' };

export function mediaTypeOf(file: File): string {
  if (file.type !== '') return file.type;
  return typeByExtension[file.name.split('.').pop()?.toLowerCase() ?? ''] ?? '';
}

/** The field's value: the chosen file, and its upload id once the server took it, or why it was refused. */
export interface AddressProofValue {
  fileName: string;
  size: number;
  uploadId?: string;
  isUploading?: boolean;
  problem?: string;
}

/**
 * The one address-proof file of KYC1 (spec §5: JPG/PNG/PDF, 20 KB–5 MB, one file). Type and size
 * are checked here with the contract's rule before anything is sent; the file is then uploaded
 * at once, so the server's verdict on its content shows on the field (the form's rule shows
 * `problem`, see `addressProofRule`).
 */
export function AddressProofField({
  id,
  value,
  onChange,
  'aria-invalid': ariaInvalid,
}: {
  id?: string;
  value?: AddressProofValue;
  onChange?: (value: AddressProofValue) => void;
  'aria-invalid'?: boolean;
}) {
  const { t } = useTranslation('kyc');
  const language = useLanguage();
  const hintId = useId();
  const [isDragging, setIsDragging] = useState(false);
  // The upload under way; a newer file aborts it, and only the newest one's answer is kept.
  const current = useRef<AbortController | null>(null);

  useEffect(() => () => current.current?.abort(), []);

  const take = async (chosen: File | undefined) => {
    if (!chosen) return;
    current.current?.abort();
    const request = new AbortController();
    current.current = request;
    const file = { fileName: chosen.name, size: chosen.size };
    const type = mediaTypeOf(chosen);
    const rule = checkKycFile('addressProof', { mediaType: type, size: chosen.size });
    if (rule) {
      onChange?.({ ...file, problem: errorMessage(kycRuleErrorKeys[rule], language) });
      return;
    }
    onChange?.({ ...file, isUploading: true });
    try {
      const answer = await uploadKycFile({
        purpose: 'addressProof',
        file: chosen.type === type ? chosen : new Blob([chosen], { type }),
        signal: request.signal,
      });
      if (current.current !== request) return;
      onChange?.({ ...file, uploadId: answer.uploadId });
    } catch (error) {
      if (current.current !== request || request.signal.aborted) return;
      // The envelope's message is the catalogue's (type, size, content); anything else is §8's "upload failed".
      const problem = error instanceof ApiError && error.code !== null ? error.message : errorMessage('kycUploadFailed', language);
      onChange?.({ ...file, problem });
    }
  };

  const handleInput = (event: ChangeEvent<HTMLInputElement>) => {
    void take(event.target.files?.[0]);
    // The same file chosen again (after a failed upload) must fire another change.
    event.target.value = '';
  };

  const handleDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setIsDragging(false);
    void take(event.dataTransfer.files[0]);
  };

  return (
    <div className={styles.proof}>
      <label
        className={`${styles.dropZone} ${isDragging ? styles.dropZoneActive : ''} ${ariaInvalid ? styles.dropZoneInvalid : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setIsDragging(true);
        }}
        onDragLeave={() => setIsDragging(false)}
        onDrop={handleDrop}
        data-testid="kyc1-address-proof-drop"
      >
        <input
          id={id}
          type="file"
          className="visually-hidden"
          accept=".jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf"
          onChange={handleInput}
          aria-describedby={hintId}
          aria-invalid={ariaInvalid}
          data-testid="kyc1-address-proof"
        />
        <span className={styles.dropTitle}>{value ? t('kyc1.proofReplace') : t('kyc1.proofChoose')}</span>
        <span id={hintId} className={styles.muted}>
          {t('kyc1.proofHint')}
        </span>
      </label>
      {value ? (
        <div className={styles.proofFile} data-testid="kyc1-address-proof-file" aria-live="polite">
          <span className={styles.proofName}>{value.fileName}</span>
          <span className={styles.muted}>{formatBytes(value.size, language)}</span>
          {value.isUploading ? (
            <span className={styles.proofStatus} data-testid="kyc1-address-proof-uploading">
              <Spin size="small" /> {t('kyc1.proofUploading')}
            </span>
          ) : value.uploadId ? (
            <span className={styles.proofDone} data-testid="kyc1-address-proof-done">
              <span aria-hidden="true">✓ </span>
              {t('kyc1.proofUploaded')}
            </span>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
