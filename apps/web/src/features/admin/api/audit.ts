import type { AuditQuery } from '@coffer/contract';
import { adminConsoleEndpoints, adminConsolePaths } from '@coffer/contract/admin-console-endpoints';
import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { adminCall, adminQueryRoot } from './admin-call';

/** The filters of an audit search, without paging; empty values are left out of the query. */
export type AuditFilter = Omit<AuditQuery, 'page' | 'pageSize'>;

function definedOnly(filter: AuditFilter): AuditFilter {
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== '')) as AuditFilter;
}

export const auditQuery = (filter: AuditFilter, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [adminQueryRoot, 'audit', definedOnly(filter), page, pageSize],
    queryFn: ({ signal }) => adminCall(adminConsoleEndpoints.audit, { query: { ...definedOnly(filter), page, pageSize } }, { signal }),
    placeholderData: keepPreviousData,
  });

/**
 * The CSV download address. The browser fetches it itself (a link, not fetch), so the
 * operator's cookie goes along and the file lands in the downloads with the browser's progress.
 */
export function auditExportUrl(filter: AuditFilter): string {
  const params = new URLSearchParams(definedOnly(filter) as Record<string, string>);
  const search = params.toString();
  return search ? `${adminConsolePaths.auditExport}?${search}` : adminConsolePaths.auditExport;
}

/** Walks the whole hash chain on the server; the answer names the first bad row, if any. */
export function useVerifyAudit() {
  return useMutation({ mutationFn: () => adminCall(adminConsoleEndpoints.auditVerify, {}) });
}
