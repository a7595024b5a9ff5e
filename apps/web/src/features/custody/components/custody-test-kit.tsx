import type { CustodyApplication, CustodyMe, SessionUser } from '@coffer/contract';
import { errorCatalogue, errorMessage, type ErrorKey } from '@coffer/contract/errors';
import { stubEnvelopeApi, type StubAnswer } from '../../../../test/envelope-stub';
import custodyEn from '../../../shared/i18n/locales/en/custody.json';

export const custodyNamespaces = { custody: custodyEn };

/** Test-only: an error envelope with the catalogue's English message. */
export class CustodyEnvelope {
  constructor(readonly key: ErrorKey) {}
}

/** Test-only: the server as envelopes, by "METHOD /path" or "/path"; a `CustodyEnvelope` answers that error. */
export function stubCustodyApi(answers: Record<string, StubAnswer>) {
  return stubEnvelopeApi(answers, (value) =>
    value instanceof CustodyEnvelope ? { code: errorCatalogue[value.key].code, msg: errorMessage(value.key, 'en'), data: null } : null,
  );
}

/** Test-only: the JSON bodies posted to `path`. */
export { postedTo } from './custody-org-test-kit';

export function sessionUserOf(overrides: Partial<SessionUser> = {}): Partial<SessionUser> {
  return { userNo: '10001', email: 'cfo@acme.test', phone: null, accountKind: 'enterprise', ...overrides };
}

export function applicationOf(overrides: Partial<CustodyApplication> = {}): CustodyApplication {
  return {
    id: '31',
    companyName: 'Acme Treasury AG',
    country: 'CH',
    industry: 'fund',
    website: 'https://acme.test',
    contactName: 'Ada Acme',
    phone: '+41441234567',
    email: 'cfo@acme.test',
    state: 'pending',
    rejectReason: null,
    salespersonEmail: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    decidedAt: null,
    ...overrides,
  };
}

export function meOf(permissions: CustodyMe['permissions']): CustodyMe {
  return {
    organisation: { id: '5', name: 'Acme Treasury AG', salespersonEmail: 'sales@coffer.test' },
    member: { id: '9', name: 'Ada Acme', email: 'cfo@acme.test', roleName: 'approver', builtInRole: 'approver' },
    permissions,
    hardwareKeyMissing: false,
    hardwareKeyRequired: false,
  };
}
