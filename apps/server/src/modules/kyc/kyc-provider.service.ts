import { checkKycCountry, type KycProviderSessionBody, type KycRejectReasonKey, type Language } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import { macOf } from '../../platform/security/crypto';
import type { AuditApi } from '../audit';
import type { IdentityApi } from '../identity';
import type { KycLevelsService } from './kyc-levels.service';
import type { IdentityProvider, ProviderOutcome, SupportedCountry, WebhookHeaders } from './provider/identity-provider';
import type { QrHandoff } from './provider/qr-handoff';
import {
  bindProviderSession,
  findApplication,
  findApplicationBySession,
  findOpenApplication,
  insertApplication,
  moveApplication,
  takeDelivery,
  type KycApplicationRow,
} from './kyc.repository';
import { kycError } from './kyc.errors';

export interface KycProviderService {
  countries(): Promise<SupportedCountry[]>;
  /**
   * Opens the level-2 application's session on the provider's hosted page: the session it is
   * bound to when that one is still open for the same document and language, else a new one.
   */
  startSession(
    userId: string,
    body: KycProviderSessionBody,
    language: Language,
    origin: string,
  ): Promise<{ url: string; sessionId: string; expiresAt: string }>;
  /** The customer is back from the provider's page: the application waits for the provider's webhook. */
  returned(userId: string, sessionId: string): Promise<KycApplicationRow>;
  /** A webhook delivery: verified, taken once, applied once. Throws invalidSignature when refused. */
  webhook(rawBody: Buffer, headers: WebhookHeaders): Promise<'applied' | 'duplicate' | 'unknownSession'>;
  /** The QR code that continues face recognition on a phone (spec §2), bound to the customer. */
  faceQr(userId: string, origin: string): Promise<{ qrPayload: string; expiresAt: string }>;
  /** The provider page a scanned QR code leads to. */
  openQr(token: string): Promise<string>;
}

const providerReasons: Record<string, KycRejectReasonKey> = {
  documentExpired: 'documentExpired',
  documentInvalid: 'documentUnsupported',
  documentUnreadable: 'documentUnreadable',
  faceMismatch: 'faceMismatch',
  selfieUnusable: 'livenessFailed',
  notEligible: 'countryRestricted',
};

const qrTtlSeconds = 300;

/** What an application keeps of its provider session (`kyc_application.data`). */
interface BoundSession {
  providerUrl: string;
  expiresAt: string;
  documentType: string;
  documentCountry: string;
  language: Language;
}

/** A session is answered again only while this much of it is left for the customer to finish. */
const sessionReuseMarginMs = 5 * 60_000;

/**
 * The provider session an application in `continue` is bound to, when it is the one asked for
 * (same provider, document and language) and not about to expire: a second start, a second tab
 * or a double click answers it again instead of replacing it.
 */
function openSessionOf(
  row: KycApplicationRow,
  wanted: { provider: string; documentCountry: string; documentType: string; language: Language },
  now: Date,
): { url: string; sessionId: string; expiresAt: string } | null {
  if (row.state !== 'continue' || row.provider !== wanted.provider || !row.provider_session_id) return null;
  const data = row.data as Partial<Record<keyof BoundSession, unknown>>;
  if (typeof data.providerUrl !== 'string' || typeof data.expiresAt !== 'string') return null;
  if (data.documentCountry !== wanted.documentCountry || data.documentType !== wanted.documentType || data.language !== wanted.language)
    return null;
  if (!(Date.parse(data.expiresAt) - now.getTime() >= sessionReuseMarginMs)) return null;
  return { url: data.providerUrl, sessionId: row.provider_session_id, expiresAt: data.expiresAt };
}

/** KYC2 through the identity provider (spec §2, §7 `jumio-initurl`, `save-kyc2`, face QR code). */
export function createKycProviderService(deps: {
  db: Db;
  identity: IdentityApi;
  levels: KycLevelsService;
  audit: AuditApi;
  provider: IdentityProvider;
  qr: QrHandoff;
  key: Buffer;
}): KycProviderService {
  const { db, identity, levels, audit, provider, qr, key } = deps;
  /** Opaque to the provider: it never learns the user id or the e-mail. */
  const customerRef = (userId: string) => macOf(key, 'kyc-customer-ref', userId).slice(0, 32);

  async function decide(trx: Db, row: KycApplicationRow, outcome: ProviderOutcome): Promise<void> {
    const by = `provider:${provider.name}`;
    const extra = { provider_outcome: JSON.stringify(outcome) };
    let after: KycApplicationRow | undefined;
    if (outcome.kind === 'approved') {
      after = await moveApplication(trx, row.id, ['continue', 'verifying'], 'verified', { by }, extra);
      if (after) await identity.raiseKycLevel(trx, row.user_id, 2);
    } else if (outcome.kind === 'rejected') {
      const reasonKey = providerReasons[outcome.reason] ?? 'other';
      after = await moveApplication(trx, row.id, ['continue', 'verifying'], 'failed', { by, reasonKey, reason: null }, extra);
    } else {
      // A person decides (the back office's queue).
      after = await moveApplication(trx, row.id, ['continue', 'verifying'], 'verifying', null, extra);
    }
    if (!after) return;
    await audit.record(trx, {
      actor: { kind: 'system', id: by },
      action: `kyc.provider.${outcome.kind}`,
      subject: { kind: 'kycApplication', id: row.id },
      before: { state: row.state },
      after: { state: after.state },
      reason: outcome.kind === 'rejected' ? outcome.reason : null,
    });
  }

  return {
    countries: () => provider.supportedCountries(),

    async startSession(userId, body, language, origin) {
      const problem = checkKycCountry(body.documentCountry);
      if (problem === 'countryRestricted') throw kycError('kycCountryRestricted', {}, 'documentCountry');
      if (problem) throw kycError('kycFieldInvalid', { field: 'documentCountry' }, 'documentCountry');
      await levels.assertLevelOrder(userId, 2);
      const open =
        (await insertApplication(db, {
          user_id: userId,
          level: 2,
          state: 'continue',
          country: body.documentCountry,
          document_type: body.documentType,
        })) ?? (await findOpenApplication(db, userId, 2));
      if (!open || open.state !== 'continue') throw kycError('kycAlreadyVerifying');
      const wanted = { provider: provider.name, documentCountry: body.documentCountry, documentType: body.documentType, language };
      const current = openSessionOf(open, wanted, new Date());
      if (current) return current;
      const session = await provider.createSession({
        reference: open.id,
        customerRef: customerRef(userId),
        country: body.documentCountry,
        documentType: body.documentType,
        successUrl: `${origin}/identification?kyc2=returned`,
        errorUrl: `${origin}/identification?kyc2=error`,
        callbackUrl: `${origin}/audit/v1/provider/webhook`,
        locale: language,
      });
      const data: BoundSession = {
        providerUrl: session.redirectUrl,
        expiresAt: session.expiresAt.toISOString(),
        documentType: body.documentType,
        documentCountry: body.documentCountry,
        language,
      };
      // Bound only if the application still has the session read above: of racing starts one
      // binds, and each other one answers the session that won (never its own, which the
      // application does not know), so no answer names a session whose outcome would be dropped.
      const bound = await bindProviderSession(db, open.id, open.provider_session_id, {
        provider: provider.name,
        sessionId: session.sessionId,
        data,
      });
      if (bound) return { url: session.redirectUrl, sessionId: session.sessionId, expiresAt: data.expiresAt };
      const after = await findApplication(db, open.id);
      if (!after || after.state !== 'continue') throw kycError('kycAlreadyVerifying');
      // A racing start for another document or language won: this one must start again.
      const winner = openSessionOf(after, wanted, new Date());
      if (!winner) throw kycError('kycProviderSessionInvalid');
      return winner;
    },

    async returned(userId, sessionId) {
      const row = await findApplicationBySession(db, provider.name, sessionId);
      if (!row || row.user_id !== userId) throw kycError('kycProviderSessionInvalid');
      if (row.state !== 'continue') return row;
      return (
        (await moveApplication(db, row.id, ['continue'], 'verifying', null)) ??
        (await findApplicationBySession(db, provider.name, sessionId))!
      );
    },

    async webhook(rawBody, headers) {
      const parsed = provider.parseWebhook(rawBody, headers, new Date());
      if (!parsed.ok) throw kycError('invalidSignature');
      const { webhook } = parsed;
      return db.transaction().execute(async (trx) => {
        // The delivery is taken first: a replay or a re-delivery changes nothing.
        if (!(await takeDelivery(trx, { deliveryId: webhook.deliveryId, provider: provider.name, sessionId: webhook.sessionId })))
          return 'duplicate';
        const row = await findApplicationBySession(trx, provider.name, webhook.sessionId, { forUpdate: true });
        if (!row || row.id !== webhook.reference) return 'unknownSession';
        await decide(trx, row, webhook.outcome);
        return 'applied';
      });
    },

    async faceQr(userId, origin) {
      const open = await findOpenApplication(db, userId, 2);
      if (!open?.provider_session_id || open.state !== 'continue') throw kycError('kycQrUnavailable');
      const now = new Date();
      const token = qr.issue(customerRef(userId), open.provider_session_id, now, qrTtlSeconds);
      return {
        qrPayload: `${origin}/audit/v1/web/faceid/qr?token=${encodeURIComponent(token)}`,
        expiresAt: new Date(now.getTime() + qrTtlSeconds * 1000).toISOString(),
      };
    },

    async openQr(token) {
      const checked = qr.verify(token, new Date());
      if (!checked.ok) throw kycError('kycQrUnavailable');
      const row = await findApplicationBySession(db, provider.name, checked.sessionId);
      if (!row || customerRef(row.user_id) !== checked.customerRef || row.state !== 'continue') throw kycError('kycQrUnavailable');
      const url = (row.data as { providerUrl?: unknown }).providerUrl;
      if (typeof url !== 'string') throw kycError('kycQrUnavailable');
      return `${url}#selfie`;
    },
  };
}
