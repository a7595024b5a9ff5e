import type { KycLevelLimit } from '@coffer/contract';
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

const initialLimits: KycLevelLimit[] = [
  { level: 0, withdrawalDailyUsd: '0', tradeMaxUsd: '1000' },
  { level: 1, withdrawalDailyUsd: '2000', tradeMaxUsd: '10000' },
  { level: 2, withdrawalDailyUsd: '100000', tradeMaxUsd: '500000' },
  { level: 3, withdrawalDailyUsd: '1000000', tradeMaxUsd: '5000000' },
];

function stubLimits(permissions = operatorWith(['kyc.review', 'kyc.limits'], 'superAdmin').permissions) {
  let limits = [...initialLimits];
  return stubAdminApi({
    [adminPaths.me]: operatorWith(permissions, 'superAdmin'),
    [`GET ${adminKycPaths.limits}`]: () => limits,
    [`PUT ${adminKycPaths.limits}/1`]: ({ body }: { body: Omit<KycLevelLimit, 'level'> }) => {
      const saved = { level: 1 as const, ...body };
      limits = limits.map((limit) => (limit.level === 1 ? saved : limit));
      return saved;
    },
  });
}

/** Waits for the message antd shows under a field (its `_help` block) to read `text`. */
async function expectFieldMessage(testId: string, text: string) {
  await waitFor(() => {
    const item = screen.getByTestId(testId).closest('.ant-form-item');
    expect(item?.querySelector('.ant-form-item-explain')?.textContent).toBe(text);
  }, slow);
}

describe('level limits', { timeout: 25_000 }, () => {
  it('refuses amounts that are not plain USD with cents, then saves after the confirmation', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubLimits();
    renderAdmin('/admin/limits');

    const row = await screen.findByTestId('limits-row-1', {}, slow);
    expect(row.textContent).toContain('$2,000.00');
    await user.click(within(row).getByTestId('limits-edit-1'));

    const withdrawal = await screen.findByTestId('limits-withdrawal-input', {}, slow);
    await user.clear(withdrawal);
    await user.type(withdrawal, '2500.125');
    await user.click(screen.getByTestId('limits-save'));
    await expectFieldMessage('limits-withdrawal-input', 'At most 2 decimals (cents)');

    await user.clear(withdrawal);
    await user.type(withdrawal, '2,500');
    await user.click(screen.getByTestId('limits-save'));
    await expectFieldMessage('limits-withdrawal-input', 'Enter a plain number such as 2000 or 2000.50, without thousands separators');

    await user.clear(withdrawal);
    await user.click(screen.getByTestId('limits-save'));
    await expectFieldMessage('limits-withdrawal-input', 'Enter an amount in USD');
    expect(adminCallsTo(fetchSpy, 'PUT', `${adminKycPaths.limits}/1`)).toHaveLength(0);

    await user.type(withdrawal, '2500.5');
    await user.click(screen.getByTestId('limits-save'));

    // The confirmation shows old and new values before anything is sent.
    expect((await screen.findByTestId('limits-confirm-withdrawal', {}, slow)).textContent).toBe('$2,000.00 → $2,500.50');
    expect(screen.getByTestId('limits-confirm-trade').textContent).toBe('$10,000.00 → $10,000.00');
    expect(adminCallsTo(fetchSpy, 'PUT', `${adminKycPaths.limits}/1`)).toHaveLength(0);
    await user.click(screen.getByTestId('limits-save-confirm'));

    await waitFor(() => expect(screen.queryByTestId('limits-confirmation')).toBeNull(), slow);
    await waitFor(() => expect(screen.getByTestId('limits-row-1').textContent).toContain('$2,500.50'), slow);
    expect(adminCallsTo(fetchSpy, 'PUT', `${adminKycPaths.limits}/1`)).toEqual([{ withdrawalDailyUsd: '2500.5', tradeMaxUsd: '10000' }]);
  });

  it('shows the limits read-only to a reviewer without kyc.limits', async () => {
    stubLimits(['kyc.review']);
    renderAdmin('/admin/limits');

    expect((await screen.findByTestId('limits-row-3', {}, slow)).textContent).toContain('$1,000,000.00');
    expect(screen.queryByTestId('limits-edit-1')).toBeNull();
    expect(screen.getByText('What each KYC level allows. Only a super admin can change these limits.')).toBeTruthy();
  });
});
