import { limits } from '@coffer/contract';
import { fileTypeFromBuffer } from 'file-type';
import { imagePool } from './image-pool';
import { readMp4 } from './mp4-container';
import { refuse, type InspectedUpload, type UploadKind } from './upload-result';
import { readWebm } from './webm-container';

export type UploadPolicyName = 'image' | 'imageOrPdf' | 'video';

export interface UploadPolicy {
  kinds: readonly UploadKind[];
  /** Inclusive bounds on the uploaded bytes. */
  minBytes: number;
  maxBytes: number;
  maxDurationSeconds?: number;
}

const imageBytes = { minBytes: limits.kycImageMinBytes, maxBytes: limits.kycImageMaxBytes };

export const uploadPolicies: Readonly<Record<UploadPolicyName, UploadPolicy>> = {
  /** Identity photos: a phone picture or scan; below 20 KB it is too poor to review. */
  image: { kinds: ['jpeg', 'png'], ...imageBytes },
  /** Proof of address: a photo or the statement's PDF. */
  imageOrPdf: { kinds: ['jpeg', 'png', 'pdf'], ...imageBytes },
  /** Liveness recording from the browser (MediaRecorder: WebM on Chromium and Firefox, MP4 on Safari). */
  video: { kinds: ['webm', 'mp4'], minBytes: 0, maxBytes: limits.kycVideoMaxBytes, maxDurationSeconds: limits.kycVideoMaxSeconds },
};

const mimeOf: Record<UploadKind, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  webm: 'video/webm',
  mp4: 'video/mp4',
};

/** file-type's extension → our kind. An APNG is a PNG whose default image is kept. Anything else is refused. */
const kindOfSniffed: Partial<Record<string, UploadKind>> = { jpg: 'jpeg', png: 'png', apng: 'png', pdf: 'pdf', webm: 'webm', mp4: 'mp4' };

/**
 * Judges an upload by its content alone (magic bytes, then the format's own structure), never
 * by its name or declared type, and answers the bytes to store: images decoded and re-encoded
 * (pixels only), PDFs screened for active content and cut after their last `%%EOF`, videos
 * cut after their container and timed from it.
 *
 * Decoding a large image takes seconds of CPU and a hostile PDF could take long to screen: both
 * run in the image pool's worker threads (`image-pool.ts`) under a time limit, never on the event loop.
 */
export async function inspectUpload(bytes: Buffer, policyName: UploadPolicyName): Promise<InspectedUpload> {
  const policy = uploadPolicies[policyName];
  if (bytes.length > policy.maxBytes) return refuse('tooLarge', `${bytes.length} bytes, over ${policy.maxBytes}`);

  const sniffed = await fileTypeFromBuffer(bytes);
  const kind = sniffed ? kindOfSniffed[sniffed.ext] : undefined;
  if (!kind || !policy.kinds.includes(kind)) return refuse('unsupportedType', `content is ${sniffed?.mime ?? 'unrecognised'}`);
  if (bytes.length < policy.minBytes) return refuse('tooSmall', `${bytes.length} bytes, under ${policy.minBytes}`);

  switch (kind) {
    case 'jpeg':
    case 'png': {
      const image = await imagePool().sanitise(bytes, kind);
      if (!image.ok) return image;
      return { ok: true, kind, mime: mimeOf[kind], bytes: image.bytes, width: image.width, height: image.height };
    }
    case 'pdf': {
      const pdf = await imagePool().screenPdf(bytes);
      if (!pdf.ok) return pdf;
      return { ok: true, kind, mime: mimeOf[kind], bytes: pdf.bytes };
    }
    case 'webm':
    case 'mp4': {
      const video = kind === 'webm' ? readWebm(bytes) : readMp4(bytes);
      if (!video.ok) return video;
      const limit = policy.maxDurationSeconds ?? Infinity;
      if (video.durationSeconds > limit) return refuse('tooLong', `${video.durationSeconds.toFixed(1)} s, over ${limit} s`);
      return { ok: true, kind, mime: mimeOf[kind], bytes: video.bytes, durationSeconds: video.durationSeconds };
    }
    default: {
      const unreachable: never = kind;
      return unreachable;
    }
  }
}
