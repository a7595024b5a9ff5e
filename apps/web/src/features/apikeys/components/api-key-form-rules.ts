import {
  ed25519PublicKeyBytes,
  errorCatalogue,
  isValidApiKeyLabel,
  parseIpWhitelist,
  type ApiKeyRight,
  type ApiKeySettings,
  type ErrorKey,
} from '@coffer/contract';

/** What the create / edit form holds. */
export interface ApiKeyFormValues {
  label: string;
  publicKey?: string;
  rights: ApiKeyRight[];
  ips: string;
  withdrawDailyUsd?: string;
  withdrawAddressIds?: string[];
}

export type ApiKeyFormField = 'label' | 'publicKey' | 'ips' | 'withdrawDailyUsd';

/** Spec §5, the same rules the server runs; each answers the catalogue key of its message, or null. */
export const apiKeyFieldChecks = {
  label: (value: string | undefined): ErrorKey | null => (isValidApiKeyLabel(value ?? '') ? null : 'apiKeyLabelInvalid'),
  publicKey: (value: string | undefined): ErrorKey | null => (ed25519PublicKeyBytes(value ?? '') ? null : 'apiKeyPublicKeyInvalid'),
  ips: (value: string | undefined, maxIps: number): ErrorKey | null => {
    const parsed = parseIpWhitelist(value ?? '');
    return parsed.ok && parsed.entries.length <= maxIps ? null : 'apiKeyIpListInvalid';
  },
};

/** A positive USD amount with at most 2 decimals; empty means no key limit. */
export function isValidDailyUsd(value: string | undefined): boolean {
  const text = (value ?? '').trim();
  return text === '' || (/^\d{1,15}(\.\d{1,2})?$/.test(text) && /[1-9]/.test(text));
}

/** The settings the server takes, from valid form values; the withdraw limits only with the withdraw right. */
export function settingsOf(values: ApiKeyFormValues): Required<ApiKeySettings> {
  const rights = [...new Set<ApiKeyRight>(['read', ...values.rights])];
  const canWithdraw = rights.includes('withdraw');
  const parsed = parseIpWhitelist(values.ips ?? '');
  const dailyUsd = (values.withdrawDailyUsd ?? '').trim();
  return {
    label: values.label.trim(),
    rights,
    ips: parsed.ok ? parsed.entries.join(',') : (values.ips ?? ''),
    withdrawDailyUsd: canWithdraw && dailyUsd !== '' ? dailyUsd : null,
    withdrawAddressIds: canWithdraw ? (values.withdrawAddressIds ?? []) : [],
  };
}

const fieldByCode = new Map<number, ApiKeyFormField>([
  [errorCatalogue.apiKeyLabelInvalid.code, 'label'],
  [errorCatalogue.apiKeyIpListInvalid.code, 'ips'],
  [errorCatalogue.apiKeyPublicKeyInvalid.code, 'publicKey'],
  [errorCatalogue.apiKeyPublicKeyInUse.code, 'publicKey'],
]);

/** The form field an envelope error belongs to, if any. */
export function fieldForCode(code: number | null): ApiKeyFormField | undefined {
  return code === null ? undefined : fieldByCode.get(code);
}

/** The verified request lost its pending change (expired, made, unknown): the form again. */
export const changeLostCode = errorCatalogue.apiKeyChangeNotFound.code;
