import type { SanctionsHoldStatus, SanctionsManualAddBody } from '@coffer/contract';
import { adminSanctionsEndpoints } from '@coffer/contract/admin-sanctions-endpoints';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCall, adminQueryRoot, adminUpload } from './admin-call';

const sanctionsKey = [adminQueryRoot, 'sanctions'] as const;

/** Reading and screening a large list file takes a while; the usual request timeout would cut it off. */
const importTimeoutMs = 15 * 60_000;

export const sanctionsVersionsQuery = queryOptions({
  queryKey: [...sanctionsKey, 'versions'],
  queryFn: ({ signal }) => adminCall(adminSanctionsEndpoints.versions, {}, { signal }),
});

export const sanctionsManualQuery = queryOptions({
  queryKey: [...sanctionsKey, 'manual'],
  queryFn: ({ signal }) => adminCall(adminSanctionsEndpoints.manualEntries, {}, { signal }),
});

export const sanctionsHoldsQuery = (status: SanctionsHoldStatus, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...sanctionsKey, 'holds', status, page, pageSize],
    queryFn: ({ signal }) => adminCall(adminSanctionsEndpoints.holds, { query: { status, page, pageSize } }, { signal }),
    placeholderData: keepPreviousData,
  });

/** Imports an OFAC SDN advanced XML file as the raw body; open holds are screened again, so they are read again. */
export function useImportOfac() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      adminUpload(
        adminSanctionsEndpoints.importOfac,
        { file: file.slice(0, file.size, 'application/xml') },
        { timeoutMs: importTimeoutMs },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sanctionsKey }),
  });
}

export function useAddManualEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SanctionsManualAddBody) => adminCall(adminSanctionsEndpoints.addManual, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...sanctionsKey, 'manual'] }),
  });
}

export function useRemoveManualEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) =>
      adminCall(adminSanctionsEndpoints.removeManual, { params: { id }, body: { note } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...sanctionsKey, 'manual'] }),
  });
}

export type HoldDecision = { kind: 'release'; reason?: string } | { kind: 'refuse'; reason: string };

/** Releases or refuses an open hold; every list of holds is read again. */
export function useDecideHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: HoldDecision }) =>
      decision.kind === 'release'
        ? adminCall(adminSanctionsEndpoints.release, { params: { id }, body: decision.reason ? { reason: decision.reason } : {} })
        : adminCall(adminSanctionsEndpoints.refuse, { params: { id }, body: { reason: decision.reason } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...sanctionsKey, 'holds'] }),
  });
}
