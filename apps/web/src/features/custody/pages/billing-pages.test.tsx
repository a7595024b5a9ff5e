import { custodyBillingPaths, custodyPaths, errorCatalogue, errorMessage, walletPaths } from '@coffer/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { accounts, choose, currencies } from '../components/custody-config-test-kit';
import { billDetailOf, billOf, paymentMethodOf, renderCustodyBilling, statisticsOf } from '../components/custody-billing-test-kit';
import { catchSavedFiles, requestedUrls, stubMoneyApi } from '../components/custody-money-test-kit';
import { CustodyOrgEnvelope, postedTo } from '../components/custody-org-test-kit';
import { meOf } from '../components/custody-test-kit';
import { BillDetailPage } from './bill-detail-page';
import { BillingPage } from './billing-page';
import { BillingStatsPage } from './billing-stats-page';
import { PaymentMethodPage } from './payment-method-page';

const slow = { timeout: 5_000 };
const billPath = (id: string) => custodyBillingPaths.bill.replace(':id', id);
const pdfPath = (id: string) => custodyBillingPaths.billPdf.replace(':id', id);
const pageOf = (records = [billOf()]) => ({ records, pageNo: 1, pageSize: 20, total: records.length });

function stubServer(answers: Record<string, unknown> = {}, permissions: Parameters<typeof meOf>[0] = ['orders']) {
  return stubMoneyApi(
    {
      [custodyPaths.me]: meOf(permissions),
      [custodyPaths.accounts]: accounts,
      [walletPaths.currencies]: currencies,
      [custodyBillingPaths.bills]: pageOf([
        billOf(),
        billOf({ id: '42', period: '2026-09', dueOn: '2026-10-09', state: 'unpaid', finalCostUsd: '100.00', hostingFeeUsd: '80.25' }),
      ]),
      [billPath('41')]: billDetailOf(),
      [custodyBillingPaths.paymentMethod]: paymentMethodOf(),
      [custodyBillingPaths.statistics]: statisticsOf(),
      ...answers,
    },
    { [pdfPath('41')]: { body: '%PDF-1.4', type: 'application/pdf', name: 'coffer-bill-2026-10.pdf' } },
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('BillingPage', { timeout: 60_000 }, () => {
  it('lists the bills with their figures, due date and status (an unpaid bill past its due date is overdue), each linked to its detail', async () => {
    stubServer();
    renderCustodyBilling(<BillingPage />, { path: '/custody/billing' });
    expect(screen.getByTestId('bills-loading')).toBeTruthy();
    const table = await screen.findByTestId('bills-table', {}, slow);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const [october, september] = rows;
    expect(october?.textContent).toContain('Oct 2026');
    expect(october?.textContent).toContain('$1,200,000.00');
    expect(october?.textContent).toContain('$500.00');
    expect(october?.textContent).toContain('$12.50');
    expect(october?.textContent).toContain('Nov 9, 2026');
    expect(within(october as HTMLElement).getByTestId('bill-state').textContent).toBe('Paid');
    expect(within(september as HTMLElement).getByTestId('bill-state').textContent).toBe('Overdue');
    expect(
      within(october as HTMLElement)
        .getByTestId('bill-link')
        .getAttribute('href'),
    ).toBe('/custody/billing/41');
  });

  it('sends the year and status filters, and shows the filtered empty state with a way back', async () => {
    const user = userEvent.setup();
    const spy = stubServer({ [custodyBillingPaths.bills]: pageOf([]) });
    renderCustodyBilling(<BillingPage />, { path: '/custody/billing', url: '/custody/billing?year=2026&state=unpaid' });
    const empty = await screen.findByTestId('bills-empty', {}, slow);
    const first = requestedUrls(spy, custodyBillingPaths.bills)[0];
    expect(first?.searchParams.get('state')).toBe('unpaid');
    expect(first?.searchParams.get('fromMonth')).toBe('2026-01');
    expect(first?.searchParams.get('toMonth')).toBe('2026-12');
    expect(empty.textContent).toContain('No bill matches these filters.');
    await user.click(within(empty).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByTestId('bills-empty').textContent).toContain('No bills yet.'), slow);
    expect(requestedUrls(spy, custodyBillingPaths.bills).at(-1)?.searchParams.has('state')).toBe(false);
  });

  it('downloads a bill as PDF and names the saved file', async () => {
    const user = userEvent.setup();
    const saved = catchSavedFiles();
    stubServer();
    renderCustodyBilling(<BillingPage />, { path: '/custody/billing' });
    const table = await screen.findByTestId('bills-table', {}, slow);
    await user.click(within(table).getAllByTestId('bill-pdf')[0] as HTMLElement);
    expect((await screen.findByTestId('bill-download', {}, slow)).textContent).toContain('coffer-bill-2026-10.pdf');
    expect(saved.map((file) => file.name)).toEqual(['coffer-bill-2026-10.pdf']);
    expect(await saved[0]?.blob.text()).toBe('%PDF-1.4');
  });

  it('shows a refused read in the user language', async () => {
    stubServer({ [custodyBillingPaths.bills]: new CustodyOrgEnvelope(errorCatalogue.custodyBillingMonthInvalid.code) });
    renderCustodyBilling(<BillingPage />, { path: '/custody/billing', language: 'zh-CN' });
    expect((await screen.findByTestId('bills-load-error', {}, slow)).textContent).toContain(
      errorMessage('custodyBillingMonthInvalid', 'zh-CN'),
    );
  });
});

describe('BillDetailPage', { timeout: 60_000 }, () => {
  const renderDetail = (language?: 'en' | 'ru') =>
    renderCustodyBilling(<BillDetailPage />, { path: '/custody/billing/:billId', url: '/custody/billing/41', language });

  it('shows every line with its formula, and the snapshots and ledger entries it was computed from when expanded', async () => {
    const user = userEvent.setup();
    stubServer();
    renderDetail();
    const lines = await screen.findByTestId('bill-lines', {}, slow);
    expect(screen.getByRole('heading', { name: 'Bill Oct 2026' })).toBeTruthy();
    const hosting = within(lines).getByTestId('bill-row-hosting');
    expect(hosting.textContent).toContain('Average daily managed market value $1,200,000.00');
    expect(hosting.textContent).toContain('÷ 31 days) × annual rate 0.5% ÷ 12');
    expect(hosting.textContent).toContain('$500.00');
    expect(within(lines).getByTestId('bill-row-enterpriseWithdrawal').textContent).toContain(
      '25,000.00 USDT withdrawn from enterprise accounts in 2 settled orders × reference price $1.00.',
    );
    expect(within(lines).getByTestId('bill-row-withdrawalFee').textContent).toContain('shown, not charged');
    expect(within(lines).getByTestId('bill-row-referenceFee').textContent).toContain('Hosting fee $500.00 + coin-withdrawal fees $12.50');
    expect(within(lines).getByTestId('bill-row-finalCost').textContent).toContain(
      'The larger of the hosting fee $500.00 and the minimum $100.00',
    );

    expect(within(lines).queryByTestId('line-sources')).toBeNull();
    await user.click(within(hosting).getByRole('button', { name: /expand/i }));
    const snapshots = await within(lines).findByTestId('line-sources');
    expect(snapshots.textContent).toContain('Daily snapshots');
    expect(snapshots.textContent).toContain('Oct 1, 2026');
    expect(snapshots.textContent).toContain('12.50000000');
    expect(snapshots.textContent).toContain('$96,000.00');

    await user.click(within(within(lines).getByTestId('bill-row-enterpriseWithdrawal')).getByRole('button', { name: /expand/i }));
    await waitFor(() => expect(within(lines).getAllByTestId('line-sources')).toHaveLength(2));
    const entries = within(lines).getAllByTestId('line-sources')[1];
    expect(entries?.textContent).toContain('Ledger entries');
    expect(entries?.textContent).toContain('WO202610150001');
    expect(entries?.textContent).toContain('#901 / 450');
  });

  it('shows the platform bank for a wire, and for a deduction the accounts in priority order and what was taken', async () => {
    stubServer();
    const first = renderDetail();
    const bank = await screen.findByTestId('bill-bank', {}, slow);
    expect(screen.getByTestId('bill-method').textContent).toBe('Bank wire');
    for (const text of ['Bank Frick & Co. AG', 'Landstrasse 14', '8821', 'BFRILI22', 'Quote the bill number 41'])
      expect(bank.textContent).toContain(text);
    first.unmount();
    vi.restoreAllMocks();

    stubServer({
      [billPath('41')]: billDetailOf({
        payment: {
          method: 'deduction',
          paidAt: '2026-11-09T00:10:00.000Z',
          note: '',
          accountId: '8',
          accountName: 'Reserve cold',
          coin: 'USDT',
          amount: '500',
          usdPrice: '1',
          journalId: '777',
        },
      }),
      [custodyBillingPaths.paymentMethod]: paymentMethodOf({
        method: 'deduction',
        deductions: [
          { accountId: '7', accountName: 'Treasury hot', coin: 'BTC' },
          { accountId: '8', accountName: 'Reserve cold', coin: 'USDT' },
        ],
      }),
    });
    renderDetail();
    const deductions = await screen.findByTestId('bill-deductions', {}, slow);
    expect(screen.getByTestId('bill-method').textContent).toBe('Digital-currency deduction');
    expect(
      within(deductions)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Treasury hot · BTC', 'Reserve cold · USDT']);
    expect(screen.getByTestId('bill-taken').textContent).toContain('500.00 USDT from Reserve cold at $1.00 per USDT (journal 777)');
    expect(screen.queryByTestId('bill-bank')).toBeNull();
  });

  it('downloads the PDF, and shows a refused one in the user language', async () => {
    const user = userEvent.setup();
    const saved = catchSavedFiles();
    const spy = stubServer();
    const first = renderDetail();
    await user.click(await screen.findByTestId('bill-detail-pdf', {}, slow));
    await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['coffer-bill-2026-10.pdf']), slow);
    expect(requestedUrls(spy, pdfPath('41'))).toHaveLength(1);
    first.unmount();
    vi.restoreAllMocks();

    stubMoneyApi({
      [custodyPaths.me]: meOf(['orders']),
      [billPath('41')]: billDetailOf(),
      [custodyBillingPaths.paymentMethod]: paymentMethodOf(),
      [pdfPath('41')]: new CustodyOrgEnvelope(errorCatalogue.custodyBillNotFound.code),
    });
    renderDetail('ru');
    await user.click(await screen.findByTestId('bill-detail-pdf', {}, slow));
    expect((await screen.findByTestId('bill-download', {}, slow)).textContent).toContain(errorMessage('custodyBillNotFound', 'ru'));
  });
});

describe('BillingStatsPage', { timeout: 60_000 }, () => {
  it('shows the month’s rates and fees by coin (with bars) and by business line, for the month chosen', async () => {
    const spy = stubServer();
    renderCustodyBilling(<BillingStatsPage />, { path: '/custody/billingStats', url: '/custody/billingStats?month=2026-10' });
    const facts = await screen.findByTestId('stats-facts', {}, slow);
    expect(requestedUrls(spy, custodyBillingPaths.statistics)[0]?.searchParams.get('month')).toBe('2026-10');
    expect(facts.textContent).toContain('0.5%');
    expect(facts.textContent).toContain('$500.00');
    expect(facts.textContent).toContain('$14.50');
    const byCoin = screen.getByTestId('stats-by-coin');
    expect(byCoin.textContent).toContain('25,000.00');
    expect(byCoin.textContent).toContain('1.50000000');
    expect(byCoin.textContent).toContain('$12.50');
    expect(screen.getByTestId('stats-bars').textContent).toContain('USDT');
    const byLine = screen.getByTestId('stats-by-line');
    expect(byLine.textContent).toContain('Payroll');
    expect(byLine.textContent).toContain('Treasury');
  });
});

describe('PaymentMethodPage', { timeout: 60_000 }, () => {
  it('saves a deduction from accounts in the priority order set with up and down', async () => {
    const user = userEvent.setup();
    const spy = stubServer(
      {
        [`POST ${custodyBillingPaths.paymentMethod}`]: ({ body }: { body: unknown }) =>
          paymentMethodOf({
            method: 'deduction',
            deductions: (body as { deductions: { accountId: string; coin: string }[] }).deductions.map((row) => ({
              ...row,
              accountName: row.accountId === '7' ? 'Treasury hot' : 'Reserve cold',
            })),
          }),
      },
      ['orders', 'accounts'],
    );
    renderCustodyBilling(<PaymentMethodPage />, { path: '/custody/billing/paymentMethod' });
    await screen.findByTestId('payment-form', {}, slow);
    expect(screen.getByTestId('payment-rates').textContent).toContain('0.5% a year');
    await user.click(screen.getByText('Digital-currency deduction'));
    await user.click(screen.getByTestId('payment-save'));
    expect((await screen.findByTestId('payment-refusal')).textContent).toContain('Add at least one account to deduct from.');

    await user.click(screen.getByTestId('deduction-add'));
    await user.click(screen.getByTestId('deduction-add'));
    expect(screen.getAllByTestId('deduction-row')).toHaveLength(2);
    await choose(user, 'deduction-account-1', 'Treasury hot');
    await choose(user, 'deduction-coin-1', 'BTC');
    await choose(user, 'deduction-account-2', 'Reserve cold');
    await choose(user, 'deduction-coin-2', 'USDT');
    await user.click(screen.getByRole('button', { name: 'Move up 2' }));
    await user.click(screen.getByTestId('payment-save'));
    await waitFor(
      () =>
        expect(postedTo(spy, custodyBillingPaths.paymentMethod)).toEqual([
          {
            method: 'deduction',
            deductions: [
              { accountId: '8', coin: 'USDT' },
              { accountId: '7', coin: 'BTC' },
            ],
          },
        ]),
      slow,
    );
    expect(await screen.findByText('Payment method saved.')).toBeTruthy();
  });

  it('shows the server’s refusal in the user language', async () => {
    const user = userEvent.setup();
    stubServer(
      {
        [custodyBillingPaths.paymentMethod]: paymentMethodOf({
          method: 'deduction',
          deductions: [{ accountId: '7', accountName: 'Treasury hot', coin: 'BTC' }],
        }),
        [`POST ${custodyBillingPaths.paymentMethod}`]: new CustodyOrgEnvelope(errorCatalogue.custodyDeductionAccountInvalid.code),
      },
      ['orders', 'accounts'],
    );
    renderCustodyBilling(<PaymentMethodPage />, { path: '/custody/billing/paymentMethod', language: 'zh-CN' });
    await user.click(await screen.findByTestId('payment-save', {}, slow));
    expect((await screen.findByTestId('payment-refusal', {}, slow)).textContent).toContain(
      errorMessage('custodyDeductionAccountInvalid', 'zh-CN'),
    );
  });

  it('is read-only for a member without the accounts permission', async () => {
    stubServer();
    renderCustodyBilling(<PaymentMethodPage />, { path: '/custody/billing/paymentMethod' });
    expect((await screen.findByTestId('payment-read-only', {}, slow)).textContent).toContain('custody-accounts permission');
    expect(screen.queryByTestId('payment-save')).toBeNull();
    expect(screen.getByTestId('bill-bank').textContent).toContain('BFRILI22');
  });
});
