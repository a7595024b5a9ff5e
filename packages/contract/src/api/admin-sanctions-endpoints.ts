import { z } from 'zod';
import {
  sanctionsEntryIdParamsSchema,
  sanctionsHoldIdParamsSchema,
  sanctionsHoldSchema,
  sanctionsHoldsPageSchema,
  sanctionsHoldsQuerySchema,
  sanctionsImportQuerySchema,
  sanctionsImportResultSchema,
  sanctionsListVersionSchema,
  sanctionsManualAddBodySchema,
  sanctionsManualEntrySchema,
  sanctionsManualRemoveBodySchema,
  sanctionsRefuseBodySchema,
  sanctionsReleaseBodySchema,
} from './admin-sanctions';
import { defineEndpoint } from './endpoint';

const tags = ['admin'];

export const adminSanctionsPaths = {
  importOfac: '/admin/api/v1/sanctions/ofac/import',
  versions: '/admin/api/v1/sanctions/ofac/versions',
  manual: '/admin/api/v1/sanctions/manual',
  removeManual: '/admin/api/v1/sanctions/manual/:id/remove',
  holds: '/admin/api/v1/sanctions/holds',
  release: '/admin/api/v1/sanctions/holds/:id/release',
  refuse: '/admin/api/v1/sanctions/holds/:id/refuse',
} as const;

/** The back office's sanctions screening (permission `sanctions.manage`). */
export const adminSanctionsEndpoints = {
  importOfac: defineEndpoint({
    method: 'POST',
    path: adminSanctionsPaths.importOfac,
    tags,
    summary:
      'Imports an OFAC SDN advanced XML file (the raw body, application/xml, at most 200 MB) as a new list version; open holds are screened again. A file not newer than the active version, or with no address, is refused unless override=true',
    query: sanctionsImportQuerySchema,
    response: sanctionsImportResultSchema,
  }),
  versions: defineEndpoint({
    method: 'GET',
    path: adminSanctionsPaths.versions,
    tags,
    summary: 'Every imported OFAC list version, newest (active) first, with who imported it and its counts',
    response: z.array(sanctionsListVersionSchema),
  }),
  manualEntries: defineEndpoint({
    method: 'GET',
    path: adminSanctionsPaths.manual,
    tags,
    summary: 'The manual block list: addresses compliance listed by hand, newest first',
    response: z.array(sanctionsManualEntrySchema),
  }),
  addManual: defineEndpoint({
    method: 'POST',
    path: adminSanctionsPaths.manual,
    tags,
    summary: 'Lists one address by hand, with a note',
    body: sanctionsManualAddBodySchema,
    response: sanctionsManualEntrySchema,
  }),
  removeManual: defineEndpoint({
    method: 'POST',
    path: adminSanctionsPaths.removeManual,
    tags,
    summary: 'Takes a manual entry off the list, with a note (the entry is kept, marked removed)',
    params: sanctionsEntryIdParamsSchema,
    body: sanctionsManualRemoveBodySchema,
    response: z.null(),
  }),
  holds: defineEndpoint({
    method: 'GET',
    path: adminSanctionsPaths.holds,
    tags,
    summary: 'Withdrawals and deposits held by screening (open ones by default, oldest first), with the list entry named',
    query: sanctionsHoldsQuerySchema,
    response: sanctionsHoldsPageSchema,
  }),
  release: defineEndpoint({
    method: 'POST',
    path: adminSanctionsPaths.release,
    tags,
    summary: 'Releases an open hold: the withdrawal goes on to the signer, the deposit becomes available',
    params: sanctionsHoldIdParamsSchema,
    body: sanctionsReleaseBodySchema,
    response: sanctionsHoldSchema,
  }),
  refuse: defineEndpoint({
    method: 'POST',
    path: adminSanctionsPaths.refuse,
    tags,
    summary: 'Refuses an open hold: the withdrawal is cancelled and its funds returned; the deposit stays frozen',
    params: sanctionsHoldIdParamsSchema,
    body: sanctionsRefuseBodySchema,
    response: sanctionsHoldSchema,
  }),
};
