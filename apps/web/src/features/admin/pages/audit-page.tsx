import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../../shared/ui/page-frame';
import { TableSkeleton } from '../../../shared/ui/table-skeleton';
import { errorText } from '../api/admin-call';
import { auditExportUrl, auditQuery, useVerifyAudit, type AuditFilter } from '../api/audit';
import { AdminErrorState } from '../components/admin-states';
import { auditSubjectKindLabel, auditSubjectKinds } from '../components/audit-labels';
import { AuditTable } from '../components/audit-table';
import { AuditVerifyResult } from '../components/audit-verify';
import { FormRowActions } from '../components/form-row-actions';
import { useCan } from '../components/operator-context';
import styles from '../components/admin.module.css';

const textKeys = ['customer', 'actorId', 'action', 'subjectKind', 'subjectId'] as const;
const filterKeys = [...textKeys, 'from', 'to'] as const;

interface FilterValues {
  customer?: string;
  actorId?: string;
  action?: string;
  subjectKind?: string;
  subjectId?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

function filterFrom(params: URLSearchParams): AuditFilter {
  const filter: AuditFilter = {};
  for (const key of filterKeys) {
    const value = params.get(key);
    if (value) filter[key] = value;
  }
  return filter;
}

function formValuesOf(filter: AuditFilter): FilterValues {
  return {
    customer: filter.customer,
    actorId: filter.actorId,
    action: filter.action,
    subjectKind: filter.subjectKind,
    subjectId: filter.subjectId,
    range: filter.from || filter.to ? [filter.from ? dayjs(filter.from) : null, filter.to ? dayjs(filter.to) : null] : null,
  };
}

/**
 * The audit log: filters (customer by user number, actor, action, subject, time range) kept in the address, a paged
 * table with each row's before and after, the CSV export and the hash-chain verification.
 */
export function AuditPage() {
  const { t } = useTranslation('admin');
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = filterFrom(searchParams);
  const [paging, setPaging] = useState({ page: 1, pageSize: 50 });
  const audit = useQuery(auditQuery(filter, paging.page, paging.pageSize));
  const verify = useVerifyAudit();
  const canExport = useCan('audit.export');
  const [form] = Form.useForm<FilterValues>();

  const handleSearch = (values: FilterValues) => {
    const next: Record<string, string> = {};
    for (const key of textKeys) {
      const value = values[key]?.trim();
      if (value) next[key] = value;
    }
    const [from, to] = values.range ?? [];
    if (from) next.from = from.toISOString();
    if (to) next.to = to.toISOString();
    setPaging((current) => ({ ...current, page: 1 }));
    setSearchParams(next);
  };

  const handleReset = () => {
    form.setFieldsValue({
      customer: undefined,
      actorId: undefined,
      action: undefined,
      subjectKind: undefined,
      subjectId: undefined,
      range: null,
    });
    setPaging((current) => ({ ...current, page: 1 }));
    setSearchParams({});
  };

  let body;
  if (audit.isError && !audit.data) body = <AdminErrorState error={audit.error} onRetry={() => void audit.refetch()} />;
  else if (!audit.data) body = <TableSkeleton rows={6} columns={7} />;
  else
    body = (
      <AuditTable
        rows={audit.data.rows}
        total={audit.data.total}
        page={paging.page}
        pageSize={paging.pageSize}
        isLoading={audit.isFetching && audit.isPlaceholderData}
        onPage={(page, pageSize) => setPaging({ page, pageSize })}
      />
    );

  return (
    <PageFrame
      title={t('audit.title')}
      testId="admin-audit-page"
      actions={
        <>
          <Button loading={verify.isPending} onClick={() => verify.mutate()} data-testid="audit-verify">
            {t('audit.verify')}
          </Button>
          {canExport ? (
            <Button href={auditExportUrl(filter)} download data-testid="audit-export">
              {t('audit.export')}
            </Button>
          ) : null}
        </>
      }
    >
      {verify.data ? <AuditVerifyResult result={verify.data} /> : null}
      {verify.isError ? <Alert type="error" showIcon title={errorText(verify.error)} data-testid="audit-verify-error" /> : null}
      <Card>
        <Form
          form={form}
          layout="vertical"
          className={styles.formRow}
          initialValues={formValuesOf(filter)}
          onFinish={handleSearch}
          data-testid="audit-filters"
        >
          <Form.Item name="customer" label={t('audit.customer')}>
            <Input allowClear maxLength={100} placeholder={t('audit.customerPlaceholder')} data-testid="audit-filter-customer" />
          </Form.Item>
          <Form.Item name="actorId" label={t('audit.actor')}>
            <Input allowClear maxLength={100} placeholder={t('audit.actorPlaceholder')} data-testid="audit-filter-actor" />
          </Form.Item>
          <Form.Item name="action" label={t('audit.action')}>
            <Input allowClear maxLength={100} placeholder={t('audit.actionPlaceholder')} data-testid="audit-filter-action" />
          </Form.Item>
          <Form.Item name="subjectKind" label={t('audit.subjectKind')}>
            <Select
              allowClear
              className={styles.filterSelect}
              placeholder={t('audit.subjectKindPlaceholder')}
              options={auditSubjectKinds.map((kind) => ({ value: kind, label: auditSubjectKindLabel(t, kind) }))}
              data-testid="audit-filter-subject-kind"
            />
          </Form.Item>
          <Form.Item name="subjectId" label={t('audit.subjectId')}>
            <Input allowClear maxLength={100} placeholder={t('audit.subjectIdPlaceholder')} data-testid="audit-filter-subject" />
          </Form.Item>
          <Form.Item name="range" label={t('audit.timeRange')}>
            <DatePicker.RangePicker showTime allowEmpty={[true, true]} data-testid="audit-filter-range" />
          </Form.Item>
          <FormRowActions>
            <Button type="primary" htmlType="submit" data-testid="audit-search">
              {t('audit.search')}
            </Button>
            <Button onClick={handleReset} data-testid="audit-reset">
              {t('audit.reset')}
            </Button>
          </FormRowActions>
        </Form>
      </Card>
      <Card>{body}</Card>
    </PageFrame>
  );
}
