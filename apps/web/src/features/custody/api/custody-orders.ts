import type {
  CustodyApprovalOptions,
  CustodyApproveBody,
  CustodyBatch,
  CustodyBatchBody,
  CustodyBatchFile,
  CustodyBatchValidation,
  CustodyOrderBody,
  CustodyOrderDetail,
  CustodyOrderDraft,
  CustodyOrdersQuery,
  CustodyPolicyAnswer,
  CustodyRejectBody,
} from '@coffer/contract';
import { custodyConsoleEndpoints } from '@coffer/contract/custody-endpoints';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';
import { download } from '../../../shared/http/download';
import { custodyQueryRoot } from './custody-me';

export const custodyOrdersRoot = [custodyQueryRoot, 'orders'] as const;

/** The order list's filters: state, business line, coin, submitter, batch, submission time [start, end). */
export type CustodyOrderFilters = Omit<CustodyOrdersQuery, 'pageNo' | 'pageSize'>;

function setOnly(filters: CustodyOrderFilters): CustodyOrderFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== '')) as CustodyOrderFilters;
}

/** One page of withdrawal orders, newest first; the last page stays on screen while the next loads. */
export const custodyOrdersQuery = (filters: CustodyOrderFilters, pageNo: number, pageSize: number) =>
  queryOptions({
    queryKey: [...custodyOrdersRoot, 'list', setOnly(filters), pageNo, pageSize],
    queryFn: ({ signal }) =>
      call(custodyConsoleEndpoints.orders, { query: { ...setOnly(filters), pageNo, pageSize } }, { signal, isQuiet: true }),
    placeholderData: keepPreviousData,
  });

/** The business lines to withdraw from, as a submitter reads them: currencies, accounts, limits (needs `orders` only). */
export const custodyOrderLinesQuery = queryOptions({
  queryKey: [...custodyOrdersRoot, 'lines'],
  queryFn: ({ signal }) => call(custodyConsoleEndpoints.orderLines, {}, { signal, isQuiet: true }),
});

/** An order with its approvals and the policy engine's answer now ("why is this held?"). */
export const custodyOrderQuery = (id: string) =>
  queryOptions({
    queryKey: [...custodyOrdersRoot, 'detail', id],
    queryFn: ({ signal }) => call(custodyConsoleEndpoints.order, { params: { id } }, { signal, isQuiet: true }),
  });

/** The policy engine's answer for a draft not submitted; the draft is part of the key, so one answer per draft. */
export const custodyDryRunQuery = (draft: CustodyOrderDraft | null) =>
  queryOptions({
    queryKey: [...custodyOrdersRoot, 'dryRun', draft],
    queryFn: ({ signal }): Promise<CustodyPolicyAnswer> => {
      if (!draft) throw new Error('no draft');
      return call(custodyConsoleEndpoints.orderDryRun, { body: draft }, { signal, isQuiet: true });
    },
    enabled: draft !== null,
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });

/** Submitting, approving and rejecting are quiet: the form shows a refusal at its field or in itself. */
export const custodyOrderCalls = {
  submit: (body: CustodyOrderBody): Promise<CustodyOrderDetail> => call(custodyConsoleEndpoints.submitOrder, { body }, { isQuiet: true }),
  /** WebAuthn request options whose challenge is derived from the order's digest and a single-use nonce. */
  approvalOptions: (id: string): Promise<CustodyApprovalOptions> =>
    call(custodyConsoleEndpoints.approvalOptions, { params: { id } }, { isQuiet: true }),
  approve: (id: string, body: CustodyApproveBody): Promise<CustodyOrderDetail> =>
    call(custodyConsoleEndpoints.approveOrder, { params: { id }, body }, { isQuiet: true }),
  reject: (id: string, body: CustodyRejectBody): Promise<CustodyOrderDetail> =>
    call(custodyConsoleEndpoints.rejectOrder, { params: { id }, body }, { isQuiet: true }),
};

/** Batch withdrawal by CSV: the line's template (a file), the row-by-row pre-validation, the submission of a clean batch. */
export const custodyBatchCalls = {
  template: (lineId: string): Promise<string> =>
    download(custodyConsoleEndpoints.batchTemplate, { query: { lineId } }, { fallbackName: 'coffer-batch-withdrawal.csv', isQuiet: true }),
  validate: (body: CustodyBatchFile): Promise<CustodyBatchValidation> =>
    call(custodyConsoleEndpoints.batchValidate, { body }, { isQuiet: true }),
  submit: (body: CustodyBatchBody): Promise<CustodyBatch> => call(custodyConsoleEndpoints.submitBatch, { body }, { isQuiet: true }),
};
