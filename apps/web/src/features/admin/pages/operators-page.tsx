import { operatorRoles, type CreateOperatorBody, type OperatorListItem } from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Form, Input, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/use-language';
import { PageFrame } from '../../../shared/ui/page-frame';
import { errorText } from '../api/admin-call';
import { operatorsQuery, useCreateOperator } from '../api/operators';
import { AdminErrorState, EmptyText } from '../components/admin-states';
import { emptyValue, timeText } from '../components/admin-format';
import { FormRowActions } from '../components/form-row-actions';
import { TableSkeleton } from '../../../shared/ui/table-skeleton';
import styles from '../components/admin.module.css';

const stateColors: Record<OperatorListItem['state'], string | undefined> = { active: 'success', pending: 'warning', disabled: undefined };

/** The operators there are: e-mail, name, role, state and last login; an empty state when none. */
function OperatorList() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const list = useQuery(operatorsQuery);
  const columns: TableColumnsType<OperatorListItem> = [
    { key: 'email', title: t('operators.email'), render: (_, row) => <span className={styles.nowrap}>{row.email}</span> },
    { key: 'name', title: t('operators.nameColumn'), render: (_, row) => row.name ?? emptyValue },
    { key: 'role', title: t('operators.role'), render: (_, row) => t(`roles.${row.role}`) },
    {
      key: 'state',
      title: t('operators.state'),
      render: (_, row) => (
        <Tag color={stateColors[row.state]} data-testid="operator-state">
          {t(`operators.states.${row.state}`)}
        </Tag>
      ),
    },
    {
      key: 'lastLogin',
      title: t('operators.lastLogin'),
      render: (_, row) => <span className={styles.figure}>{timeText(row.lastLoginAt, language)}</span>,
    },
  ];
  let body;
  if (list.isError && !list.data) body = <AdminErrorState error={list.error} onRetry={() => void list.refetch()} />;
  else if (!list.data) body = <TableSkeleton rows={3} columns={5} />;
  else if (list.data.length === 0) body = <EmptyText text={t('operators.empty')} testId="operators-empty" />;
  else
    body = (
      <Table<OperatorListItem>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="operators-table"
      />
    );
  return <Card title={t('operators.list')}>{body}</Card>;
}

/** Operators: the list, and inviting a new one with a role; the one-time activation link is shown once, to hand over. */
export function OperatorsPage() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const [form] = Form.useForm<CreateOperatorBody>();
  const create = useCreateOperator();
  const created = create.data;

  const handleFinish = (values: CreateOperatorBody) => {
    const name = values.name?.trim();
    create.mutate({ email: values.email.trim(), role: values.role, ...(name ? { name } : {}) }, { onSuccess: () => form.resetFields() });
  };

  return (
    <PageFrame title={t('operators.title')} testId="admin-operators-page">
      <OperatorList />
      <Card title={t('operators.create')}>
        <p className={`${styles.muted} ${styles.dialogText}`}>{t('operators.intro')}</p>
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          className={styles.formRow}
          onFinish={handleFinish}
          data-testid="operator-form"
        >
          <Form.Item
            name="email"
            label={t('operators.email')}
            rules={[
              { required: true, whitespace: true, message: t('operators.emailRequired') },
              // Operators' addresses follow the server's e-mail check, not the customers' 30-character rule.
              { type: 'email', message: t('operators.emailFormat') },
            ]}
          >
            <Input maxLength={254} style={{ width: 300 }} data-testid="operator-email" />
          </Form.Item>
          <Form.Item name="role" label={t('operators.role')} rules={[{ required: true, message: t('operators.roleRequired') }]}>
            <Select
              style={{ width: 220 }}
              placeholder={t('operators.rolePlaceholder')}
              options={operatorRoles.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
              data-testid="operator-role"
            />
          </Form.Item>
          <Form.Item name="name" label={t('operators.name')}>
            <Input maxLength={100} style={{ width: 220 }} data-testid="operator-name" />
          </Form.Item>
          <FormRowActions>
            <Button type="primary" htmlType="submit" loading={create.isPending} data-testid="operator-create">
              {t('operators.submit')}
            </Button>
          </FormRowActions>
        </Form>
      </Card>
      {create.isError ? <Alert type="error" showIcon title={errorText(create.error)} data-testid="operator-error" /> : null}
      {created ? (
        <Card title={t('operators.created')} data-testid="operator-created">
          <Alert type="warning" showIcon title={t('operators.linkOnce')} className={styles.inlineAlert} />
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('operators.email')}>{created.email}</Descriptions.Item>
            <Descriptions.Item label={t('operators.role')}>{t(`roles.${created.role}`)}</Descriptions.Item>
            <Descriptions.Item label={t('operators.link')}>
              <Typography.Text copyable className={styles.mono} data-testid="operator-activation-link">
                {created.activationLink}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('operators.expires')}>{timeText(created.expiresAt, language)}</Descriptions.Item>
          </Descriptions>
        </Card>
      ) : null}
    </PageFrame>
  );
}
