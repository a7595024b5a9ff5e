import type { AutoSwapSetting } from '@coffer/contract';
import { Button, Popconfirm, Switch, Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/format-date';
import { showToast } from '../../../shared/ui/toast-store';
import { useDeleteAutoSwapSetting } from '../api/delete-auto-swap-setting';
import { useSaveAutoSwapSetting } from '../api/save-auto-swap-setting';
import { useTradeLanguage } from './trade-locale';
import styles from './auto-swap-settings-table.module.css';

/** Source → target settings, each switched on or off in place, changed or deleted (with confirmation). */
export function AutoSwapSettingsTable({
  settings,
  empty,
  onEdit,
}: {
  settings: AutoSwapSetting[];
  empty: ReactNode;
  onEdit: (setting: AutoSwapSetting) => void;
}) {
  const { t } = useTranslation('trade');
  const language = useTradeLanguage();
  const save = useSaveAutoSwapSetting();
  const remove = useDeleteAutoSwapSetting();

  const handleToggle = async (setting: AutoSwapSetting, enabled: boolean) => {
    try {
      await save.mutateAsync({ sourceCoin: setting.sourceCoin, targetCoin: setting.targetCoin, enabled });
      showToast(
        'success',
        enabled ? t('autoSwap.switchedOn', { coin: setting.sourceCoin }) : t('autoSwap.switchedOff', { coin: setting.sourceCoin }),
      );
    } catch {
      // The HTTP client has shown the server's reason; the switch shows the stored state again.
    }
  };
  const handleDelete = async (setting: AutoSwapSetting) => {
    try {
      await remove.mutateAsync(setting.sourceCoin);
      showToast('success', t('autoSwap.deleted', { coin: setting.sourceCoin }));
    } catch {
      // The HTTP client has shown the server's reason.
    }
  };

  const columns: TableColumnsType<AutoSwapSetting> = [
    {
      key: 'route',
      title: t('autoSwap.columns.route'),
      render: (_value, setting) => (
        <span className={styles.route}>
          {setting.sourceCoin} <span aria-hidden="true">→</span>
          <span className="visually-hidden">{t('autoSwap.to')}</span> {setting.targetCoin}
        </span>
      ),
    },
    {
      key: 'enabled',
      title: t('autoSwap.columns.enabled'),
      render: (_value, setting) => (
        <Switch
          checked={setting.enabled}
          loading={save.isPending && save.variables?.sourceCoin === setting.sourceCoin}
          onChange={(enabled) => void handleToggle(setting, enabled)}
          aria-label={t('autoSwap.switchLabel', { source: setting.sourceCoin, target: setting.targetCoin })}
          data-testid={`auto-swap-switch-${setting.sourceCoin}`}
        />
      ),
    },
    {
      key: 'updated',
      title: t('autoSwap.columns.updatedAt'),
      className: styles.nowrap,
      render: (_value, setting) => formatDateTime(setting.updatedAt, language),
    },
    {
      key: 'actions',
      title: t('autoSwap.columns.actions'),
      align: 'right',
      className: styles.nowrap,
      render: (_value, setting) => (
        <span>
          <Button type="link" size="small" onClick={() => onEdit(setting)} data-testid={`auto-swap-edit-${setting.sourceCoin}`}>
            {t('autoSwap.change')}
          </Button>
          <Popconfirm
            title={t('autoSwap.deleteConfirmTitle')}
            description={t('autoSwap.deleteConfirmText', { source: setting.sourceCoin, target: setting.targetCoin })}
            okText={t('autoSwap.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('autoSwap.cancel')}
            onConfirm={() => handleDelete(setting)}
          >
            <Button type="link" size="small" danger data-testid={`auto-swap-delete-${setting.sourceCoin}`}>
              {t('autoSwap.delete')}
            </Button>
          </Popconfirm>
        </span>
      ),
    },
  ];

  return (
    <Table<AutoSwapSetting>
      rowKey="sourceCoin"
      size="middle"
      columns={columns}
      dataSource={settings}
      pagination={false}
      locale={{ emptyText: empty }}
      data-testid="auto-swap-settings"
    />
  );
}
