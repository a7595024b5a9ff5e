import { withdrawalPaths } from '@coffer/contract/withdrawal-paths';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render-page';
import { testDwOptions, withdrawalRecord } from '../../../../test/funds-fixtures';
import { stubFundsApi } from './funds-test-server';
import { WithdrawResult } from './withdraw-result';
import { WithdrawalRecords } from './withdrawal-records';

const internalDone = withdrawalRecord({
  id: '8',
  accountType: 'internal',
  status: 'completed',
  fee: '0',
  txid: null,
  completedAt: '2026-03-01T11:00:01.000Z',
});
const onChainWaiting = withdrawalRecord({ id: '9', status: 'processing', txid: null });
const onChainSent = withdrawalRecord({
  id: '10',
  status: 'confirming',
  txid: '0x9a0c4d3e2f1b5a6c7d8e9f00112233445566778899aabbccddeeff0011223344',
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the txid of a withdrawal', { timeout: 20_000 }, () => {
  it('says an internal withdrawal has no chain transaction, and an ordinary one is not sent yet', async () => {
    stubFundsApi({
      [withdrawalPaths.withdrawals]: { pageNo: 1, pageSize: 10, total: 3, records: [internalDone, onChainWaiting, onChainSent] },
    });
    renderPage(<WithdrawalRecords options={testDwOptions} />, { path: '/propertyCenter/withdraw' });

    const rows = within(await screen.findByTestId('withdrawal-records', {}, { timeout: 10_000 }))
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Internal, no chain transaction')).toBeTruthy();
    expect(within(rows[0]!).queryByText('Not sent yet')).toBeNull();
    expect(within(rows[1]!).getByText('Not sent yet')).toBeTruthy();
    expect(within(rows[2]!).getByText('0x9a0c…223344')).toBeTruthy();
  });

  it('says so on the result of a completed internal withdrawal', async () => {
    stubFundsApi({ [withdrawalPaths.withdrawals]: { pageNo: 1, pageSize: 10, total: 1, records: [internalDone] } });
    renderPage(<WithdrawResult record={internalDone} displayPrecision={2} onAgain={() => undefined} />, {
      path: '/propertyCenter/withdraw',
    });

    const result = await screen.findByTestId('withdraw-result');
    expect(within(result).getByText('Internal, no chain transaction')).toBeTruthy();
    expect(within(result).queryByText('Not sent yet')).toBeNull();
  });
});
