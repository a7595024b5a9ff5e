import type { WithdrawalRecord } from '@coffer/contract';
import { withdrawalPaths } from '@coffer/contract/withdrawal-paths';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render-page';
import { testDwOptions, withdrawalRecord } from '../../../../test/funds-fixtures';
import { callsTo, stubFundsApi } from './funds-test-server';
import { WithdrawalRecords } from './withdrawal-records';

/** Under load, antd tables in jsdom take a few seconds to settle. */
const slow = { timeout: 5_000 };

afterEach(() => {
  vi.restoreAllMocks();
});

/** A server holding one large withdrawal awaiting its second confirmation; confirm and cancel change it. */
function stubHeldWithdrawal() {
  let held: WithdrawalRecord = withdrawalRecord({
    amount: '1500',
    status: 'awaitingConfirmation',
    confirmBefore: '2099-03-01T16:00:00.000Z',
  });
  const change = (next: Partial<WithdrawalRecord>) => {
    held = { ...held, ...next, confirmBefore: null };
    return { record: held, confirmationCode: null };
  };
  return stubFundsApi({
    [withdrawalPaths.withdrawals]: () => ({ pageNo: 1, pageSize: 10, total: 1, records: [held] }),
    [withdrawalPaths.confirmWithdrawal]: () => change({ status: 'processing' }),
    [withdrawalPaths.cancelWithdrawal]: () => change({ status: 'cancelled', failReason: 'cancelledByCustomer' }),
  });
}

// The list is what a customer sees after a reload: no submission result panel, only the row's own actions.
describe('WithdrawalRecords', { timeout: 25_000 }, () => {
  it('confirms a held large withdrawal from its row and shows it processing', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubHeldWithdrawal();
    renderPage(<WithdrawalRecords options={testDwOptions} />, { path: '/propertyCenter/withdraw' });

    const list = await screen.findByTestId('withdrawal-records', {}, slow);
    expect(within(list).getByTestId('withdrawal-status').textContent).toContain('Awaiting your confirmation');
    await user.click(within(list).getByTestId('withdraw-second-confirm'));

    await vi.waitFor(() => expect(within(list).getByTestId('withdrawal-status').textContent).toContain('Processing'), slow);
    expect(callsTo(fetchSpy, 'POST', withdrawalPaths.confirmWithdrawal)).toEqual([{ serialNumber: 'WD2026030100000007' }]);
    expect(within(list).queryByTestId('withdraw-second-confirm')).toBeNull();
  });

  it('cancels a held large withdrawal from its row after the pop-confirm and shows it cancelled', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubHeldWithdrawal();
    renderPage(<WithdrawalRecords options={testDwOptions} />, { path: '/propertyCenter/withdraw' });

    const list = await screen.findByTestId('withdrawal-records', {}, slow);
    await user.click(within(list).getByTestId('withdraw-cancel'));
    expect(callsTo(fetchSpy, 'POST', withdrawalPaths.cancelWithdrawal)).toHaveLength(0);
    await user.click(await screen.findByTestId('withdraw-cancel-yes', {}, slow));

    await vi.waitFor(() => expect(within(list).getByTestId('withdrawal-status').textContent).toContain('Cancelled'), slow);
    expect(callsTo(fetchSpy, 'POST', withdrawalPaths.cancelWithdrawal)).toEqual([{ serialNumber: 'WD2026030100000007' }]);
    expect(callsTo(fetchSpy, 'POST', withdrawalPaths.confirmWithdrawal)).toHaveLength(0);
  });
});
