/** What an accepted upload turned out to be, judged by its content alone. */
export type UploadKind = 'jpeg' | 'png' | 'pdf' | 'webm' | 'mp4';

/**
 * Why an upload was refused. The caller maps each to its own error code.
 * - `tooSmall` / `tooLarge`: byte size outside the policy, or (`tooLarge`) an image whose
 *   declared dimensions exceed the pixel limits (a decompression bomb or an absurd photo).
 * - `unsupportedType`: the content is not one of the policy's kinds, whatever its name says.
 * - `undecodable`: claims to be an accepted kind but does not parse (or, for a video, its
 *   duration cannot be determined).
 * - `tooLong`: a video over the policy's duration.
 * - `unsafeContent`: an accepted kind carrying active or hidden content (PDF scripts, actions,
 *   attachments, encryption; WebM attachments).
 */
export type UploadRefusalReason = 'tooSmall' | 'tooLarge' | 'unsupportedType' | 'undecodable' | 'tooLong' | 'unsafeContent';

export interface AcceptedUpload {
  ok: true;
  kind: UploadKind;
  mime: string;
  /** The sanitised bytes, the only ones to store: re-encoded pixels, or the container cut after its end. */
  bytes: Buffer;
  /** Images only: the dimensions of `bytes` (after applying the EXIF orientation). */
  width?: number;
  height?: number;
  /** Videos only. */
  durationSeconds?: number;
}

export interface RefusedUpload {
  ok: false;
  reason: UploadRefusalReason;
  /** For logs: what was found (never file content beyond a PDF name or a number). */
  detail: string;
}

export type InspectedUpload = AcceptedUpload | RefusedUpload;

export function refuse(reason: UploadRefusalReason, detail: string): RefusedUpload {
  return { ok: false, reason, detail };
}

/** What a container parser found: the bytes to keep (trailing data cut) and the duration. */
export interface ReadVideo {
  ok: true;
  bytes: Buffer;
  durationSeconds: number;
}
