import type { AuditRowView } from '@coffer/contract';
import { adminConsolePaths } from '@coffer/contract/admin-console-endpoints';
import { adminPaths } from '@coffer/contract/admin-paths';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminCallsTo, operatorWith, renderAdmin, stubAdminApi } from '../components/admin-test-kit';

const slow = { timeout: 5_000 };

afterEach(() => {
  vi.restoreAllMocks();
});

const lockRow: AuditRowView = {
  seq: '57',
  createdAt: '2026-03-02T09:15:00.000Z',
  actorKind: 'operator',
  actorId: '7',
  actorName: 'ops@coffer.test',
  action: 'customer.lock',
  subjectKind: 'user',
  subjectId: '1001',
  ip: '203.0.113.9',
  before: { lockedAt: null },
  after: { lockedAt: '2026-03-02T09:15:00.000Z' },
  reason: 'Chargeback fraud',
};

describe('audit log', { timeout: 25_000 }, () => {
  it('shows an intact chain with the number of rows checked', async () => {
    const user = userEvent.setup();
    const fetchSpy = stubAdminApi({
      [adminPaths.me]: operatorWith(['audit.read']),
      [adminConsolePaths.audit]: { total: 1, rows: [lockRow] },
      [`POST ${adminConsolePaths.auditVerify}`]: { ok: true, rows: 1234, firstBadSeq: null, reason: null },
    });
    renderAdmin('/admin/audit');

    expect(await within(await screen.findByTestId('audit-table', {}, slow)).findByText('Chargeback fraud', {}, slow)).toBeTruthy();
    // Export is for audit.export only.
    expect(screen.queryByTestId('audit-export')).toBeNull();

    await user.click(screen.getByTestId('audit-verify'));
    expect((await screen.findByTestId('audit-verify-result', {}, slow)).textContent).toBe('The chain is intact: 1,234 rows checked.');
    expect(adminCallsTo(fetchSpy, 'POST', adminConsolePaths.auditVerify)).toHaveLength(1);
  });

  it('names the first bad row and why', async () => {
    const user = userEvent.setup();
    stubAdminApi({
      [adminPaths.me]: operatorWith(['audit.read', 'audit.export'], 'superAdmin'),
      [adminConsolePaths.audit]: { total: 1, rows: [lockRow] },
      [`POST ${adminConsolePaths.auditVerify}`]: { ok: false, rows: 56, firstBadSeq: '57', reason: 'altered' },
    });
    renderAdmin('/admin/audit?action=customer.lock');

    await user.click(await screen.findByTestId('audit-verify', {}, slow));
    const result = await screen.findByTestId('audit-verify-result', {}, slow);
    expect(result.getAttribute('role')).toBe('alert');
    expect(result.textContent).toContain('The chain breaks at row 57');
    expect(result.textContent).toContain('The row was altered after it was written. 56 rows checked.');
    // The export carries the filters in force.
    expect(screen.getByTestId('audit-export').getAttribute('href')).toBe(`${adminConsolePaths.auditExport}?action=customer.lock`);
  });

  it('opens a row to its state before and after', async () => {
    const user = userEvent.setup();
    stubAdminApi({ [adminPaths.me]: operatorWith(['audit.read']), [adminConsolePaths.audit]: { total: 1, rows: [lockRow] } });
    renderAdmin('/admin/audit');

    const table = await screen.findByTestId('audit-table', {}, slow);
    await user.click(await within(table).findByRole('button', { name: /expand/i }, slow));
    expect((await screen.findByTestId('audit-before', {}, slow)).textContent).toContain('"lockedAt": null');
    expect(screen.getByTestId('audit-after').textContent).toContain('"lockedAt": "2026-03-02T09:15:00.000Z"');
  });
});
