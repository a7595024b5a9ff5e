import { z } from 'zod';
import {
  auditPageSchema,
  auditQuerySchema,
  auditVerificationSchema,
  customerIdParamsSchema,
  customerLockBodySchema,
  customerProfileSchema,
  customerSearchQuerySchema,
  customerSummarySchema,
  reconciliationHistorySchema,
} from './admin-console';
import { defineEndpoint } from './endpoint';

const tags = ['admin'];

export const adminConsolePaths = {
  customers: '/admin/api/v1/customers',
  customer: '/admin/api/v1/customers/:userId',
  lockCustomer: '/admin/api/v1/customers/:userId/lock',
  unlockCustomer: '/admin/api/v1/customers/:userId/unlock',
  audit: '/admin/api/v1/audit',
  auditExport: '/admin/api/v1/audit/export',
  auditVerify: '/admin/api/v1/audit/verify',
  reconciliationHistory: '/admin/api/v1/reconciliation/history',
} as const;

/** Customers (`customers.read`, `customers.lock`), the audit log (`audit.read`, `audit.export`), reconciliation history (`reconciliation.read`). */
export const adminConsoleEndpoints = {
  searchCustomers: defineEndpoint({
    method: 'GET',
    path: adminConsolePaths.customers,
    tags,
    summary: 'Customers by user number, id, e-mail or phone',
    query: customerSearchQuerySchema,
    response: z.array(customerSummarySchema),
  }),
  customer: defineEndpoint({
    method: 'GET',
    path: adminConsolePaths.customer,
    tags,
    summary: "A customer's profile, KYC, balances and security history",
    params: customerIdParamsSchema,
    response: customerProfileSchema,
  }),
  lockCustomer: defineEndpoint({
    method: 'POST',
    path: adminConsolePaths.lockCustomer,
    tags,
    summary: 'Locks a customer: no login, every session ended, no money moves',
    params: customerIdParamsSchema,
    body: customerLockBodySchema,
    response: customerSummarySchema,
  }),
  unlockCustomer: defineEndpoint({
    method: 'POST',
    path: adminConsolePaths.unlockCustomer,
    tags,
    summary: 'Unlocks a customer',
    params: customerIdParamsSchema,
    body: customerLockBodySchema,
    response: customerSummarySchema,
  }),
  audit: defineEndpoint({
    method: 'GET',
    path: adminConsolePaths.audit,
    tags,
    summary: 'The audit log, newest first',
    query: auditQuerySchema,
    response: auditPageSchema,
  }),
  auditExport: defineEndpoint({
    method: 'GET',
    path: adminConsolePaths.auditExport,
    tags,
    summary: 'The audit log as CSV (super admin: audit.export); the file itself, not an envelope',
    query: auditQuerySchema.omit({ page: true, pageSize: true }),
  }),
  auditVerify: defineEndpoint({
    method: 'POST',
    path: adminConsolePaths.auditVerify,
    tags,
    summary: "Walks the audit log's hash chain and names the first row altered or removed",
    response: auditVerificationSchema,
  }),
  reconciliationHistory: defineEndpoint({
    method: 'GET',
    path: adminConsolePaths.reconciliationHistory,
    tags,
    summary: 'Past reconciliation runs with their mismatch counts',
    response: reconciliationHistorySchema,
  }),
};
