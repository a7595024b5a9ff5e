import {
  sanctionsAddressMaxChars,
  sanctionsManualChains,
  sanctionsNoteMaxChars,
  type SanctionsManualAddBody,
  type SanctionsManualEntry,
} from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Select, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChainName } from '../../../shared/i18n/chain-names';
import { useLanguage } from '../../../shared/i18n/use-language';
import { ShortValue } from '../../../shared/ui/short-value';
import { TableSkeleton } from '../../../shared/ui/table-skeleton';
import { errorText } from '../api/admin-call';
import { sanctionsManualQuery, useAddManualEntry, useRemoveManualEntry } from '../api/sanctions';
import { rowProps, timeText } from './admin-format';
import { AdminErrorState } from './admin-states';
import { FormRowActions } from './form-row-actions';
import { ReasonDialog } from './reason-dialog';
import styles from './admin.module.css';

/** Taking an entry off the list: a note is required, then it goes (the server keeps it, marked removed). */
function RemoveEntryDialog({ entry, onClose }: { entry: SanctionsManualEntry; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const remove = useRemoveManualEntry();
  const chainName = useChainName();
  return (
    <ReasonDialog
      title={t('sanctions.removeTitle')}
      description={
        <span className={styles.mono}>
          {chainName(entry.chain)}: {entry.address}
        </span>
      }
      label={t('sanctions.note')}
      requiredMessage={t('sanctions.noteRequired')}
      maxChars={sanctionsNoteMaxChars}
      confirmLabel={t('sanctions.remove')}
      danger
      pending={remove.isPending}
      error={remove.isError ? errorText(remove.error) : null}
      onConfirm={(note) => remove.mutate({ id: entry.id, note }, { onSuccess: onClose })}
      onClose={onClose}
      testIds={{ reason: 'sanctions-remove-note', confirm: 'sanctions-remove-confirm' }}
    />
  );
}

/** The manual block list: add an address with a note, take one off with a note. */
export function SanctionsManual() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const entries = useQuery(sanctionsManualQuery);
  const add = useAddManualEntry();
  const [form] = Form.useForm<SanctionsManualAddBody>();
  const [removing, setRemoving] = useState<SanctionsManualEntry | null>(null);
  const chainName = useChainName();

  const columns: TableColumnsType<SanctionsManualEntry> = [
    { key: 'chain', title: t('sanctions.chain'), render: (_, row) => chainName(row.chain) },
    { key: 'address', title: t('sanctions.address'), render: (_, row) => <ShortValue value={row.address} keep={10} /> },
    { key: 'note', title: t('sanctions.note'), dataIndex: 'note' },
    {
      key: 'createdBy',
      title: t('sanctions.addedBy'),
      render: (_, row) => (
        <>
          {row.createdBy.name ?? row.createdBy.id}
          <br />
          <span className={styles.muted}>{timeText(row.createdAt, language)}</span>
        </>
      ),
    },
    {
      key: 'remove',
      title: '',
      align: 'right',
      render: (_, row) => (
        <Button size="small" danger onClick={() => setRemoving(row)} data-testid={`sanctions-manual-remove-${row.id}`}>
          {t('sanctions.remove')}
        </Button>
      ),
    },
  ];

  let body;
  if (entries.isError && !entries.data) body = <AdminErrorState error={entries.error} onRetry={() => void entries.refetch()} />;
  else if (!entries.data) body = <TableSkeleton rows={3} columns={5} />;
  else
    body = (
      <Table<SanctionsManualEntry>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={entries.data}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        onRow={() => rowProps('sanctions-manual-row')}
        locale={{ emptyText: t('sanctions.noManual') }}
        data-testid="sanctions-manual"
      />
    );

  return (
    <Card title={t('sanctions.manual')}>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        className={`${styles.formRow} ${styles.inlineAlert}`}
        onFinish={(values) =>
          add.mutate(
            { chain: values.chain, address: values.address.trim(), note: values.note.trim() },
            { onSuccess: () => form.resetFields() },
          )
        }
        data-testid="sanctions-manual-form"
      >
        <Form.Item name="chain" label={t('sanctions.chain')} rules={[{ required: true, message: t('sanctions.chainRequired') }]}>
          <Select
            style={{ width: 160 }}
            placeholder={t('sanctions.chainPlaceholder')}
            options={sanctionsManualChains.map((chain) => ({ value: chain, label: chainName(chain) }))}
            data-testid="sanctions-manual-chain"
          />
        </Form.Item>
        <Form.Item
          name="address"
          label={t('sanctions.address')}
          rules={[{ required: true, whitespace: true, message: t('sanctions.addressRequired') }]}
        >
          <Input maxLength={sanctionsAddressMaxChars} style={{ width: 380 }} data-testid="sanctions-manual-address" />
        </Form.Item>
        <Form.Item
          name="note"
          label={t('sanctions.note')}
          rules={[{ required: true, whitespace: true, message: t('sanctions.noteRequired') }]}
        >
          <Input maxLength={sanctionsNoteMaxChars} style={{ width: 260 }} data-testid="sanctions-manual-note" />
        </Form.Item>
        <FormRowActions>
          <Button type="primary" htmlType="submit" loading={add.isPending} data-testid="sanctions-manual-add">
            {t('sanctions.add')}
          </Button>
        </FormRowActions>
      </Form>
      {add.isError ? (
        <Alert type="error" showIcon title={errorText(add.error)} className={styles.inlineAlert} data-testid="sanctions-manual-error" />
      ) : null}
      {body}
      {removing ? <RemoveEntryDialog entry={removing} onClose={() => setRemoving(null)} /> : null}
    </Card>
  );
}
