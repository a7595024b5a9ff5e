import type {
  ApiKey,
  ApiKeyPendingChange,
  ApiKeySendCodeBody,
  CodeSent,
  CreateApiKeyBody,
  DeleteApiKeyBody,
  EditApiKeyBody,
  VerifyApiKeyChangeBody,
} from '@coffer/contract';
import { apiKeyEndpoints } from '@coffer/contract/apikeys-endpoints';
import { call } from '../../../shared/http/call';

export type ApiKeyChangeKind = ApiKeyPendingChange['kind'];

/**
 * The two steps of spec §4 for each change: a pre-request answering a pending change, then the
 * verified request carrying its codes. Callers show failures where they belong (the HTTP client
 * has already toasted them).
 */
export const apiKeyChanges = {
  create: (body: CreateApiKeyBody): Promise<ApiKeyPendingChange> => call(apiKeyEndpoints.create, { body }),
  edit: (body: EditApiKeyBody): Promise<ApiKeyPendingChange> => call(apiKeyEndpoints.edit, { body }),
  remove: (body: DeleteApiKeyBody): Promise<ApiKeyPendingChange> => call(apiKeyEndpoints.remove, { body }),
  sendCode: (body: ApiKeySendCodeBody): Promise<CodeSent> => call(apiKeyEndpoints.sendCode, { body }),
  verifyCreate: (body: VerifyApiKeyChangeBody): Promise<ApiKey> => call(apiKeyEndpoints.verifyCreate, { body }),
  verifyEdit: (body: VerifyApiKeyChangeBody): Promise<ApiKey> => call(apiKeyEndpoints.verifyEdit, { body }),
  verifyRemove: (body: VerifyApiKeyChangeBody): Promise<{ accessKey: string; deleted: true }> =>
    call(apiKeyEndpoints.verifyRemove, { body }),
};
