import type { SanctionsHold } from '@coffer/contract';
import { adminPaths } from '@coffer/contract/admin-paths';
import { adminSanctionsPaths } from '@coffer/contract/admin-sanctions-endpoints';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminCallsTo, operatorWith, renderAdmin, stubAdminApi } from '../components/admin-test-kit';

const slow = { timeout: 5_000 };

afterEach(() => {
  vi.restoreAllMocks();
});

const hold: SanctionsHold = {
  id: '3',
  kind: 'withdrawal',
  subjectId: '901',
  status: 'open',
  userNo: '10001001',
  coin: 'USDT',
  amount: '2500',
  chain: 'ethereum',
  address: '0x8589427373D6D84E98730D7795D8f6f8731FDA16',
  entry: { id: '77', source: 'ofac', listVersion: '2', label: 'SDN 12345' },
  isStillListed: true,
  rescreenedAt: null,
  openedAt: '2026-03-02T09:15:00.000Z',
  decidedBy: null,
  decidedAt: null,
  reason: null,
};

const version = {
  id: '2',
  source: 'ofac',
  publishedOn: '2026-11-20',
  fileSha256: 'a3f1c9e0b7d2a3f1c9e0b7d2a3f1c9e0b7d2a3f1c9e0b7d2a3f1c9e0b7d2a3f1',
  fileBytes: 1200,
  entryCount: 812,
  countsByChain: { bitcoin: 402, ethereum: 410 },
  importedBy: { id: '1', name: 'admin@coffer.local' },
  importedAt: '2026-11-21T09:15:00.000Z',
  isActive: true,
};

function stubSanctions() {
  let open = [hold];
  return stubAdminApi({
    [adminPaths.me]: operatorWith(['sanctions.manage']),
    [`GET ${adminSanctionsPaths.holds}`]: ({ url }: { url: URL }) =>
      url.searchParams.get('status') === 'open' ? { total: open.length, items: open } : { total: 0, items: [] },
    [`POST ${adminSanctionsPaths.holds}/3/refuse`]: ({ body }: { body: { reason: string } }) => {
      open = [];
      return { ...hold, status: 'refused', reason: body.reason };
    },
    [`GET ${adminSanctionsPaths.manual}`]: [],
    [`GET ${adminSanctionsPaths.versions}`]: [],
    [`POST ${adminSanctionsPaths.importOfac}`]: { version, rescreenedHolds: 1, holdsNoLongerListed: 0 },
  });
}

describe('sanctions', { timeout: 25_000 }, () => {
  it('refuses a hold only with a reason', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubSanctions();
    renderAdmin('/admin/sanctions');

    await user.click(await screen.findByTestId('sanctions-refuse-3', {}, slow));
    expect(
      await screen.findByText('The withdrawal of 2,500.00 USDT by customer 10001001 is cancelled and the funds returned.', {}, slow),
    ).toBeTruthy();
    await user.click(screen.getByTestId('sanctions-hold-confirm'));
    expect(await screen.findByText('A refusal needs its reason; it is kept for the authorities', {}, slow)).toBeTruthy();
    expect(adminCallsTo(fetchSpy, 'POST', `${adminSanctionsPaths.holds}/3/refuse`)).toHaveLength(0);

    await user.type(screen.getByTestId('sanctions-hold-reason'), 'Confirmed match with SDN 12345');
    await user.click(screen.getByTestId('sanctions-hold-confirm'));

    expect(await screen.findByText('Nothing is held.', {}, slow)).toBeTruthy();
    expect(adminCallsTo(fetchSpy, 'POST', `${adminSanctionsPaths.holds}/3/refuse`)).toEqual([{ reason: 'Confirmed match with SDN 12345' }]);
  });

  it('imports an OFAC XML file as the raw body and shows what it did', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubSanctions();
    renderAdmin('/admin/sanctions');

    const xml = new File(['<?xml version="1.0"?><Sanctions/>'], 'sdn_advanced.xml', { type: 'text/xml' });
    await user.upload(await screen.findByTestId('sanctions-import-file', {}, slow), xml);
    await user.click(screen.getByTestId('sanctions-import-submit'));

    const result = await screen.findByTestId('sanctions-import-result', {}, slow);
    expect(result.textContent).toContain('Imported: 812 addresses listed.');
    expect(result.textContent).toContain('1 open holds screened again; 0 of them no longer listed.');
    const [, init] = fetchSpy.mock.calls.find(([input]) => String(input) === adminSanctionsPaths.importOfac) ?? [];
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>)['content-type']).toBe('application/xml');
    expect(await (init?.body as Blob).text()).toBe('<?xml version="1.0"?><Sanctions/>');
  });

  it('refuses a file that is not XML before sending it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const fetchSpy = stubSanctions();
    renderAdmin('/admin/sanctions');

    await user.upload(await screen.findByTestId('sanctions-import-file', {}, slow), new File(['a,b'], 'list.csv', { type: 'text/csv' }));

    expect((await screen.findByTestId('sanctions-import-problem', {}, slow)).textContent).toBe(
      'Choose the OFAC SDN advanced list as an .xml file',
    );
    await waitFor(() => expect(screen.getByTestId('sanctions-import-submit').hasAttribute('disabled')).toBe(true));
    expect(screen.getByTestId('sanctions-import-name').textContent).toContain('list.csv');
    expect(adminCallsTo(fetchSpy, 'POST', adminSanctionsPaths.importOfac)).toHaveLength(0);
  });
});
