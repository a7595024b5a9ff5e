import { createHash } from 'node:crypto';
import type { ProviderLocale } from './identity-provider';
import { sandboxPageText, type PageProblem } from './sandbox-page-text';
import { sandboxRejectReasons } from './sandbox-protocol';
import type { SandboxSession } from './sandbox-session-store';

/** The three uploads, in the order the page asks for them; passports have no back side. */
export const sandboxImageFields = ['documentFront', 'documentBack', 'selfie'] as const;
export type SandboxImageField = (typeof sandboxImageFields)[number];
export type SandboxPageProblems = Partial<Record<SandboxImageField | 'outcome' | 'reason' | 'form', PageProblem>>;

export const sandboxOutcomeChoices = ['approve', 'reject', 'manualReview', 'technicalError'] as const;

export function imageFieldsFor(session: Pick<SandboxSession, 'documentType'>): SandboxImageField[] {
  return session.documentType === 'passport' ? ['documentFront', 'selfie'] : [...sandboxImageFields];
}

const style = [
  'body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f4f4f6;color:#1d1d1f}',
  'main{max-width:40rem;margin:0 auto;padding:1.5rem}',
  '.badge{display:inline-block;background:#b00020;color:#fff;font-weight:700;padding:.2rem .6rem;border-radius:.3rem}',
  'fieldset{background:#fff;border:1px solid #ccc;border-radius:.5rem;margin:0 0 1rem;padding:1rem}',
  'legend{font-weight:600}label{display:block;margin:.3rem 0}',
  '.hint{color:#555;font-size:.9rem;margin:.3rem 0 0}.problem{color:#b00020;font-weight:600}',
  'dl{display:grid;grid-template-columns:auto 1fr;gap:.2rem 1rem}dt{font-weight:600}dd{margin:0;word-break:break-all}',
  'button{font:inherit;padding:.6rem 1.6rem;border-radius:.4rem;border:0;background:#1d4ed8;color:#fff}',
].join('');
const styleHash = createHash('sha256').update(style).digest('base64');

/**
 * The hosted page's content policy: no scripts at all, its one style block by hash, forms only
 * to the sandbox and the places its redirect may go (browsers apply `form-action` to the
 * redirect after a submit).
 */
export function sandboxPageCsp(formTargets: readonly string[]): string {
  const origins = [...new Set(formTargets.map((target) => new URL(target).origin))];
  return [
    "default-src 'none'",
    `style-src 'sha256-${styleHash}'`,
    `form-action 'self' ${origins.join(' ')}`.trim(),
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (character) => escapes[character] ?? character);

function page(locale: ProviderLocale, body: string): string {
  const text = sandboxPageText[locale];
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(locale)}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="referrer" content="no-referrer"><meta name="robots" content="noindex">',
    `<title>${escapeHtml(text.title)}</title><style>${style}</style></head>`,
    `<body><main><p class="badge">TEST ONLY</p><h1>${escapeHtml(text.title)}</h1>${body}</main></body></html>`,
  ].join('');
}

function problemLine(locale: ProviderLocale, problem: PageProblem | undefined): string {
  return problem ? `<p class="problem" role="alert">${escapeHtml(sandboxPageText[locale].problems[problem])}</p>` : '';
}

export function renderSandboxSessionPage(
  session: SandboxSession,
  options: { completeUrl: string; problems?: SandboxPageProblems },
): string {
  const locale = session.locale;
  const text = sandboxPageText[locale];
  const problems = options.problems ?? {};
  const facts = [
    `<p>${escapeHtml(text.intro)}</p>`,
    '<dl>',
    `<dt>${escapeHtml(text.session)}</dt><dd>${escapeHtml(session.id)}</dd>`,
    `<dt>${escapeHtml(text.country)}</dt><dd>${escapeHtml(session.country)}</dd>`,
    `<dt>${escapeHtml(text.document)}</dt><dd>${escapeHtml(text.documents[session.documentType])}</dd>`,
    '</dl>',
  ].join('');
  const summary = Object.keys(problems).length > 0 ? `<p class="problem" role="alert">${escapeHtml(text.fixProblems)}</p>` : '';

  const steps = imageFieldsFor(session).map((field, index) =>
    [
      `<fieldset><legend>${escapeHtml(text.step(index + 1, text[field]))}</legend>`,
      `<input type="file" name="${field}" accept="image/jpeg,image/png" required>`,
      `<p class="hint">${escapeHtml(text.fileHint)}</p>${problemLine(locale, problems[field])}</fieldset>`,
    ].join(''),
  );
  const choice = (value: (typeof sandboxOutcomeChoices)[number], label: string, checked = false) =>
    `<label><input type="radio" name="outcome" value="${value}"${checked ? ' checked' : ''}> ${escapeHtml(label)}</label>`;
  const reasons = sandboxRejectReasons.map((reason) => `<option value="${reason}">${escapeHtml(text.reasons[reason])}</option>`).join('');
  const outcome = [
    `<fieldset><legend>${escapeHtml(text.outcome)}</legend>`,
    choice('approve', text.approve, true),
    choice('reject', text.reject),
    `<label>${escapeHtml(text.reason)} <select name="reason">${reasons}</select></label>`,
    `<label><input type="checkbox" name="final" value="yes"> ${escapeHtml(text.final)}</label>`,
    choice('manualReview', text.manualReview),
    choice('technicalError', text.technicalError),
    problemLine(locale, problems.outcome ?? problems.reason),
    '</fieldset>',
  ].join('');

  return page(
    locale,
    [
      facts,
      summary,
      problemLine(locale, problems.form),
      `<form method="post" action="${escapeHtml(options.completeUrl)}" enctype="multipart/form-data">`,
      ...steps,
      outcome,
      `<button type="submit">${escapeHtml(text.submit)}</button></form>`,
    ].join(''),
  );
}

/** A session that can no longer be submitted: its state and the way back to Coffer. */
export function renderSandboxClosedPage(session: SandboxSession, state: 'completed' | 'expired'): string {
  const text = sandboxPageText[session.locale];
  const back = state === 'completed' ? session.successUrl : session.errorUrl;
  return page(session.locale, `<p>${escapeHtml(text[state])}</p><p><a href="${escapeHtml(back)}">${escapeHtml(text.back)}</a></p>`);
}

export function renderSandboxNotFoundPage(): string {
  return page('en', `<p>${escapeHtml(sandboxPageText.en.notFound)}</p>`);
}
