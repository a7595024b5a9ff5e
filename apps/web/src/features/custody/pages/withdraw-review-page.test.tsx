import {
  custodyApproveBodySchema,
  custodyPaths,
  custodyRejectBodySchema,
  errorCatalogue,
  errorMessage,
  identityPaths,
  type CustodyMe,
} from '@coffer/contract';
import { startAuthentication } from '@simplewebauthn/browser';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectErrorAt, fill } from '../components/custody-config-test-kit';
import { CustodyOrgEnvelope, postedTo, stubCustodyOrgApi } from '../components/custody-org-test-kit';
import { detailOf, digest, orderOf, renderCustodyOrders } from '../components/custody-orders-test-kit';
import { meOf } from '../components/custody-test-kit';
import { WithdrawReviewPage } from './withdraw-review-page';

vi.mock('@simplewebauthn/browser', () => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));

const slow = { timeout: 5_000 };
const orderPath = '/custody/v1/withdrawal-orders/31';
const approvePath = `${orderPath}/approve`;
const optionsPath = `${orderPath}/approval-options`;
const rejectPath = `${orderPath}/reject`;

const reviewer = meOf(['review']);
const submitter: CustodyMe = { ...meOf(['orders', 'review']), member: { ...reviewer.member, id: '14', name: 'Sam Submitter' } };

const withApproval = detailOf({
  order: orderOf({ state: 'reviewing' }),
  approvals: [
    {
      memberId: '12',
      memberName: 'Bo Reviewer',
      decision: 'approve',
      opinion: 'Matches the payroll sheet',
      digest,
      method: 'secondFactor',
      credentialName: null,
      signature: null,
      counts: true,
      at: '2026-11-29T10:00:00.000Z',
    },
  ],
});

const keySignature = {
  credentialId: 'Y3JlZGVudGlhbC1pZA',
  signature: 'MEUCIQDsignaturesignaturesignatureXYZ',
  authenticatorData: 'SZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2MFAAAAAg',
  clientDataJSON: 'eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0',
};
const withKeyApproval = detailOf({
  order: orderOf({ state: 'reviewing' }),
  approvals: [
    {
      memberId: '12',
      memberName: 'Bo Reviewer',
      decision: 'approve',
      opinion: '',
      digest,
      method: 'passkey',
      credentialName: 'YubiKey 5C',
      signature: keySignature,
      counts: true,
      at: '2026-11-29T10:00:00.000Z',
    },
  ],
});
const keyReviewer: CustodyMe = { ...reviewer, hardwareKeyRequired: true };
const approvalOptions = {
  digest,
  nonce: 'bm9uY2Utbm9uY2Utbm9uY2U',
  publicKey: { challenge: 'ZGVyaXZlZC1mcm9tLXRoZS1kaWdlc3Q', rpId: 'localhost', allowCredentials: [] },
};
const assertion = { id: 'Y3JlZGVudGlhbC1pZA', type: 'public-key', response: { signature: 'c2ln' } };

function stubServer(answers: Record<string, unknown> = {}) {
  return stubCustodyOrgApi({
    [custodyPaths.me]: reviewer,
    [orderPath]: withApproval,
    [identityPaths.twofaStatus]: { twofaList: ['ga'], maskedEmail: null, maskedPhone: null },
    [`POST ${approvePath}`]: detailOf({ order: orderOf({ state: 'sending' }) }),
    [`POST ${rejectPath}`]: detailOf({ order: orderOf({ state: 'rejected' }) }),
    ...answers,
  });
}

const renderReview = () =>
  renderCustodyOrders(<WithdrawReviewPage />, {
    path: '/custody/withdrawOrders/:orderId/review',
    url: '/custody/withdrawOrders/31/review',
  });

afterEach(() => {
  vi.mocked(startAuthentication).mockReset();
  vi.restoreAllMocks();
});

describe('WithdrawReviewPage', { timeout: 60_000 }, () => {
  it('shows why the order is held, the approvals in, who may still approve and the timeline', async () => {
    stubServer();
    renderReview();
    expect(screen.getByTestId('order-loading')).toBeTruthy();
    const why = await screen.findByTestId('order-why', {}, slow);
    expect(within(why).getByTestId('policy-verdict').textContent).toBe('Held until its approvals are in');
    expect(within(why).getByTestId('policy-reason').textContent).toContain('Minimum reviewers:');
    expect(within(why).getByTestId('policy-approvals').textContent).toContain('Approvals: 0 of 2');
    expect(within(why).getByTestId('policy-may-approve').textContent).toContain('Bo Reviewer');
    const approvals = screen.getByTestId('approvals');
    expect(approvals.textContent).toContain('Bo Reviewer');
    expect(approvals.textContent).toContain('Matches the payroll sheet');
    expect(approvals.textContent).toContain('aaaaaa…bbbbbb');
    const timeline = screen.getByTestId('order-timeline');
    expect(timeline.textContent).toContain('Submitted by Sam Submitter');
    expect(within(screen.getByTestId('order-timeline-review-12')).getByText('Approved by Bo Reviewer')).toBeTruthy();
    expect(screen.getByTestId('order-timeline-review-12').textContent).toContain('Signed digest aaaaaa…bbbbbb');
    expect(screen.getByTestId('order-amount').textContent).toBe('1,250.50 USDT');
  });

  it('tells the submitter why they cannot approve their own order, and shows no review to a member without review', async () => {
    stubServer({ [custodyPaths.me]: submitter });
    const first = renderReview();
    expect((await screen.findByTestId('review-own-order', {}, slow)).textContent).toContain('You submitted this order');
    expect(screen.queryByTestId('review-approve')).toBeNull();
    first.unmount();
    vi.restoreAllMocks();
    stubServer({ [custodyPaths.me]: meOf(['orders']) });
    renderReview();
    await screen.findByTestId('order-why', {}, slow);
    expect(screen.queryByTestId('review-approve')).toBeNull();
    expect(screen.queryByTestId('review-reject')).toBeNull();
  });

  it('approves the digest shown with the second-factor code; a changed order is refused in the dialog', async () => {
    const user = userEvent.setup();
    const mismatch = errorMessage('custodyOrderDigestMismatch', 'en');
    let answer: unknown = new CustodyOrgEnvelope(errorCatalogue.custodyOrderDigestMismatch.code, mismatch);
    const spy = stubServer({ [`POST ${approvePath}`]: () => answer });
    renderReview();
    await user.click(await screen.findByTestId('review-approve', {}, slow));
    const form = await screen.findByTestId('review-form', {}, slow);
    expect(within(form).getByTestId('review-digest').textContent).toBe(digest);
    await user.click(within(form).getByTestId('review-submit'));
    await expectErrorAt('verify-ga-code', 'Enter the code');
    await fill(user, 'verify-ga-code', '123456');
    await fill(user, 'review-opinion', 'Checked against the sheet');
    await user.click(within(form).getByTestId('review-submit'));
    expect((await screen.findByTestId('review-form-error', {}, slow)).textContent).toBe(mismatch);
    answer = detailOf({ order: orderOf({ state: 'sending' }) });
    await user.click(within(form).getByTestId('review-submit'));
    expect(await screen.findByText('Your approval is recorded', {}, slow)).toBeTruthy();
    const bodies = postedTo(spy, approvePath);
    expect(bodies).toHaveLength(2);
    expect(custodyApproveBodySchema.safeParse(bodies[1]).success).toBe(true);
    expect(bodies[1]).toEqual({ digest, opinion: 'Checked against the sheet', gaCode: '123456' });
  });

  it('rejects only with an opinion, and shows the server refusal at the opinion', async () => {
    const user = userEvent.setup();
    let answer: unknown = new CustodyOrgEnvelope(errorCatalogue.custodyOpinionInvalid.code, 'Enter an opinion of at most 150 characters');
    const spy = stubServer({ [`POST ${rejectPath}`]: () => answer });
    renderReview();
    await user.click(await screen.findByTestId('review-reject', {}, slow));
    const form = await screen.findByTestId('review-form', {}, slow);
    expect(within(form).queryByTestId('review-digest')).toBeNull();
    expect(within(form).queryByTestId('security-verification')).toBeNull();
    await user.click(within(form).getByTestId('review-submit'));
    await expectErrorAt('review-opinion', 'Enter an opinion');
    expect(postedTo(spy, rejectPath)).toHaveLength(0);
    await fill(user, 'review-opinion', 'Wrong address');
    await user.click(within(form).getByTestId('review-submit'));
    await expectErrorAt('review-opinion', 'Enter an opinion of at most 150 characters');
    answer = detailOf({ order: orderOf({ state: 'rejected' }) });
    await user.click(within(form).getByTestId('review-submit'));
    expect(await screen.findByText('The order is rejected', {}, slow)).toBeTruthy();
    const bodies = postedTo(spy, rejectPath);
    expect(custodyRejectBodySchema.safeParse(bodies.at(-1)).success).toBe(true);
    expect(bodies.at(-1)).toEqual({ opinion: 'Wrong address' });
  });

  it('shows an approval signed by a security key with the key and its signature', async () => {
    stubServer({ [orderPath]: withKeyApproval });
    renderReview();
    const signedWith = await screen.findByTestId('approval-signed-with', {}, slow);
    expect(signedWith.textContent).toContain('YubiKey 5C');
    expect(signedWith.textContent).toContain('signature');
    const timeline = screen.getByTestId('order-timeline').textContent;
    expect(timeline).toContain('Approved by Bo Reviewer, signed with YubiKey 5C');
    expect(timeline).toContain('Signed digest aaaaaa…bbbbbb');
    expect(timeline).toContain('Key signature MEUCIQDs…atureXYZ');
  });

  it('where keys are required, has the key sign the digest-derived challenge and sends the assertion with its nonce', async () => {
    const user = userEvent.setup();
    vi.mocked(startAuthentication).mockResolvedValue(assertion as never);
    const spy = stubServer({ [custodyPaths.me]: keyReviewer, [`POST ${optionsPath}`]: approvalOptions });
    renderReview();
    await user.click(await screen.findByTestId('review-approve', {}, slow));
    const form = await screen.findByTestId('review-form', {}, slow);
    expect(within(form).getByTestId('review-key-signs').textContent).toContain('aaaaaaaa…bbbbbbbb');
    expect(within(form).queryByTestId('security-verification')).toBeNull();
    expect(within(form).getByTestId('review-submit').textContent).toBe('Sign with security key and approve');
    await fill(user, 'review-opinion', 'Matches');
    await user.click(within(form).getByTestId('review-submit'));
    expect(await screen.findByText('Your approval is recorded', {}, slow)).toBeTruthy();
    expect(vi.mocked(startAuthentication)).toHaveBeenCalledWith({ optionsJSON: approvalOptions.publicKey });
    const bodies = postedTo(spy, approvePath);
    expect(bodies).toEqual([{ digest, opinion: 'Matches', nonce: approvalOptions.nonce, passkey: assertion }]);
    expect(custodyApproveBodySchema.safeParse(bodies[0]).success).toBe(true);
  });

  it('says so when the key prompt is closed, approves nothing, and asks the key again on the next try', async () => {
    const user = userEvent.setup();
    vi.mocked(startAuthentication).mockRejectedValueOnce(new DOMException('closed', 'NotAllowedError'));
    const spy = stubServer({ [custodyPaths.me]: keyReviewer, [`POST ${optionsPath}`]: approvalOptions });
    renderReview();
    await user.click(await screen.findByTestId('review-approve', {}, slow));
    const form = await screen.findByTestId('review-form', {}, slow);
    await user.click(within(form).getByTestId('review-submit'));
    expect((await screen.findByTestId('review-form-error', {}, slow)).textContent).toContain('The security key prompt was closed');
    expect(postedTo(spy, approvePath)).toHaveLength(0);
    vi.mocked(startAuthentication).mockResolvedValueOnce(assertion as never);
    await user.click(within(form).getByTestId('review-submit'));
    expect(await screen.findByText('Your approval is recorded', {}, slow)).toBeTruthy();
    expect(postedTo(spy, optionsPath)).toHaveLength(2);
    expect(postedTo(spy, approvePath)).toHaveLength(1);
  });

  it('refuses to sign options for another digest, and shows the server refusal of a replayed signature', async () => {
    const user = userEvent.setup();
    vi.mocked(startAuthentication).mockResolvedValue(assertion as never);
    const reused = errorMessage('custodyApprovalSignatureReused', 'en');
    let options: unknown = { ...approvalOptions, digest: 'c'.repeat(64) };
    const spy = stubServer({
      [custodyPaths.me]: keyReviewer,
      [`POST ${optionsPath}`]: () => options,
      [`POST ${approvePath}`]: new CustodyOrgEnvelope(errorCatalogue.custodyApprovalSignatureReused.code, reused),
    });
    renderReview();
    await user.click(await screen.findByTestId('review-approve', {}, slow));
    const form = await screen.findByTestId('review-form', {}, slow);
    await user.click(within(form).getByTestId('review-submit'));
    expect((await screen.findByTestId('review-form-error', {}, slow)).textContent).toContain('another version of this order');
    expect(vi.mocked(startAuthentication)).not.toHaveBeenCalled();
    options = approvalOptions;
    await user.click(within(form).getByTestId('review-submit'));
    await vi.waitFor(() => expect(screen.getByTestId('review-form-error').textContent).toBe(reused));
    expect(postedTo(spy, approvePath)).toHaveLength(1);
  });

  it('shows a load error for an order that cannot be read', async () => {
    stubServer({ [orderPath]: new CustodyOrgEnvelope(errorCatalogue.noMatchingData.code, 'No matching data') });
    renderReview();
    expect(await screen.findByTestId('order-load-error', {}, slow)).toBeTruthy();
  });
});
