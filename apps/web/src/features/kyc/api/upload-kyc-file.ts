import type { KycUpload, KycUploadPurpose } from '@coffer/contract';
import { kycEndpoints } from '@coffer/contract/kyc-endpoints';
import { upload } from '../../../shared/http/upload';

/** A recorded video of up to 64 MB may take longer than an ordinary call. */
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
}

/** Uploads the address proof or the video as raw bytes; a save refers to the answered `uploadId`. */
export function uploadKycFile({ purpose, file, durationSeconds }: UploadKycFileInput): Promise<KycUpload> {
  const body = file.type === baseMediaType(file.type) ? file : new Blob([file], { type: baseMediaType(file.type) });
  return upload(
    kycEndpoints.upload,
    {
      query: { purpose, ...(durationSeconds === undefined ? {} : { durationSeconds: Math.round(durationSeconds * 10) / 10 }) },
      file: body,
    },
    { timeoutMs: uploadTimeoutMs },
  );
}
