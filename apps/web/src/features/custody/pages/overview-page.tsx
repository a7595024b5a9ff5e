import type { CustodyOverview } from '@coffer/contract';
import { custodyBuiltInRoles, type CustodyBuiltInRole } from '@coffer/contract/rules';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format/format-date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { useRegionName } from '../../../shared/i18n/region-names';
import { PageFrame } from '../../../shared/ui/page-frame';
import { TableSkeleton } from '../../../shared/ui/table-skeleton';
import { custodyOverviewQuery } from '../api/custody-overview';
import { AccountBalancesCard } from '../components/account-balances-card';
import { ConsoleRead } from '../components/custody-load-error';
import styles from '../components/custody.module.css';

type Line = CustodyOverview['lines'][number];
type RoleCount = CustodyOverview['membersByRole'][number];

function isBuiltInRole(name: string): name is CustodyBuiltInRole {
  return (custodyBuiltInRoles as readonly string[]).includes(name);
}

/** A role's name in the user's language: the built-in roles are named by the server with their key. */
export function useRoleName(): (name: string) => string {
  const { t } = useTranslation('custody');
  return (name) => (isBuiltInRole(name) ? t(`roles.${name}`) : name);
}

function Empty({ text, testId }: { text: string; testId: string }) {
  return (
    <p className={styles.empty} data-testid={testId}>
      {text}
    </p>
  );
}

function OverviewView({ overview }: { overview: CustodyOverview }) {
  const { t } = useTranslation('custody');
  const language = useLanguage();
  const regionName = useRegionName();
  const roleName = useRoleName();
  const number = (value: number) => value.toLocaleString(language);

  const lineColumns: TableColumnsType<Line> = [
    { key: 'name', title: t('overview.lineName'), dataIndex: 'name' },
    {
      key: 'reviewers',
      title: t('overview.reviewers'),
      align: 'right',
      render: (_, line) => (
        <span className={styles.figure} data-testid="custody-line-reviewers">
          {t('overview.reviewersOfMinimum', { count: line.reviewerCount, min: line.minReviewers })}{' '}
          {line.reviewerCount < line.minReviewers ? <Tag color="warning">{t('overview.belowMinimum')}</Tag> : null}
        </span>
      ),
    },
  ];
  const roleColumns: TableColumnsType<RoleCount> = [
    { key: 'role', title: t('overview.role'), render: (_, row) => <span data-testid="custody-role-name">{roleName(row.roleName)}</span> },
    {
      key: 'active',
      title: t('overview.active'),
      align: 'right',
      render: (_, row) => <span className={styles.figure}>{number(row.active)}</span>,
    },
    {
      key: 'invited',
      title: t('overview.invited'),
      align: 'right',
      render: (_, row) => <span className={styles.figure}>{number(row.invited)}</span>,
    },
    {
      key: 'frozen',
      title: t('overview.frozen'),
      align: 'right',
      render: (_, row) => <span className={styles.figure}>{number(row.frozen)}</span>,
    },
  ];
  const { pending } = overview;

  return (
    <div className={styles.stack} data-testid="custody-overview">
      <Card title={t('overview.organisation')}>
        <Descriptions column={4} size="small" data-testid="custody-organisation">
          <Descriptions.Item label={t('overview.company')}>{overview.organisation.name}</Descriptions.Item>
          <Descriptions.Item label={t('apply.country')}>{regionName(overview.organisation.country)}</Descriptions.Item>
          <Descriptions.Item label={t('apply.industry')}>{t(`industries.${overview.organisation.industry}`)}</Descriptions.Item>
          <Descriptions.Item label={t('overview.since')}>{formatDate(overview.organisation.createdAt, language)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('overview.pending')} data-testid="custody-pending">
        {pending.invitations === 0 && pending.hardwareKeysMissing === 0 ? (
          <Empty text={t('overview.nothingPending')} testId="custody-nothing-pending" />
        ) : (
          <ul className={styles.pendingList}>
            {pending.invitations > 0 ? <li>{t('overview.pendingInvitations', { count: pending.invitations })}</li> : null}
            {pending.hardwareKeysMissing > 0 ? <li>{t('overview.pendingHardwareKeys', { count: pending.hardwareKeysMissing })}</li> : null}
          </ul>
        )}
      </Card>
      <div className={styles.grid2}>
        <Card title={t('overview.lines')}>
          {overview.lines.length === 0 ? (
            <Empty text={t('overview.noLines')} testId="custody-no-lines" />
          ) : (
            <Table<Line>
              rowKey="id"
              size="small"
              columns={lineColumns}
              dataSource={overview.lines}
              pagination={false}
              data-testid="custody-lines"
            />
          )}
        </Card>
        <Card title={t('overview.members')}>
          {overview.membersByRole.length === 0 ? (
            <Empty text={t('overview.noMembers')} testId="custody-no-members" />
          ) : (
            <Table<RoleCount>
              rowKey="roleId"
              size="small"
              columns={roleColumns}
              dataSource={overview.membersByRole}
              pagination={false}
              data-testid="custody-members-by-role"
            />
          )}
        </Card>
      </div>
      <AccountBalancesCard accounts={overview.accounts} />
    </div>
  );
}

/** Config overview, the console's home (spec §2): organisation, business lines, members by role, accounts with balances, pending actions. */
export function CustodyOverviewPage() {
  const { t } = useTranslation('custody');
  const overview = useQuery(custodyOverviewQuery);
  const loading = (
    <div className={styles.stack} data-testid="custody-overview-loading">
      <Card>
        <TableSkeleton rows={1} columns={4} />
      </Card>
      <div className={styles.grid2}>
        <Card>
          <TableSkeleton rows={3} columns={2} />
        </Card>
        <Card>
          <TableSkeleton rows={3} columns={4} />
        </Card>
      </div>
    </div>
  );
  const body = (
    <ConsoleRead reads={[overview]} loading={loading}>
      {(data) => <OverviewView overview={data} />}
    </ConsoleRead>
  );
  return (
    <PageFrame title={t('overview.title')} testId="custody-overview-page">
      {body}
    </PageFrame>
  );
}
