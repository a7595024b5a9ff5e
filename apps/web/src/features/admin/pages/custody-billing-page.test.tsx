import { adminCustodyBillingPaths, type AdminBillingOrg, type CustodyBill } from '@coffer/contract';
import { adminPaths } from '@coffer/contract/admin-paths';
import { errorCatalogue, errorMessage } from '@coffer/contract/errors';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ratePercent } from '../components/admin-format';
import { AdminEnvelope, adminCallsTo, operatorWith, renderAdmin, stubAdminApi } from '../components/admin-test-kit';

const slow = { timeout: 5_000 };
const markPaidPath = '/admin/api/v1/custody/billing/bills/81/mark-paid';
const ratesPath = '/admin/api/v1/custody/billing/organisations/5/rates';

function billOf(overrides: Partial<CustodyBill> = {}): CustodyBill {
  return {
    id: '81',
    period: '2026-10',
    issuedAt: '2026-11-01T02:00:00.000Z',
    dueOn: '2026-11-09',
    state: 'unpaid',
    currency: 'USD',
    days: 31,
    averageMarketValueUsd: '89632.14',
    annualRate: '0.0125',
    hostingFeeUsd: '93.37',
    enterpriseWithdrawalUsd: '35.50',
    primeWithdrawalUsd: '7.25',
    withdrawalFeeUsd: '6.00',
    minimumUsd: '50.00',
    referenceFeeUsd: '99.37',
    finalCostUsd: '93.37',
    payment: null,
    ...overrides,
  };
}

function organisationOf(overrides: Partial<AdminBillingOrg> = {}): AdminBillingOrg {
  return {
    orgId: '5',
    name: 'Northwind Treasury',
    annualRate: '0.0125',
    minimumUsd: '50.00',
    isDefaultRates: false,
    method: 'wire',
    unpaidUsd: '93.37',
    bills: [
      billOf(),
      billOf({
        id: '80',
        period: '2026-09',
        dueOn: '2026-10-09',
        state: 'paid',
        payment: {
          method: 'wire',
          paidAt: '2026-10-05T10:00:00.000Z',
          note: 'REF-9',
          accountId: null,
          accountName: null,
          coin: null,
          amount: null,
          usdPrice: null,
          journalId: null,
        },
      }),
    ],
    ...overrides,
  };
}

const page = (records: AdminBillingOrg[]) => ({ pageNo: 1, pageSize: 20, total: records.length, records });

afterEach(() => vi.restoreAllMocks());

describe('back-office custody billing', { timeout: 30_000 }, () => {
  it('is in the menu only with custody.billing', async () => {
    stubAdminApi({ [adminPaths.me]: operatorWith(['custody.review']) });
    renderAdmin('/admin/custody');
    const menu = await screen.findByTestId('admin-menu', {}, slow);
    expect(within(menu).queryByText('Custody billing')).toBeNull();
  });

  it('lists organisations with their rates and bills, and filters to those with an unpaid bill', async () => {
    const user = userEvent.setup();
    const spy = stubAdminApi({
      [adminPaths.me]: operatorWith(['custody.billing'], 'finance'),
      [adminCustodyBillingPaths.organisations]: ({ url }: { url: URL }) =>
        url.searchParams.get('unpaidOnly') === 'true' ? page([]) : page([organisationOf()]),
    });
    renderAdmin('/admin/custody-billing');
    const table = await screen.findByTestId('billing-organisations', {}, slow);
    expect(within(table).getByText('Northwind Treasury')).toBeTruthy();
    expect(within(table).getByText('1.25 %')).toBeTruthy();
    const bills = within(table).getByTestId('billing-bills');
    expect(within(bills).getByText('2026-10')).toBeTruthy();
    expect(within(bills).getByText('Unpaid')).toBeTruthy();
    expect(within(bills).getByText(/Bank wire · .* · REF-9/)).toBeTruthy();
    // Only the unpaid bill offers marking.
    expect(within(bills).getAllByTestId('billing-mark-paid')).toHaveLength(1);
    expect(within(screen.getByTestId('admin-menu')).getByText('Custody billing')).toBeTruthy();

    await user.click(screen.getByTestId('billing-unpaid-only'));
    expect((await screen.findByTestId('billing-empty', {}, slow)).textContent).toBe('No custody organisations to bill.');
    const filters = spy.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === adminCustodyBillingPaths.organisations)
      .map((url) => url.searchParams.get('unpaidOnly'));
    expect(filters).toEqual(['false', 'true']);
  });

  it('marks an unpaid bill paid after confirming, with the bank reference, and shows a refusal', async () => {
    const user = userEvent.setup();
    let answer: unknown = new AdminEnvelope(errorCatalogue.noPermission.code, errorMessage('noPermission', 'en'));
    const spy = stubAdminApi({
      [adminPaths.me]: operatorWith(['custody.billing'], 'finance'),
      [adminCustodyBillingPaths.organisations]: page([organisationOf()]),
      [`POST ${markPaidPath}`]: () => answer,
    });
    renderAdmin('/admin/custody-billing');
    await user.click(await screen.findByTestId('billing-mark-paid', {}, slow));
    const form = await screen.findByTestId('billing-mark-paid-form');
    expect(form.closest('.ant-modal')?.textContent).toContain(
      'Northwind Treasury: the bill of 2026-10, 93.37 USD, was received by bank wire.',
    );
    await user.type(screen.getByTestId('billing-wire-reference'), '  SWIFT-REF-77 ');
    await user.click(screen.getByTestId('billing-mark-paid-confirm'));
    expect(await screen.findByText(errorMessage('noPermission', 'en'))).toBeTruthy();

    answer = { bill: billOf({ state: 'paid' }), changed: true };
    await user.click(screen.getByTestId('billing-mark-paid-confirm'));
    await waitFor(() => expect(screen.queryByTestId('billing-mark-paid-form')).toBeNull(), slow);
    expect(adminCallsTo(spy, 'POST', markPaidPath)).toEqual([{ note: 'SWIFT-REF-77' }, { note: 'SWIFT-REF-77' }]);
  });

  it('sets the rates, checking their form before sending', async () => {
    const user = userEvent.setup();
    const spy = stubAdminApi({
      [adminPaths.me]: operatorWith(['custody.billing'], 'finance'),
      [adminCustodyBillingPaths.organisations]: page([organisationOf({ isDefaultRates: true, annualRate: '0.005', minimumUsd: '100.00' })]),
      [`POST ${ratesPath}`]: ({ body }: { body: { annualRate: string; minimumUsd: string } }) =>
        organisationOf({ annualRate: body.annualRate, minimumUsd: body.minimumUsd }),
    });
    renderAdmin('/admin/custody-billing');
    const table = await screen.findByTestId('billing-organisations', {}, slow);
    expect(within(table).getByText('(default)')).toBeTruthy();
    await user.click(screen.getByTestId('billing-set-rates'));
    const rate = await screen.findByTestId('billing-annual-rate');
    expect((rate as HTMLInputElement).value).toBe('0.005');
    await user.clear(rate);
    await user.type(rate, '1.5');
    await user.click(screen.getByTestId('billing-rates-confirm'));
    expect(await screen.findByText('Enter a fraction from 0 to below 1 with at most 8 decimals.')).toBeTruthy();
    expect(adminCallsTo(spy, 'POST', ratesPath)).toHaveLength(0);
    await user.clear(rate);
    await user.type(rate, '0.0075');
    await user.clear(screen.getByTestId('billing-minimum'));
    await user.type(screen.getByTestId('billing-minimum'), '250');
    await user.click(screen.getByTestId('billing-rates-confirm'));
    await waitFor(() => expect(screen.queryByTestId('billing-rates-form')).toBeNull(), slow);
    expect(adminCallsTo(spy, 'POST', ratesPath)).toEqual([{ annualRate: '0.0075', minimumUsd: '250' }]);
  });

  it('reads rates as percentages exactly', () => {
    expect(ratePercent('0.005')).toBe('0.5 %');
    expect(ratePercent('0.0125')).toBe('1.25 %');
    expect(ratePercent('0.1')).toBe('10 %');
    expect(ratePercent('0')).toBe('0 %');
    expect(ratePercent('0.12345678')).toBe('12.345678 %');
  });
});
