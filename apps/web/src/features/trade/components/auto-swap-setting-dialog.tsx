import type { AutoSwapSetting, AutoSwapSettings } from '@coffer/contract';
import { Form, Modal, Select, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../shared/ui/toast-store';
import { useSaveAutoSwapSetting } from '../api/save-auto-swap-setting';

interface Draft {
  sourceCoin: string | undefined;
  targetCoin: string | undefined;
  enabled: boolean;
}

/**
 * Adds a source → target setting or changes the target of one (one setting per source
 * coin, spec §2). Only the combinations the server can convert are offered.
 */
export function AutoSwapSettingDialog({
  settings,
  editing,
  onClose,
}: {
  settings: AutoSwapSettings;
  /** The setting being changed; null adds a new one. */
  editing: AutoSwapSetting | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('trade');
  const save = useSaveAutoSwapSetting();
  const configured = new Set(settings.settings.map((setting) => setting.sourceCoin));
  const sources = [...new Set(settings.supported.map((combination) => combination.sourceCoin))].filter(
    (coin) => coin === editing?.sourceCoin || !configured.has(coin),
  );
  const [draft, setDraft] = useState<Draft>(
    editing
      ? { sourceCoin: editing.sourceCoin, targetCoin: editing.targetCoin, enabled: editing.enabled }
      : { sourceCoin: sources[0], targetCoin: undefined, enabled: true },
  );
  const targets = settings.supported
    .filter((combination) => combination.sourceCoin === draft.sourceCoin)
    .map((combination) => combination.targetCoin);
  const isComplete = draft.sourceCoin !== undefined && draft.targetCoin !== undefined && targets.includes(draft.targetCoin);

  const handleOk = async () => {
    if (!draft.sourceCoin || !draft.targetCoin) return;
    try {
      await save.mutateAsync({ sourceCoin: draft.sourceCoin, targetCoin: draft.targetCoin, enabled: draft.enabled });
      showToast('success', t('autoSwap.saved', { source: draft.sourceCoin, target: draft.targetCoin }));
      onClose();
    } catch {
      // The HTTP client has shown the server's reason.
    }
  };

  return (
    <Modal
      open
      title={editing ? t('autoSwap.changeTitle', { coin: editing.sourceCoin }) : t('autoSwap.addTitle')}
      okText={t('autoSwap.save')}
      cancelText={t('autoSwap.cancel')}
      okButtonProps={{ disabled: !isComplete, id: 'auto-swap-save' }}
      confirmLoading={save.isPending}
      onOk={() => void handleOk()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical" requiredMark={false}>
        <Form.Item label={t('autoSwap.columns.source')} htmlFor="auto-swap-source" extra={t('autoSwap.sourceHint')}>
          <Select
            id="auto-swap-source"
            data-testid="auto-swap-source"
            value={draft.sourceCoin}
            disabled={editing !== null}
            onChange={(sourceCoin: string) => setDraft({ ...draft, sourceCoin, targetCoin: undefined })}
            options={sources.map((coin) => ({ value: coin, label: coin }))}
            notFoundContent={t('autoSwap.noMoreSources')}
          />
        </Form.Item>
        <Form.Item label={t('autoSwap.columns.target')} htmlFor="auto-swap-target">
          <Select
            id="auto-swap-target"
            data-testid="auto-swap-target"
            value={draft.targetCoin}
            placeholder={t('autoSwap.chooseTarget')}
            onChange={(targetCoin: string) => setDraft({ ...draft, targetCoin })}
            options={targets.map((coin) => ({ value: coin, label: coin }))}
          />
        </Form.Item>
        <Form.Item label={t('autoSwap.columns.enabled')} htmlFor="auto-swap-enabled">
          <Switch id="auto-swap-enabled" checked={draft.enabled} onChange={(enabled) => setDraft({ ...draft, enabled })} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
