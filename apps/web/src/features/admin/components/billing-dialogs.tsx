import type { AdminBillingOrg, CustodyBill } from '@coffer/contract';
import { custodyBillingLimits } from '@coffer/contract/custody-billing';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../api/admin-call';
import { useMarkBillPaid, useSetBillingRates } from '../api/custody-billing';
import { DecisionDialog } from './decision-dialog';

const ratePattern = /^(0(\.\d{1,8})?|\.\d{1,8})$/;
const minimumPattern = /^\d{1,9}(\.\d{1,2})?$/;

/** An organisation's annual rate (a fraction, 0.005 = 0.5 %) and monthly minimum in USD; audit-logged by the server. */
export function BillingRatesDialog({ organisation, onClose }: { organisation: AdminBillingOrg; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const rates = useSetBillingRates(organisation.orgId);
  return (
    <DecisionDialog<{ annualRate: string; minimumUsd: string }>
      title={t('billing.ratesTitle', { name: organisation.name })}
      onClose={onClose}
      description={t('billing.ratesHint')}
      initialValues={{ annualRate: organisation.annualRate, minimumUsd: organisation.minimumUsd }}
      onConfirm={(values) =>
        rates.mutate({ annualRate: values.annualRate.trim(), minimumUsd: values.minimumUsd.trim() }, { onSuccess: onClose })
      }
      testId="billing-rates-form"
      error={rates.error ? errorText(rates.error) : null}
      confirmText={t('billing.saveRates')}
      confirmTestId="billing-rates-confirm"
      isPending={rates.isPending}
    >
      <Form.Item
        name="annualRate"
        label={t('billing.annualRate')}
        extra={t('billing.annualRateHint')}
        rules={[
          { pattern: ratePattern, message: t('billing.annualRateInvalid') },
          { required: true, message: t('billing.annualRateInvalid') },
        ]}
      >
        <Input inputMode="decimal" data-testid="billing-annual-rate" />
      </Form.Item>
      <Form.Item
        name="minimumUsd"
        label={t('billing.minimumUsd')}
        rules={[
          { pattern: minimumPattern, message: t('billing.minimumInvalid') },
          { required: true, message: t('billing.minimumInvalid') },
        ]}
      >
        <Input inputMode="decimal" suffix="USD" data-testid="billing-minimum" />
      </Form.Item>
    </DecisionDialog>
  );
}

/** Marks a bill paid by wire, with the bank reference for the audit log. */
export function MarkPaidDialog({ organisation, bill, onClose }: { organisation: AdminBillingOrg; bill: CustodyBill; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const markPaid = useMarkBillPaid(bill.id);
  return (
    <DecisionDialog<{ note?: string }>
      title={t('billing.markPaidTitle')}
      onClose={onClose}
      description={t('billing.markPaidConfirm', { name: organisation.name, period: bill.period, amount: bill.finalCostUsd })}
      onConfirm={(values) => markPaid.mutate((values.note ?? '').trim(), { onSuccess: onClose })}
      testId="billing-mark-paid-form"
      error={markPaid.error ? errorText(markPaid.error) : null}
      confirmText={t('billing.markPaid')}
      confirmTestId="billing-mark-paid-confirm"
      isPending={markPaid.isPending}
    >
      <Form.Item name="note" label={t('billing.wireReference')}>
        <Input maxLength={custodyBillingLimits.markPaidNoteMaxChars} data-testid="billing-wire-reference" />
      </Form.Item>
    </DecisionDialog>
  );
}
