import type { KycApplicationDetail } from '@coffer/contract';
import { adminKycPaths } from '@coffer/contract/admin-kyc-endpoints';
import { adminPaths } from '@coffer/contract/admin-paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminCallsTo, operatorWith, renderAdmin, stubAdminApi } from '../components/admin-test-kit';

const slow = { timeout: 5_000 };

afterEach(() => {
  vi.restoreAllMocks();
});

const applicationPath = '/admin/api/v1/kyc/applications/41';

function waitingApplication(overrides: Partial<KycApplicationDetail> = {}): KycApplicationDetail {
  return {
    id: '41',
    userNo: '10000041',
    account: 'li.wei@example.com',
    level: 1,
    state: 'verifying',
    country: 'SG',
    createdAt: '2026-03-02T09:15:00.000Z',
    providerOutcome: null,
    data: { firstName: 'Wei', lastName: 'Li', birthday: '1990-04-01', addressLine1: '1 Marina Blvd' },
    documentType: 'passport',
    idNumberMasked: 'E12****78',
    file: { uploadId: '9', purpose: 'addressProof', kind: 'png', size: 204_800, durationSeconds: null },
    verifiedIdentity: null,
    ruleChecks: [
      { rule: 'age', passed: true },
      { rule: 'restrictedCountry', passed: false, detail: 'SG is allowed only with KYC2' },
    ],
    rejectReason: null,
    decidedBy: null,
    decidedAt: null,
    ...overrides,
  };
}

function stubReview() {
  return stubAdminApi({
    [adminPaths.me]: operatorWith(['kyc.review']),
    [`GET ${applicationPath}`]: waitingApplication(),
    [`POST ${applicationPath}/approve`]: waitingApplication({
      state: 'verified',
      decidedBy: 'ops@coffer.test',
      decidedAt: '2026-03-02T10:00:00.000Z',
    }),
    [`POST ${applicationPath}/reject`]: ({ body }: { body: { key: 'documentExpired'; text: string } }) =>
      waitingApplication({ state: 'failed', rejectReason: body, decidedBy: 'ops@coffer.test', decidedAt: '2026-03-02T10:00:00.000Z' }),
  });
}

describe('KYC application page', { timeout: 25_000 }, () => {
  it('shows the submitted data, masked ID number, rule checks and the file inline', async () => {
    stubReview();
    renderAdmin('/admin/kyc/41');

    expect((await screen.findByTestId('kyc-id-number', {}, slow)).textContent).toBe('E12****78');
    expect(within(screen.getByTestId('kyc-submitted-data')).getByText('1 Marina Blvd')).toBeTruthy();
    const checks = screen.getAllByTestId('kyc-rule-check');
    expect(checks.map((check) => check.textContent)).toEqual(['✓ Passedage', '✗ FailedrestrictedCountry — SG is allowed only with KYC2']);
    expect(screen.getByTestId('kyc-file-image').getAttribute('src')).toBe(adminKycPaths.file.replace(':id', '9'));
    expect(screen.getByTestId('kyc-provider-outcome').textContent).toBe('No provider result');
  });

  it('shows a later level beside the verified basic level, to compare', async () => {
    stubAdminApi({
      [adminPaths.me]: operatorWith(['kyc.review']),
      [`GET ${applicationPath}`]: waitingApplication({
        level: 3,
        verifiedIdentity: {
          data: { surname: 'Li', givenName: 'Wei' },
          documentType: 'passport',
          idNumberMasked: 'E12****78',
          country: 'SG',
        },
      }),
    });
    renderAdmin('/admin/kyc/41');
    const identity = await screen.findByTestId('kyc-verified-identity', {}, slow);
    expect(identity.textContent).toContain('Wei');
    expect(identity.textContent).toContain('E12****78');
  });

  it('approves only after the confirmation, then shows the decision', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubReview();
    renderAdmin('/admin/kyc/41');

    await user.click(await screen.findByTestId('kyc-approve', {}, slow));
    expect(await screen.findByText('Approve the application of li.wei@example.com? Their level rises at once.', {}, slow)).toBeTruthy();
    expect(adminCallsTo(fetchSpy, 'POST', `${applicationPath}/approve`)).toHaveLength(0);

    await user.click(screen.getByTestId('kyc-approve-confirm'));

    expect((await screen.findByTestId('kyc-decided', {}, slow)).textContent).toContain('This application is Verified');
    expect(adminCallsTo(fetchSpy, 'POST', `${applicationPath}/approve`)).toHaveLength(1);
    expect(adminCallsTo(fetchSpy, 'POST', `${applicationPath}/reject`)).toHaveLength(0);
    // Decided: nothing left to approve or reject.
    await waitFor(() => expect(screen.queryByTestId('kyc-approve')).toBeNull());
  });

  it('rejects with a chosen reason and the note, and requires the reason', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubReview();
    renderAdmin('/admin/kyc/41');

    await user.click(await screen.findByTestId('kyc-reject', {}, slow));
    await user.click(await screen.findByTestId('kyc-reject-confirm', {}, slow));
    expect(await screen.findByText('Choose a reason', {}, slow)).toBeTruthy();
    expect(adminCallsTo(fetchSpy, 'POST', `${applicationPath}/reject`)).toHaveLength(0);

    await user.click(within(screen.getByTestId('kyc-reject-reason')).getByRole('combobox'));
    const options = await screen.findAllByTitle('Document expired', {}, slow);
    await user.click(options[options.length - 1]!);
    await user.type(screen.getByTestId('kyc-reject-text'), 'Passport expired in 2025 ');
    await user.click(screen.getByTestId('kyc-reject-confirm'));

    const decided = await screen.findByTestId('kyc-decided', {}, slow);
    expect(decided.textContent).toContain('Rejected');
    expect(decided.textContent).toContain('Reason: Document expired — Passport expired in 2025');
    expect(adminCallsTo(fetchSpy, 'POST', `${applicationPath}/reject`)).toEqual([
      { key: 'documentExpired', text: 'Passport expired in 2025' },
    ]);
    expect(adminCallsTo(fetchSpy, 'POST', `${applicationPath}/approve`)).toHaveLength(0);
  });

  it('requires the note when the reason is “Other”, then sends it trimmed', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubReview();
    renderAdmin('/admin/kyc/41');

    await user.click(await screen.findByTestId('kyc-reject', {}, slow));
    await user.click(within(await screen.findByTestId('kyc-reject-reason', {}, slow)).getByRole('combobox'));
    const options = await screen.findAllByTitle('Other', {}, slow);
    await user.click(options[options.length - 1]!);
    await user.type(screen.getByTestId('kyc-reject-text'), '   ');
    await user.click(screen.getByTestId('kyc-reject-confirm'));
    expect(await screen.findByText('Write the note: with “Other”, it is the only explanation the customer sees', {}, slow)).toBeTruthy();
    expect(adminCallsTo(fetchSpy, 'POST', `${applicationPath}/reject`)).toHaveLength(0);

    await user.type(screen.getByTestId('kyc-reject-text'), 'Photo of a screen ');
    await user.click(screen.getByTestId('kyc-reject-confirm'));
    await screen.findByTestId('kyc-decided', {}, slow);
    expect(adminCallsTo(fetchSpy, 'POST', `${applicationPath}/reject`)).toEqual([{ key: 'other', text: 'Photo of a screen' }]);
  });

  it('plays a video and offers a PDF as a download', async () => {
    stubAdminApi({
      [adminPaths.me]: operatorWith(['kyc.review']),
      [`GET ${applicationPath}`]: waitingApplication({
        level: 3,
        file: { uploadId: '12', purpose: 'video', kind: 'webm', size: 3_145_728, durationSeconds: 31.6 },
      }),
      [`GET /admin/api/v1/kyc/applications/42`]: waitingApplication({
        id: '42',
        file: { uploadId: '13', purpose: 'addressProof', kind: 'pdf', size: 90_000, durationSeconds: null },
      }),
    });
    const { router } = renderAdmin('/admin/kyc/41');

    const video = await screen.findByTestId('kyc-file-video', {}, slow);
    expect(video.getAttribute('src')).toBe('/admin/api/v1/kyc/files/12');
    expect(video.hasAttribute('controls')).toBe(true);

    await router.navigate('/admin/kyc/42');
    const link = await screen.findByTestId('kyc-file-download', {}, slow);
    expect(link.getAttribute('href')).toBe('/admin/api/v1/kyc/files/13');
    expect(link.hasAttribute('download')).toBe(true);
  });
});
