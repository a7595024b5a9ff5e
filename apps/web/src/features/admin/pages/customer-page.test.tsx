import type { CustomerProfile } from '@coffer/contract';
import { adminConsolePaths } from '@coffer/contract/admin-console-endpoints';
import { pathWith } from '@coffer/contract/endpoint';
import { adminPaths } from '@coffer/contract/admin-paths';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminCallsTo, operatorWith, renderAdmin, stubAdminApi } from '../components/admin-test-kit';

const slow = { timeout: 5_000 };

afterEach(() => {
  vi.restoreAllMocks();
});

const lockPath = pathWith(adminConsolePaths.lockCustomer, { userId: '1001' });

const profile: CustomerProfile = {
  userId: '1001',
  userNo: '10001001',
  email: 'li.wei@example.com',
  phone: null,
  kycLevel: 1,
  lockedAt: null,
  createdAt: '2026-01-02T09:15:00.000Z',
  residenceCountry: 'SG',
  fundPasswordSet: true,
  authenticatorBound: false,
  lastLoginAt: null,
  withdrawLockedUntil: null,
  lockReason: null,
  balances: [{ coin: 'USDT', available: '12500.5', frozen: '0' }],
  kycApplications: [],
  securityHistory: [],
  loginHistory: [],
};

describe('customer profile', { timeout: 25_000 }, () => {
  it('locks with a required reason and a confirmation', async () => {
    const user = userEvent.setup();
    let current = profile;
    const fetchSpy = stubAdminApi({
      [adminPaths.me]: operatorWith(['customers.read', 'customers.lock'], 'support'),
      [`GET ${pathWith(adminConsolePaths.customer, { userId: '1001' })}`]: () => current,
      [`POST ${lockPath}`]: ({ body }: { body: { reason: string } }) => {
        current = { ...profile, lockedAt: '2026-03-02T09:15:00.000Z', lockReason: body.reason };
        return current;
      },
    });
    renderAdmin('/admin/customers/1001');

    expect((await screen.findByTestId('customer-summary', {}, slow)).textContent).toContain('10001001');
    // Without audit.read the audit trail is not offered.
    expect(screen.queryByTestId('customer-audit')).toBeNull();

    await user.click(screen.getByTestId('customer-lock'));
    await user.click(await screen.findByTestId('customer-lock-next', {}, slow));
    expect(await screen.findByText('Give the reason; it is kept in the audit log', {}, slow)).toBeTruthy();

    await user.type(screen.getByTestId('customer-lock-reason'), '  Chargeback fraud  ');
    await user.click(screen.getByTestId('customer-lock-next'));
    expect((await screen.findByTestId('customer-lock-confirmation', {}, slow)).textContent).toContain('Lock li.wei@example.com?');
    expect(adminCallsTo(fetchSpy, 'POST', lockPath)).toHaveLength(0);

    await user.click(screen.getByTestId('customer-lock-confirm'));

    expect((await screen.findByTestId('customer-locked-notice', {}, slow)).textContent).toContain('Reason: Chargeback fraud');
    await waitFor(() => expect(screen.getByTestId('customer-unlock')).toBeTruthy(), slow);
    expect(adminCallsTo(fetchSpy, 'POST', lockPath)).toEqual([{ reason: 'Chargeback fraud' }]);
  });

  it('shows the audit trail of everything concerning the customer, asked by customer, in words', async () => {
    const fetchSpy = stubAdminApi({
      [adminPaths.me]: operatorWith(['customers.read', 'audit.read', 'kyc.review'], 'compliance'),
      [`GET ${pathWith(adminConsolePaths.customer, { userId: '1001' })}`]: {
        ...profile,
        securityHistory: [{ kind: 'bindAuthenticator', at: '2026-02-01T10:00:00.000Z', ip: '127.0.0.1' }],
      },
      [adminConsolePaths.audit]: {
        total: 1,
        rows: [
          {
            seq: '9',
            createdAt: '2026-03-02T09:15:00.000Z',
            actorKind: 'operator',
            actorId: '1',
            actorName: 'admin@coffer.local',
            action: 'kyc.approve',
            subjectKind: 'kycApplication',
            subjectId: '3',
            ip: '127.0.0.1',
            before: null,
            after: null,
            reason: null,
          },
        ],
      },
    });
    renderAdmin('/admin/customers/1001');

    const trail = await screen.findByTestId('customer-audit', {}, slow);
    expect((await within(trail).findByTestId('audit-action', {}, slow)).textContent).toContain('KYC application approved');
    expect(within(trail).getByTestId('audit-subject').textContent).toBe('KYC application #3');
    // Asked by the customer (its KYC applications included), not by a bare subject id another kind may share.
    const asked = fetchSpy.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === adminConsolePaths.audit);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((url) => url.searchParams.get('customer') === '1001' && !url.searchParams.has('subjectId'))).toBe(true);
    expect(screen.getByTestId('customer-summary').textContent).toContain('Singapore');
    expect(screen.getByTestId('customer-security-history').textContent).toContain('Bind Google Authenticator');
  });

  it('names everything in Chinese for a zh-CN operator: country, security operation, audit action and subject', async () => {
    stubAdminApi({
      [adminPaths.me]: operatorWith(['customers.read', 'audit.read'], 'compliance'),
      [`GET ${pathWith(adminConsolePaths.customer, { userId: '1001' })}`]: {
        ...profile,
        securityHistory: [{ kind: 'changeLoginPassword', at: '2026-02-01T10:00:00.000Z', ip: null }],
      },
      [adminConsolePaths.audit]: {
        total: 1,
        rows: [
          {
            seq: '4',
            createdAt: '2026-03-02T09:15:00.000Z',
            actorKind: 'operator',
            actorId: '1',
            actorName: null,
            action: 'customer.lock',
            subjectKind: 'customer',
            subjectId: '1001',
            ip: null,
            before: null,
            after: null,
            reason: null,
          },
        ],
      },
    });
    renderAdmin('/admin/customers/1001', 'zh-CN');

    const trail = await screen.findByTestId('customer-audit', {}, slow);
    expect((await within(trail).findByTestId('audit-action', {}, slow)).textContent).toContain('冻结客户');
    expect(within(trail).getByTestId('audit-subject').textContent).toBe('客户 #1001');
    expect(within(trail).getByTestId('audit-row').textContent).toContain('操作员 #1');
    expect(screen.getByTestId('customer-summary').textContent).toContain('新加坡');
    expect(screen.getByTestId('customer-security-history').textContent).toContain('修改登录密码');
    expect(screen.getByTestId('customer-summary').textContent).not.toContain('SG');
  });
});
