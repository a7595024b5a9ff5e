import type { KycLevelLimit } from '@coffer/contract';
import { Descriptions, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFiat } from '../../../shared/format/figures';
import { useLanguage } from '../../../shared/i18n/use-language';
import { errorText } from '../api/admin-call';
import { useSetLevelLimit } from '../api/kyc-review';
import { levelKey } from './admin-format';
import styles from './admin.module.css';
import { DecisionDialog } from './decision-dialog';
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

  const frame = { title: t('limits.editTitle', { level: t(`levels.${levelKey(limit.level)}`) }), onClose };
  if (pending === null) {
    return (
      <DecisionDialog<LimitValues>
        {...frame}
        step="values"
        form={form}
        initialValues={{ withdrawalDailyUsd: limit.withdrawalDailyUsd, tradeMaxUsd: limit.tradeMaxUsd }}
        onConfirm={(values) =>
          setPending({
            withdrawalDailyUsd: normalizeUsdLimit(values.withdrawalDailyUsd),
            tradeMaxUsd: normalizeUsdLimit(values.tradeMaxUsd),
          })
        }
        testId="limits-form"
        confirmText={t('actions.continue')}
        confirmTestId="limits-save"
      >
        <Form.Item name="withdrawalDailyUsd" label={t('limits.withdrawal')} extra={t('limits.zeroHint')} rules={[usdRule]}>
          <Input inputMode="decimal" suffix="USD" maxLength={20} data-testid="limits-withdrawal-input" />
        </Form.Item>
        <Form.Item name="tradeMaxUsd" label={t('limits.trade')} rules={[usdRule]}>
          <Input inputMode="decimal" suffix="USD" maxLength={20} data-testid="limits-trade-input" />
        </Form.Item>
      </DecisionDialog>
    );
  }
  return (
    <DecisionDialog
      {...frame}
      step="confirm"
      description={t('limits.confirm')}
      onConfirm={handleConfirm}
      testId="limits-confirmation"
      error={save.isError ? errorText(save.error) : null}
      errorTestId="limits-error"
      onBack={() => setPending(null)}
      confirmText={t('actions.save')}
      confirmTestId="limits-save-confirm"
      isPending={save.isPending}
    >
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
    </DecisionDialog>
  );
}
