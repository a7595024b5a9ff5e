import { headerNames } from '@coffer/contract/client';
import { utf8Text } from './bytes';
import { CofferApiError, CofferHttpError } from './errors';

/** Every Coffer answer: `code` 0 is success and `data` the answer; otherwise `msg` says why. */
export interface CofferEnvelope {
  code: number;
  msg: string;
  data: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The envelope of an answer's body bytes, or a `CofferHttpError` when the body is not one. */
export function readEnvelope(httpStatus: number, body: Uint8Array): CofferEnvelope {
  const text = utf8Text(body);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new CofferHttpError(`HTTP ${httpStatus}: the answer is not JSON (${text.slice(0, 120) || 'empty'})`, httpStatus);
  }
  if (!isRecord(parsed) || typeof parsed.code !== 'number' || !Number.isInteger(parsed.code)) {
    throw new CofferHttpError(`HTTP ${httpStatus}: the answer is not a Coffer envelope`, httpStatus);
  }
  // Some callers of the original product read `message`; accept either.
  const msg = typeof parsed.msg === 'string' ? parsed.msg : typeof parsed.message === 'string' ? parsed.message : '';
  return { code: parsed.code, msg, data: parsed.data ?? null };
}

function retryAfterSeconds(header: string | null): number | null {
  if (header === null || !/^\d+$/.test(header.trim())) return null;
  return Number(header.trim());
}

/** The data of a success envelope; a `CofferApiError` with the code, message and request id otherwise. */
export function unwrapEnvelope<T>(envelope: CofferEnvelope, httpStatus: number, headers: Headers): T {
  if (envelope.code === 0) return envelope.data as T;
  const data = isRecord(envelope.data) ? envelope.data : {};
  const requestId = typeof data.requestId === 'string' ? data.requestId : headers.get(headerNames.requestId);
  throw new CofferApiError(
    envelope.code,
    envelope.msg || `Coffer refused the call (code ${envelope.code})`,
    requestId,
    httpStatus,
    typeof data.field === 'string' ? data.field : null,
    retryAfterSeconds(headers.get('retry-after')),
  );
}
