import type { KycAllowance, KycLevelInfo, KycLevelStatus } from '@coffer/contract';
import type { Language } from '@coffer/contract/languages';
import type { ReactNode } from 'react';
import { stubEnvelopeApi, type StubAnswer } from '../../../../test/envelope-stub';
import { LocationProbe, renderPage } from '../../../../test/render-page';
import kyc from '../../../shared/i18n/locales/en/kyc.json';
import kycRu from '../../../shared/i18n/locales/ru/kyc.json';
import kycZhCn from '../../../shared/i18n/locales/zh-CN/kyc.json';
import kycZhTw from '../../../shared/i18n/locales/zh-TW/kyc.json';
import { AntdProvider } from '../../../shared/ui/antd-provider';

/** Test-only: an envelope the stub answers as is (an error code). */
export class KycEnvelope {
  constructor(
    readonly code: number,
    readonly msg = '',
    readonly data: unknown = null,
  ) {}
}

/**
 * Test-only: the server as envelopes, by "METHOD /path" or "/path". An answer is data, a
 * `KycEnvelope`, or a function of the request giving either (`test/envelope-stub.ts`).
 */
export function stubKycApi(answers: Record<string, StubAnswer>) {
  return stubEnvelopeApi(answers, (value) =>
    value instanceof KycEnvelope ? { code: value.code, msg: value.msg, data: value.data } : null,
  );
}

const kycCatalogues: Record<Language, object> = { en: kyc, 'zh-CN': kycZhCn, 'zh-TW': kycZhTw, ru: kycRu };

/** The page as the app frames it, with where the router is shown on it too. */
function KycFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <AntdProvider>{children}</AntdProvider>
      <LocationProbe />
    </>
  );
}

/** Test-only: renders KYC screens as the app does (the `kyc` catalogue in `language`, antd, TanStack Query, a router). */
export function renderKyc(
  ui: ReactNode,
  { url = '/propertyCenter/identification', language = 'en' }: { url?: string; language?: Language } = {},
) {
  return renderPage(ui, {
    path: '/propertyCenter/identification',
    url,
    language,
    namespaces: { kyc: kycCatalogues[language] },
    wrapper: KycFrame,
  });
}

const allowance = (withdrawal: string | null, trade: string | null): KycAllowance => ({
  withdrawal24hLimitUsd: withdrawal,
  spotTradeMaxUsd: trade,
});

const status = (
  state: KycLevelStatus['state'],
  allows: KycAllowance,
  rejectReason: KycLevelStatus['rejectReason'] = null,
): KycLevelStatus => ({
  state,
  rejectReason,
  allows,
});

/** Test-only: a level answer; the allowances are 0 / 2,000 / 100,000 / unlimited withdrawals. */
export function levelInfo(
  overrides: Partial<Record<'basic' | 'advanced' | 'video', Partial<KycLevelStatus>>> = {},
  level: KycLevelInfo['level'] = 0,
): KycLevelInfo {
  const levels = {
    basic: { ...status('notStarted', allowance('2000', '10000')), ...overrides.basic },
    advanced: { ...status('notStarted', allowance('100000', '500000')), ...overrides.advanced },
    video: { ...status('notStarted', allowance(null, null)), ...overrides.video },
  };
  const current = level === 0 ? allowance('0', '1000') : [levels.basic, levels.advanced, levels.video][level - 1]!.allows;
  return { level, allows: current, fullName: level >= 1 ? 'Anna Müller' : null, levels };
}

/** Test-only: a File of `size` bytes of `type` (its first bytes as a JPEG's, for what little that matters here). */
export function fileOf(name: string, type: string, size: number): File {
  const bytes = new Uint8Array(size);
  bytes.set([0xff, 0xd8, 0xff]);
  return new File([bytes], name, { type });
}
