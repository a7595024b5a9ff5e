import { z } from 'zod';
import {
  kycApplicationDetailSchema,
  kycApplicationIdParamsSchema,
  kycLevelLimitBodySchema,
  kycLevelLimitParamsSchema,
  kycLevelLimitSchema,
  kycQueueQuerySchema,
  kycQueueSchema,
  kycRejectBodySchema,
  kycUploadIdParamsSchema,
} from './admin-kyc';
import { defineEndpoint } from './endpoint';

const tags = ['admin'];

export const adminKycPaths = {
  queue: '/admin/api/v1/kyc/queue',
  application: '/admin/api/v1/kyc/applications/:id',
  approve: '/admin/api/v1/kyc/applications/:id/approve',
  reject: '/admin/api/v1/kyc/applications/:id/reject',
  file: '/admin/api/v1/kyc/files/:id',
  limits: '/admin/api/v1/kyc/limits',
  limit: '/admin/api/v1/kyc/limits/:level',
} as const;

/** The back office's KYC review and level limits (permissions `kyc.review`, `kyc.limits`). */
export const adminKycEndpoints = {
  queue: defineEndpoint({
    method: 'GET',
    path: adminKycPaths.queue,
    tags,
    summary: 'Applications waiting for a person, oldest first',
    query: kycQueueQuerySchema,
    response: kycQueueSchema,
  }),
  application: defineEndpoint({
    method: 'GET',
    path: adminKycPaths.application,
    tags,
    summary: 'One application with its data, file, provider result and rule checks',
    params: kycApplicationIdParamsSchema,
    response: kycApplicationDetailSchema,
  }),
  approve: defineEndpoint({
    method: 'POST',
    path: adminKycPaths.approve,
    tags,
    summary: 'Approves an application waiting for a person; the level rises',
    params: kycApplicationIdParamsSchema,
    response: kycApplicationDetailSchema,
  }),
  reject: defineEndpoint({
    method: 'POST',
    path: adminKycPaths.reject,
    tags,
    summary: 'Rejects an application with a reason the customer sees in their language',
    params: kycApplicationIdParamsSchema,
    body: kycRejectBodySchema,
    response: kycApplicationDetailSchema,
  }),
  file: defineEndpoint({
    method: 'GET',
    path: adminKycPaths.file,
    tags,
    summary: "An application's file (image, PDF or video), decrypted for the reviewer",
    params: kycUploadIdParamsSchema,
    response: z.null(),
  }),
  limits: defineEndpoint({
    method: 'GET',
    path: adminKycPaths.limits,
    tags,
    summary: 'What each level allows: 24-hour withdrawal limit and largest spot trade (USD)',
    response: z.array(kycLevelLimitSchema),
  }),
  setLimit: defineEndpoint({
    method: 'PUT',
    path: adminKycPaths.limit,
    tags,
    summary: "Sets a level's limits (super admin)",
    params: kycLevelLimitParamsSchema,
    body: kycLevelLimitBodySchema,
    response: kycLevelLimitSchema,
  }),
};
