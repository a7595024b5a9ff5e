import type { ApiKey, ApiKeyPendingChange, VerifyApiKeyChangeBody } from '@coffer/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Form, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/http/http-client';
import { PageFrame } from '../../../shared/ui/page-frame';
import { TableSkeleton } from '../../../shared/ui/table-skeleton';
import { showToast } from '../../../shared/ui/toast-store';
import { apiKeyChanges } from '../api/change-api-key';
import { addressBookQuery } from '../api/get-address-book';
import { apiKeyPermissionQuery, apiKeysQuery } from '../api/get-api-keys';
import { ApiKeyCards } from '../components/api-key-cards';
import { ApiKeyCreated } from '../components/api-key-created';
import { ApiKeyDetails } from '../components/api-key-details';
import { ApiKeyFormDialog } from '../components/api-key-form';
import { changeLostCode, fieldForCode, settingsOf, type ApiKeyFormValues } from '../components/api-key-form-rules';
import { ApiKeyTable } from '../components/api-key-table';
import { ApiKeyVerifyDialog } from '../components/api-key-verify-dialog';
import { ApiKeysLoadError } from '../components/api-keys-load-error';
import { useIsNarrow } from '../components/use-is-narrow';
import layout from '../../../shared/ui/form-page-layout.module.css';
import styles from '../components/apikeys.module.css';

type Editing = { mode: 'create' } | { mode: 'edit'; apiKey: ApiKey };
type Pending = { change: ApiKeyPendingChange; accessKey?: string };

/**
 * API management (spec §2, §3, §4): the keys, and create, view, edit and delete — each change a
 * pre-request, then the verification dialog and the verified request. A lost pending change
 * (expired, already made) brings the form back with the reason; a field's error is shown at it.
 */
export function ApiManagementPage() {
  const { t } = useTranslation('apikeys');
  const queryClient = useQueryClient();
  const keys = useQuery(apiKeysQuery);
  const permission = useQuery(apiKeyPermissionQuery);
  const hasWithdrawKey = keys.data?.some((key) => key.withdrawAddressIds.length > 0) ?? false;
  const book = useQuery({ ...addressBookQuery, enabled: hasWithdrawKey });
  const [form] = Form.useForm<ApiKeyFormValues>();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [created, setCreated] = useState<ApiKey | null>(null);
  const [viewing, setViewing] = useState<ApiKey | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const isNarrow = useIsNarrow();

  const count = keys.data?.length ?? 0;
  const maxKeys = permission.data?.maxKeys ?? 0;
  const isAtMax = permission.data !== undefined && keys.data !== undefined && count >= maxKeys;

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['apikeys', 'keys'] });

  const openForm = (next: Editing) => {
    form.resetFields();
    if (next.mode === 'edit') {
      const { apiKey } = next;
      form.setFieldsValue({
        label: apiKey.label,
        rights: apiKey.rights.includes('read') ? apiKey.rights : ['read', ...apiKey.rights],
        ips: apiKey.ips.join(', '),
        withdrawDailyUsd: apiKey.withdrawDailyUsd ?? '',
        withdrawAddressIds: apiKey.withdrawAddressIds,
      });
    }
    setNotice(null);
    setEditing(next);
  };

  const closeAll = () => {
    setEditing(null);
    setPending(null);
    setNotice(null);
  };

  /** Puts a field's envelope error at its field; answers whether it did. */
  const showAtField = (error: unknown): boolean => {
    if (!(error instanceof ApiError)) return false;
    const field = fieldForCode(error.code);
    if (!field) return false;
    form.setFields([{ name: field, errors: [error.message] }]);
    return true;
  };

  const handleSubmitForm = async (values: ApiKeyFormValues) => {
    if (!editing) return;
    const settings = settingsOf(values);
    try {
      const change =
        editing.mode === 'create'
          ? await apiKeyChanges.create({ ...settings, publicKey: (values.publicKey ?? '').trim() })
          : await apiKeyChanges.edit({ ...settings, accessKey: editing.apiKey.accessKey });
      setNotice(null);
      setPending({ change, accessKey: editing.mode === 'edit' ? editing.apiKey.accessKey : undefined });
    } catch (error) {
      showAtField(error);
      throw error;
    }
  };

  const handleDelete = async (apiKey: ApiKey) => {
    setDeleting(apiKey.accessKey);
    try {
      const change = await apiKeyChanges.remove({ accessKey: apiKey.accessKey });
      setPending({ change, accessKey: apiKey.accessKey });
    } catch {
      // Shown by the HTTP client.
    } finally {
      setDeleting(null);
    }
  };

  const handleVerify = async (body: VerifyApiKeyChangeBody) => {
    if (!pending) return;
    const { kind } = pending.change;
    try {
      if (kind === 'create') {
        const apiKey = await apiKeyChanges.verifyCreate(body);
        closeAll();
        setCreated(apiKey);
      } else if (kind === 'edit') {
        await apiKeyChanges.verifyEdit(body);
        closeAll();
        showToast('success', t('done.edited'));
      } else {
        await apiKeyChanges.verifyRemove(body);
        closeAll();
        showToast('success', t('done.deleted'));
      }
      await refresh();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === changeLostCode) {
        // Back to the form (a deletion simply ends): the change must be asked for again.
        setPending(null);
        if (editing) setNotice(error.message);
        throw error;
      }
      if (editing && showAtField(error)) setPending(null);
      throw error;
    }
  };

  const createButton = (testId: string) => (
    <Button
      type="primary"
      onClick={() => openForm({ mode: 'create' })}
      disabled={!permission.data || !keys.data || isAtMax}
      data-testid={testId}
    >
      {t('page.create')}
    </Button>
  );

  let body;
  if ((keys.isError && !keys.data) || (permission.isError && !permission.data)) {
    body = (
      <ApiKeysLoadError error={keys.error ?? permission.error} onRetry={() => void Promise.all([keys.refetch(), permission.refetch()])} />
    );
  } else if (!keys.data || !permission.data) {
    body = <TableSkeleton rows={3} columns={6} />;
  } else if (keys.data.length === 0) {
    body = (
      <Empty description={t('list.emptyTitle')} data-testid="apikey-empty">
        <p className={styles.muted}>{t('list.emptyText')}</p>
        {createButton('apikey-create-empty')}
      </Empty>
    );
  } else {
    const List = isNarrow ? ApiKeyCards : ApiKeyTable;
    body = (
      <List
        keys={keys.data}
        book={book.data}
        busyKey={deleting}
        onView={setViewing}
        onEdit={(apiKey) => openForm({ mode: 'edit', apiKey })}
        onDelete={(apiKey) => void handleDelete(apiKey)}
      />
    );
  }

  return (
    <PageFrame
      title={t('page.title')}
      testId="apikeys-page"
      actions={
        isAtMax ? (
          <Tooltip title={t('page.maxReached', { max: maxKeys })}>
            <span>{createButton('apikey-create')}</span>
          </Tooltip>
        ) : (
          createButton('apikey-create')
        )
      }
    >
      <Card>
        {permission.data && keys.data ? (
          <div className={styles.summary}>
            <span className={styles.muted} data-testid="apikey-count">
              {t('page.countNote', { count, max: maxKeys })}
            </span>
            {isAtMax ? (
              <span className={styles.muted} data-testid="apikey-max-reached">
                {t('page.maxReached', { max: maxKeys })}
              </span>
            ) : null}
          </div>
        ) : null}
        {body}
      </Card>
      <Card>
        <h2 className={layout.asideTitle}>{t('page.aboutTitle')}</h2>
        <ul className={`${layout.points} ${styles.points}`}>
          <li>{t('page.aboutKeypair')}</li>
          <li>{t('page.aboutSign')}</li>
          <li>{t('page.aboutPlatform')}</li>
          <li>{t('page.aboutVerify')}</li>
          {permission.data ? <li>{t('page.aboutLimits', { maxKeys: permission.data.maxKeys, maxIps: permission.data.maxIps })}</li> : null}
        </ul>
      </Card>
      {permission.data ? (
        <ApiKeyFormDialog
          open={editing !== null && pending === null}
          mode={editing?.mode ?? 'create'}
          form={form}
          permission={permission.data}
          notice={notice}
          onSubmit={handleSubmitForm}
          onCancel={closeAll}
        />
      ) : null}
      <ApiKeyVerifyDialog change={pending?.change ?? null} onVerify={handleVerify} onCancel={() => setPending(null)} />
      <ApiKeyCreated apiKey={created} onClose={() => setCreated(null)} />
      <ApiKeyDetails apiKey={viewing} book={book.data} onClose={() => setViewing(null)} />
    </PageFrame>
  );
}
