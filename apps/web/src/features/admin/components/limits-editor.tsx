import type { KycLevelLimit } from '@coffer/contract';
import { Alert, Button, Descriptions, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFiat } from '../../../shared/format/figures';
import { useLanguage } from '../../../shared/i18n/use-language';
import { errorText } from '../api/admin-call';
import { useSetLevelLimit } from '../api/kyc-review';
import { levelKey } from './admin-format';
import styles from './admin.module.css';
import { normalizeUsdLimit, usdLimitProblem } from './usd-limit';

interface LimitValues {
  withdrawalDailyUsd: string;
  tradeMaxUsd: string;
}

/**
 * Changes one level's limits: the two USD amounts (checked as the server checks them), then a
 * confirmation of old and new values before anything is saved.
 */
export function LimitsEditor({ limit, onClose }: { limit: KycLevelLimit; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const [form] = Form.useForm<LimitValues>();
  const [pending, setPending] = useState<LimitValues | null>(null);
  const save = useSetLevelLimit();
  const usd = (value: string) => formatFiat(value, 'USD', language);

  const usdRule = {
    validator: async (_rule: unknown, value: string | undefined) => {
      const problem = usdLimitProblem(value ?? '');
      if (problem) throw new Error(t(`limits.problems.${problem}`));
    },
  };

  const handleConfirm = () => {
    if (!pending) return;
    save.mutate({ level: limit.level, ...pending }, { onSuccess: onClose });
  };

  return (
    <Modal
      open
      title={t('limits.editTitle', { level: t(`levels.${levelKey(limit.level)}`) })}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {pending === null ? (
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ withdrawalDailyUsd: limit.withdrawalDailyUsd, tradeMaxUsd: limit.tradeMaxUsd }}
          onFinish={(values) =>
            setPending({
              withdrawalDailyUsd: normalizeUsdLimit(values.withdrawalDailyUsd),
              tradeMaxUsd: normalizeUsdLimit(values.tradeMaxUsd),
            })
          }
          data-testid="limits-form"
        >
          <Form.Item name="withdrawalDailyUsd" label={t('limits.withdrawal')} extra={t('limits.zeroHint')} rules={[usdRule]}>
            <Input inputMode="decimal" suffix="USD" maxLength={20} data-testid="limits-withdrawal-input" />
          </Form.Item>
          <Form.Item name="tradeMaxUsd" label={t('limits.trade')} rules={[usdRule]}>
            <Input inputMode="decimal" suffix="USD" maxLength={20} data-testid="limits-trade-input" />
          </Form.Item>
          <div className={styles.toolbar}>
            <Button onClick={onClose}>{t('actions.cancel')}</Button>
            <Button type="primary" htmlType="submit" data-testid="limits-save">
              {t('actions.continue')}
            </Button>
          </div>
        </Form>
      ) : (
        <div data-testid="limits-confirmation">
          <p className={styles.dialogText}>{t('limits.confirm')}</p>
          <Descriptions column={1} size="small" bordered className={styles.inlineAlert}>
            <Descriptions.Item label={t('limits.withdrawal')}>
              <span className={styles.figure} data-testid="limits-confirm-withdrawal">
                {usd(limit.withdrawalDailyUsd)} → <strong>{usd(pending.withdrawalDailyUsd)}</strong>
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('limits.trade')}>
              <span className={styles.figure} data-testid="limits-confirm-trade">
                {usd(limit.tradeMaxUsd)} → <strong>{usd(pending.tradeMaxUsd)}</strong>
              </span>
            </Descriptions.Item>
          </Descriptions>
          {save.isError ? (
            <Alert type="error" showIcon title={errorText(save.error)} className={styles.inlineAlert} data-testid="limits-error" />
          ) : null}
          <div className={styles.toolbar}>
            <Button onClick={() => setPending(null)}>{t('actions.back')}</Button>
            <Button type="primary" loading={save.isPending} onClick={handleConfirm} data-testid="limits-save-confirm">
              {t('actions.save')}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
