import type { KycRejectReason } from '@coffer/contract';
import { adminKycEndpoints, adminKycPaths } from '@coffer/contract/admin-kyc-endpoints';
import { pathWith } from '@coffer/contract/endpoint';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCall, adminQueryRoot } from './admin-call';

const kycKey = [adminQueryRoot, 'kyc'] as const;

/** Applications waiting for a person, oldest first. */
export const kycQueueQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...kycKey, 'queue', page, pageSize],
    queryFn: ({ signal }) => adminCall(adminKycEndpoints.queue, { query: { page, pageSize } }, { signal }),
    placeholderData: keepPreviousData,
  });

export const kycApplicationQuery = (id: string) =>
  queryOptions({
    queryKey: [...kycKey, 'application', id],
    queryFn: ({ signal }) => adminCall(adminKycEndpoints.application, { params: { id } }, { signal }),
  });

/**
 * The file's address: an <img>, <video> or download link loads it with the operator's cookie
 * (sent to /admin only); the server records each view in the audit log.
 */
export function kycFileUrl(uploadId: string): string {
  return pathWith(adminKycPaths.file, { id: uploadId });
}

export type KycDecision = { kind: 'approve' } | { kind: 'reject'; reason: KycRejectReason };

/** Approve or reject; the answer is the decided application, and the queue is read again. */
export function useKycDecision(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: KycDecision) =>
      decision.kind === 'approve'
        ? adminCall(adminKycEndpoints.approve, { params: { id } })
        : adminCall(adminKycEndpoints.reject, { params: { id }, body: decision.reason }),
    onSuccess: async (application) => {
      queryClient.setQueryData(kycApplicationQuery(id).queryKey, application);
      await queryClient.invalidateQueries({ queryKey: [...kycKey, 'queue'] });
    },
  });
}

export const levelLimitsQuery = queryOptions({
  queryKey: [...kycKey, 'limits'],
  queryFn: ({ signal }) => adminCall(adminKycEndpoints.limits, {}, { signal }),
});

export function useSetLevelLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ level, withdrawalDailyUsd, tradeMaxUsd }: { level: number; withdrawalDailyUsd: string; tradeMaxUsd: string }) =>
      adminCall(adminKycEndpoints.setLimit, { params: { level }, body: { withdrawalDailyUsd, tradeMaxUsd } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...kycKey, 'limits'] }),
  });
}
