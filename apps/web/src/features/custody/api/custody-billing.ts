import type { CustodyBillsQuery, CustodyPaymentMethodBody, CustodyPaymentMethodView } from '@coffer/contract';
import { custodyBillingEndpoints } from '@coffer/contract/custody-billing';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';
import { download } from '../../../shared/http/download';
import { custodyQueryRoot } from './custody-me';

export const custodyBillingRoot = [custodyQueryRoot, 'billing'] as const;

/** The bill list's filters: payment state and the first and last month shown. */
export type CustodyBillFilters = Omit<CustodyBillsQuery, 'pageNo' | 'pageSize'>;

function setOnly(filters: CustodyBillFilters): CustodyBillFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== '')) as CustodyBillFilters;
}

/** One page of the organisation's monthly bills, newest period first; the last page stays on screen while the next loads. */
export const custodyBillsQuery = (filters: CustodyBillFilters, pageNo: number, pageSize: number) =>
  queryOptions({
    queryKey: [...custodyBillingRoot, 'bills', setOnly(filters), pageNo, pageSize],
    queryFn: ({ signal }) =>
      call(custodyBillingEndpoints.bills, { query: { ...setOnly(filters), pageNo, pageSize } }, { signal, isQuiet: true }),
    placeholderData: keepPreviousData,
  });

/** A bill with its lines, each with the snapshots and ledger entries it was computed from, and the platform's bank. */
export const custodyBillQuery = (id: string) =>
  queryOptions({
    queryKey: [...custodyBillingRoot, 'bill', id],
    queryFn: ({ signal }) => call(custodyBillingEndpoints.bill, { params: { id } }, { signal, isQuiet: true }),
  });

/** A month's rates and fees by coin and business line, computed now from their sources. */
export const custodyBillingStatisticsQuery = (month: string) =>
  queryOptions({
    queryKey: [...custodyBillingRoot, 'statistics', month],
    queryFn: ({ signal }) => call(custodyBillingEndpoints.statistics, { query: { month } }, { signal, isQuiet: true }),
    placeholderData: keepPreviousData,
  });

export const custodyPaymentMethodKey = [...custodyBillingRoot, 'payment-method'] as const;

/** The payment method, the deduction accounts in priority order, the platform's bank and the rates. */
export const custodyPaymentMethodQuery = queryOptions({
  queryKey: custodyPaymentMethodKey,
  queryFn: ({ signal }) => call(custodyBillingEndpoints.paymentMethod, {}, { signal, isQuiet: true }),
});

/** Quiet: the form shows a refusal above its buttons. */
export function saveCustodyPaymentMethod(body: CustodyPaymentMethodBody): Promise<CustodyPaymentMethodView> {
  return call(custodyBillingEndpoints.setPaymentMethod, { body }, { isQuiet: true });
}

/** Downloads a bill as PDF; a refusal rejects quietly (the download status shows it). */
export function downloadCustodyBillPdf(id: string, period: string, onProgress: (receivedBytes: number) => void): Promise<string> {
  return download(
    custodyBillingEndpoints.billPdf,
    { params: { id } },
    { fallbackName: `coffer-custody-bill-${period}.pdf`, onProgress, isQuiet: true },
  );
}
