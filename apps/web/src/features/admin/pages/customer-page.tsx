import type { CustomerProfile } from '@coffer/contract';
import { securityOperations } from '@coffer/contract/constants';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatExactAmount } from '../../../shared/format/figures';
import { useRegionName } from '../../../shared/i18n/region-names';
import { useLanguage } from '../../../shared/i18n/use-language';
import { PageFrame } from '../../../shared/ui/page-frame';
import { TableSkeleton } from '../../../shared/ui/table-skeleton';
import { auditQuery } from '../api/audit';
import { customerQuery } from '../api/customers';
import { emptyValue, levelKey, timeText } from '../components/admin-format';
import { adminLinks } from '../components/admin-links';
import { AdminErrorState } from '../components/admin-states';
import { AuditTable } from '../components/audit-table';
import { LockCustomerDialog } from '../components/lock-customer-dialog';
import { KycStateTag } from '../components/kyc-state-tag';
import { useCan } from '../components/operator-context';
import styles from '../components/admin.module.css';

type Balance = CustomerProfile['balances'][number];
type KycApplicationRow = CustomerProfile['kycApplications'][number];
type SecurityRow = CustomerProfile['securityHistory'][number];
type LoginRow = CustomerProfile['loginHistory'][number];

const isSecurityOperation = (kind: string): kind is keyof typeof securityOperations => Object.hasOwn(securityOperations, kind);

/** The customer's audit trail: everything recorded on the customer and on its KYC applications. */
function CustomerAuditTrail({ userId }: { userId: string }) {
  const { t } = useTranslation('admin');
  const [paging, setPaging] = useState({ page: 1, pageSize: 20 });
  const trail = useQuery(auditQuery({ customer: userId }, paging.page, paging.pageSize));
  return (
    <Card title={t('customer.auditTrail')} data-testid="customer-audit">
      {trail.isError && !trail.data ? (
        <AdminErrorState error={trail.error} onRetry={() => void trail.refetch()} />
      ) : !trail.data ? (
        <TableSkeleton rows={3} columns={7} />
      ) : (
        <AuditTable
          rows={trail.data.rows}
          total={trail.data.total}
          page={paging.page}
          pageSize={paging.pageSize}
          isLoading={trail.isFetching}
          onPage={(page, pageSize) => setPaging({ page, pageSize })}
        />
      )}
    </Card>
  );
}

function CustomerProfileView({ customer }: { customer: CustomerProfile }) {
  const { t } = useTranslation('admin');
  const { t: tSecurity } = useTranslation('security');
  const language = useLanguage();
  const regionName = useRegionName();
  const operationName = (kind: string) =>
    isSecurityOperation(kind) ? tSecurity(`operations.${kind}`) : tSecurity('operations.other', { code: kind });
  const canReviewKyc = useCan('kyc.review');
  const yesNo = (value: boolean) => (value ? t('customer.yes') : t('customer.no'));

  const balanceColumns: TableColumnsType<Balance> = [
    { key: 'coin', title: t('customer.coin'), dataIndex: 'coin' },
    {
      key: 'available',
      title: t('customer.available'),
      align: 'right',
      render: (_, row) => <span className={styles.figure}>{formatExactAmount(row.coin, row.available, language)}</span>,
    },
    {
      key: 'frozen',
      title: t('customer.frozen'),
      align: 'right',
      render: (_, row) => <span className={styles.figure}>{formatExactAmount(row.coin, row.frozen, language)}</span>,
    },
  ];
  const kycColumns: TableColumnsType<KycApplicationRow> = [
    {
      key: 'level',
      title: t('kyc.level'),
      render: (_, row) =>
        canReviewKyc ? (
          <Link to={adminLinks.kycApplication(row.id)} data-testid="customer-kyc-open">
            {t(`levels.${levelKey(row.level)}`)}
          </Link>
        ) : (
          t(`levels.${levelKey(row.level)}`)
        ),
    },
    { key: 'state', title: t('kyc.state'), render: (_, row) => <KycStateTag state={row.state} /> },
    { key: 'createdAt', title: t('kyc.submittedAt'), render: (_, row) => timeText(row.createdAt, language) },
    { key: 'decidedAt', title: t('kyc.decidedAt'), render: (_, row) => timeText(row.decidedAt, language) },
  ];
  const securityColumns: TableColumnsType<SecurityRow> = [
    { key: 'at', title: t('customer.time'), render: (_, row) => timeText(row.at, language) },
    { key: 'kind', title: t('customer.change'), render: (_, row) => operationName(row.kind) },
    {
      key: 'ip',
      title: t('audit.ip'),
      render: (_, row) => <span className={`${styles.code} ${styles.nowrap}`}>{row.ip ?? emptyValue}</span>,
    },
  ];
  const loginColumns: TableColumnsType<LoginRow> = [
    { key: 'at', title: t('customer.time'), render: (_, row) => timeText(row.at, language) },
    {
      key: 'ip',
      title: t('audit.ip'),
      render: (_, row) => <span className={`${styles.code} ${styles.nowrap}`}>{row.ip ?? emptyValue}</span>,
    },
    { key: 'device', title: t('customer.device'), render: (_, row) => row.device ?? emptyValue },
  ];
  const small = { size: 'small', pagination: false, scroll: { x: 'max-content' } } as const;

  return (
    <>
      {customer.lockedAt ? (
        <Alert
          type="error"
          showIcon
          title={t('customer.lockedSince', { time: timeText(customer.lockedAt, language) })}
          description={customer.lockReason ? `${t('customer.reason')}: ${customer.lockReason}` : undefined}
          data-testid="customer-locked-notice"
        />
      ) : null}
      <Card title={t('customer.summary')}>
        <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small" data-testid="customer-summary">
          <Descriptions.Item label={t('customers.userNo')}>{customer.userNo}</Descriptions.Item>
          <Descriptions.Item label={t('customer.userId')}>
            <span className={styles.mono}>{customer.userId}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('customers.status')}>
            {customer.lockedAt ? <Tag color="error">{t('customers.locked')}</Tag> : <Tag>{t('customers.active')}</Tag>}
          </Descriptions.Item>
          <Descriptions.Item label={t('customers.email')}>{customer.email ?? emptyValue}</Descriptions.Item>
          <Descriptions.Item label={t('customers.phone')}>{customer.phone ?? emptyValue}</Descriptions.Item>
          <Descriptions.Item label={t('customer.country')}>{regionName(customer.residenceCountry)}</Descriptions.Item>
          <Descriptions.Item label={t('customers.kycLevel')}>{t(`levels.${levelKey(customer.kycLevel)}`)}</Descriptions.Item>
          <Descriptions.Item label={t('customer.fundPassword')}>{yesNo(customer.fundPasswordSet)}</Descriptions.Item>
          <Descriptions.Item label={t('customer.authenticator')}>{yesNo(customer.authenticatorBound)}</Descriptions.Item>
          <Descriptions.Item label={t('customers.createdAt')}>{timeText(customer.createdAt, language)}</Descriptions.Item>
          <Descriptions.Item label={t('customer.lastLogin')}>{timeText(customer.lastLoginAt, language)}</Descriptions.Item>
          <Descriptions.Item label={t('customer.withdrawLockedUntil')}>
            {timeText(customer.withdrawLockedUntil, language)}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <div className={styles.grid2}>
        <Card title={t('customer.balances')}>
          <Table<Balance>
            {...small}
            rowKey="coin"
            columns={balanceColumns}
            dataSource={customer.balances}
            locale={{ emptyText: t('customer.noBalances') }}
            data-testid="customer-balances"
          />
        </Card>
        <Card title={t('customer.kycApplications')}>
          <Table<KycApplicationRow>
            {...small}
            rowKey="id"
            columns={kycColumns}
            dataSource={customer.kycApplications}
            locale={{ emptyText: t('customer.noApplications') }}
            data-testid="customer-kyc"
          />
        </Card>
        <Card title={t('customer.securityHistory')}>
          <Table<SecurityRow>
            {...small}
            rowKey={(row) => `${row.at}-${row.kind}`}
            columns={securityColumns}
            dataSource={customer.securityHistory}
            locale={{ emptyText: t('customer.noHistory') }}
            data-testid="customer-security-history"
          />
        </Card>
        <Card title={t('customer.loginHistory')}>
          <Table<LoginRow>
            {...small}
            rowKey={(row) => `${row.at}-${row.ip ?? ''}`}
            columns={loginColumns}
            dataSource={customer.loginHistory}
            locale={{ emptyText: t('customer.noHistory') }}
            data-testid="customer-login-history"
          />
        </Card>
      </div>
    </>
  );
}

/** A customer's profile: summary, KYC, balances, histories, audit trail; lock and unlock. */
export function CustomerPage() {
  const { t } = useTranslation('admin');
  const { userId = '' } = useParams();
  const profile = useQuery(customerQuery(userId));
  const canLock = useCan('customers.lock');
  const canReadAudit = useCan('audit.read');
  const [isLockOpen, setLockOpen] = useState(false);
  const customer = profile.data;

  return (
    <PageFrame
      title={customer ? t('customer.title', { who: customer.email ?? customer.phone ?? customer.userNo }) : t('customer.titleLoading')}
      testId="admin-customer-page"
      actions={
        <>
          <Link to={adminLinks.customers}>{t('customer.backToSearch')}</Link>
          {customer && canLock ? (
            <Button
              danger={customer.lockedAt === null}
              onClick={() => setLockOpen(true)}
              data-testid={customer.lockedAt === null ? 'customer-lock' : 'customer-unlock'}
            >
              {customer.lockedAt === null ? t('customer.lock') : t('customer.unlock')}
            </Button>
          ) : null}
        </>
      }
    >
      {profile.isError && !customer ? (
        <Card>
          <AdminErrorState error={profile.error} onRetry={() => void profile.refetch()} />
        </Card>
      ) : !customer ? (
        <Card>
          <TableSkeleton rows={4} columns={3} />
        </Card>
      ) : (
        <>
          <CustomerProfileView customer={customer} />
          {canReadAudit ? <CustomerAuditTrail userId={customer.userId} /> : null}
          <LockCustomerDialog customer={customer} open={isLockOpen} onClose={() => setLockOpen(false)} />
        </>
      )}
    </PageFrame>
  );
}
