import type { HistoryRecord } from '@coffer/contract';
import { securityOperations } from '@coffer/contract/constants';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Skeleton, Table, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loginHistoryQuery, securityHistoryQuery } from '../api/identity-api';
import { useDateTimeFormat } from './security-format';
import styles from './security-history-table.module.css';

type OperationKey = keyof typeof securityOperations;

const operationByCode = new Map<number, OperationKey>(
  (Object.entries(securityOperations) as [OperationKey, number][]).map(([key, code]) => [code, key]),
);

const pageSizes = [10, 20, 50];

/** Login history or security-operation history, paged by the server (pageNo/pageSize). */
export function SecurityHistoryTable({ kind }: { kind: 'login' | 'security' }) {
  const { t } = useTranslation('security');
  const formatTime = useDateTimeFormat();
  const [page, setPage] = useState({ pageNo: 1, pageSize: pageSizes[0] ?? 10 });
  const query = kind === 'login' ? loginHistoryQuery(page.pageNo, page.pageSize) : securityHistoryQuery(page.pageNo, page.pageSize);
  const history = useQuery({ ...query, placeholderData: keepPreviousData });

  const operationName = (code: number | null) => {
    if (code === null) return '';
    const key = operationByCode.get(code);
    return key ? t(`operations.${key}`) : t('operations.other', { code });
  };

  const columns: TableColumnsType<HistoryRecord> = [
    {
      key: 'time',
      title: t('accountInfo.time'),
      render: (_value, record) => formatTime(record.time),
      className: styles.numeric,
    },
    ...(kind === 'security'
      ? [
          {
            key: 'operation',
            title: t('accountInfo.operation'),
            render: (_value: unknown, record: HistoryRecord) => operationName(record.operationType),
          },
        ]
      : []),
    { key: 'device', title: t('accountInfo.device'), dataIndex: 'device', className: styles.device },
    {
      key: 'status',
      title: t('accountInfo.status'),
      render: (_value, record) =>
        record.status === 'success' ? (
          <Tag color="success" className={styles.tag}>
            <span aria-hidden="true">✓ </span>
            {t('accountInfo.success')}
          </Tag>
        ) : (
          <Tag color="error" className={styles.tag}>
            <span aria-hidden="true">✕ </span>
            {t('accountInfo.failed')}
          </Tag>
        ),
    },
    { key: 'ip', title: t('accountInfo.ip'), dataIndex: 'ip', className: styles.numeric },
    { key: 'location', title: t('accountInfo.location'), render: (_value, record) => t(`accountInfo.locations.${record.location}`) },
  ];

  if (history.isPending) {
    return (
      <div aria-busy="true" className={styles.skeleton}>
        <Skeleton active title={false} paragraph={{ rows: 6 }} />
      </div>
    );
  }

  return (
    <div data-testid={kind === 'security' ? 'security-history' : 'login-history'}>
      <Table<HistoryRecord>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={history.data?.records ?? []}
        loading={history.isFetching && history.isPlaceholderData}
        locale={{ emptyText: kind === 'login' ? t('accountInfo.emptyLogin') : t('accountInfo.emptySecurity') }}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: history.data?.total ?? 0,
          pageSizeOptions: pageSizes,
          showSizeChanger: true,
          hideOnSinglePage: false,
          showTotal: (total) => t('accountInfo.total', { total }),
          onChange: (pageNo, pageSize) =>
            setPage((current) => (pageSize !== current.pageSize ? { pageNo: 1, pageSize } : { pageNo, pageSize })),
        }}
      />
    </div>
  );
}
