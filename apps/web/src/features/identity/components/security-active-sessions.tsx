import type { ActiveSession } from '@coffer/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Card, Skeleton, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../shared/routes';
import { showToast } from '../../../shared/ui/toast-store';
import { activeSessionsQuery, identityApi } from '../api/identity-api';
import { useDateTimeFormat } from './security-format';
import styles from './security-active-sessions.module.css';

const knownClientKinds = ['web', 'android', 'ios'] as const;

/** Devices signed in now; any but this one can be ended. */
export function SecurityActiveSessions() {
  const { t } = useTranslation('security');
  const formatTime = useDateTimeFormat();
  const sessions = useQuery(activeSessionsQuery);

  const end = useMutation({
    mutationFn: (id: string) => identityApi.endSession(id),
    onSuccess: async () => {
      showToast('success', t('centre.sessions.ended'));
      await sessions.refetch();
    },
  });

  const clientKind = (kind: string) => {
    const known = knownClientKinds.find((candidate) => candidate === kind.toLowerCase());
    return known ? t(`centre.clientKinds.${known}`) : kind;
  };

  const columns: TableColumnsType<ActiveSession> = [
    {
      key: 'device',
      title: t('centre.sessions.device'),
      render: (_value, session) => (
        <span className={styles.device}>
          <span>{session.device}</span>
          {session.isCurrent ? (
            <Tag color="success" className={styles.current}>
              <span aria-hidden="true">✓ </span>
              {t('centre.sessions.current')}
            </Tag>
          ) : null}
        </span>
      ),
    },
    { key: 'clientKind', title: t('centre.sessions.clientKind'), render: (_value, session) => clientKind(session.clientKind) },
    {
      key: 'ip',
      title: t('centre.sessions.ip'),
      dataIndex: 'ip',
      className: styles.numeric,
    },
    {
      key: 'createdAt',
      title: t('centre.sessions.createdAt'),
      render: (_value, session) => formatTime(session.createdAt),
      className: styles.numeric,
    },
    {
      key: 'lastSeenAt',
      title: t('centre.sessions.lastSeenAt'),
      render: (_value, session) => formatTime(session.lastSeenAt),
      className: styles.numeric,
    },
    {
      key: 'action',
      title: t('centre.sessions.action'),
      align: 'right',
      render: (_value, session) =>
        session.isCurrent ? null : (
          <Button
            size="small"
            danger
            loading={end.isPending && end.variables === session.id}
            disabled={end.isPending && end.variables !== session.id}
            onClick={() => end.mutate(session.id)}
            data-testid={`end-session-${session.id}`}
          >
            {t('centre.sessions.end')}
          </Button>
        ),
    },
  ];

  return (
    <Card
      className={styles.card}
      title={<h2 className={styles.title}>{t('centre.sessions.title')}</h2>}
      extra={
        <Link to={pathTo('propertyAccountInfo')} className={styles.historyLink}>
          {t('centre.sessions.historyLink')}
        </Link>
      }
    >
      <p className={styles.intro}>{t('centre.sessions.intro')}</p>
      {sessions.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      ) : (
        <Table<ActiveSession>
          data-testid="active-sessions"
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={sessions.data ?? []}
          pagination={false}
          locale={{ emptyText: t('centre.sessions.empty') }}
        />
      )}
    </Card>
  );
}
