import type { KycFaceQrCode } from '@coffer/contract';
import { kycEndpoints } from '@coffer/contract/kyc-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { kycCall } from './kyc-call';

export function getFaceQrCode(signal?: AbortSignal): Promise<KycFaceQrCode> {
  return kycCall(kycEndpoints.faceQrCode, {}, { signal });
}

/** The QR code that continues face recognition on the customer's phone; fetched again when it expires. */
export const faceQrCodeQuery = queryOptions({
  queryKey: ['kyc', 'face-qr-code'],
  queryFn: ({ signal }) => getFaceQrCode(signal),
  staleTime: Infinity,
  retry: false,
});
