import { operatorRoles, type CreateOperatorBody } from '@coffer/contract';
import { Alert, Button, Card, Descriptions, Form, Input, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/use-language';
import { PageFrame } from '../../../shared/ui/page-frame';
import { errorText } from '../api/admin-call';
import { useCreateOperator } from '../api/operators';
import { timeText } from '../components/admin-format';
import { FormRowActions } from '../components/form-row-actions';
import styles from '../components/admin.module.css';

/** Operators: invite a new one with a role; the one-time activation link is shown once, to hand over. */
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
