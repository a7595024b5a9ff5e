import type { CustodyPartnerLink, CustodyPoolPartner } from '@coffer/contract';
import type { Language } from '@coffer/contract/languages';
import type { ReactNode } from 'react';
import custodyEn from '../../../shared/i18n/locales/en/custody.json';
import custodyRu from '../../../shared/i18n/locales/ru/custody.json';
import custodyZhCn from '../../../shared/i18n/locales/zh-CN/custody.json';
import custodyZhTw from '../../../shared/i18n/locales/zh-TW/custody.json';
import fundsRu from '../../../shared/i18n/locales/ru/funds.json';
import fundsZhCn from '../../../shared/i18n/locales/zh-CN/funds.json';
import fundsZhTw from '../../../shared/i18n/locales/zh-TW/funds.json';
import poolEn from '../../../shared/i18n/locales/en/custodyPool.json';
import poolRu from '../../../shared/i18n/locales/ru/custodyPool.json';
import poolZhCn from '../../../shared/i18n/locales/zh-CN/custodyPool.json';
import poolZhTw from '../../../shared/i18n/locales/zh-TW/custodyPool.json';
import { renderCustodyPage } from './custody-org-test-kit';

/** English `funds` (network names) is in every test's i18n already. */
const catalogues: Record<Language, Record<string, object>> = {
  en: { custodyPool: poolEn, custody: custodyEn },
  ru: { custodyPool: poolRu, custody: custodyRu, funds: fundsRu },
  'zh-CN': { custodyPool: poolZhCn, custody: custodyZhCn, funds: fundsZhCn },
  'zh-TW': { custodyPool: poolZhTw, custody: custodyZhTw, funds: fundsZhTw },
};

/**
 * Test-only: renders a mining-pool page as the app does, in `language` (its catalogues and the
 * HTTP client's error texts alike), at `path`/`url`, with the app's toasts. The test setup
 * puts the client back in English after each test.
 */
export function renderCustodyPool(ui: ReactNode, { language = 'en', path, url }: { language?: Language; path: string; url?: string }) {
  return renderCustodyPage(ui, { path, url, language, namespaces: catalogues[language] });
}

const createdAt = '2026-11-20T10:15:00.000Z';

export function poolPartnerOf(overrides: Partial<CustodyPoolPartner> = {}): CustodyPoolPartner {
  return {
    id: '60',
    accountId: '7',
    accountName: 'Treasury hot',
    coin: 'BTC',
    chain: 'bitcoin',
    partnerName: 'Foundry USA',
    state: 'open',
    expiresAt: '2026-11-27T10:15:00.000Z',
    createdAt,
    createdBy: 'Ada Acme',
    payoutAddress: null,
    contactEmail: null,
    linkedAt: null,
    revokedAt: null,
    unlinkedAt: null,
    ...overrides,
  };
}

/** A linked partner, an open link, an expired one and a revoked one. */
export const poolPartners: CustodyPoolPartner[] = [
  poolPartnerOf({
    id: '61',
    partnerName: 'ViaBTC',
    state: 'linked',
    payoutAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    contactEmail: 'payouts@viabtc.example',
    linkedAt: '2026-11-21T08:00:00.000Z',
  }),
  poolPartnerOf(),
  poolPartnerOf({ id: '59', partnerName: 'Late Pool', state: 'expired', expiresAt: '2026-11-19T10:15:00.000Z' }),
  poolPartnerOf({ id: '58', partnerName: 'Old Pool', state: 'revoked', revokedAt: '2026-11-18T10:15:00.000Z' }),
];

export const partnerToken = 'Qm9ndXMtdG9rZW4tZm9yLXRoZS1wYXJ0bmVyLXBhZ2UtMDE';

export function partnerLinkOf(overrides: Partial<CustodyPartnerLink> = {}): CustodyPartnerLink {
  return {
    organisationName: 'Acme Treasury AG',
    accountName: 'Treasury hot',
    partnerName: 'Foundry USA',
    coin: 'BTC',
    chain: 'bitcoin',
    depositAddress: 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080',
    memo: null,
    qrCode: 'data:image/png;base64,iVBORw0KGgo=',
    minDeposit: '0.0005',
    confirmationsToCredit: 1,
    expiresAt: '2026-11-27T10:15:00.000Z',
    ...overrides,
  };
}
