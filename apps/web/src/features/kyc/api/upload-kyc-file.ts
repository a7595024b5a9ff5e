import type { KycUpload, KycUploadPurpose } from '@coffer/contract';
import { kycEndpoints } from '@coffer/contract/kyc-endpoints';
import type { UploadProgress } from '../../../shared/http/upload';
import { kycUpload } from './kyc-call';

/** A recorded video of up to 50 MB may take longer than an ordinary call. */
const uploadTimeoutMs = 5 * 60_000;

/** The media type without its parameters: a recorder's 'video/webm;codecs=vp8,opus' is sent as 'video/webm'. */
export function baseMediaType(type: string): string {
  return (type.split(';')[0] ?? '').trim().toLowerCase();
}

export interface UploadKycFileInput {
  purpose: KycUploadPurpose;
  file: Blob;
  /** What the recorder measured (video only); the server reads the length from the file itself. */
  durationSeconds?: number;
  /** Stops the upload (a newer file chosen): it then rejects with the abort. */
  signal?: AbortSignal;
  /** The bytes sent so far, as they go. */
  onProgress?: (progress: UploadProgress) => void;
}

/** Uploads the address proof or the video as raw bytes; a save refers to the answered `uploadId`. */
export function uploadKycFile({ purpose, file, durationSeconds, signal, onProgress }: UploadKycFileInput): Promise<KycUpload> {
  const body = file.type === baseMediaType(file.type) ? file : new Blob([file], { type: baseMediaType(file.type) });
  return kycUpload(
    kycEndpoints.upload,
    {
      query: { purpose, ...(durationSeconds === undefined ? {} : { durationSeconds: Math.round(durationSeconds * 10) / 10 }) },
      file: body,
    },
    { timeoutMs: uploadTimeoutMs, signal, onProgress },
  );
}
