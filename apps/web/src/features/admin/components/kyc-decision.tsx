import { kycRejectReasons, kycRejectTextMaxChars, type KycRejectBody } from '@coffer/contract';
import { Button, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../api/admin-call';
import { useKycDecision } from '../api/kyc-review';
import { DecisionDialog } from './decision-dialog';

function ApproveDialog({ applicationId, who, onClose }: { applicationId: string; who: string; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const decide = useKycDecision(applicationId);
  return (
    <DecisionDialog
      title={t('kyc.approveTitle')}
      onClose={onClose}
      description={t('kyc.approveConfirm', { who })}
      onConfirm={() => decide.mutate({ kind: 'approve' }, { onSuccess: onClose })}
      error={decide.isError ? errorText(decide.error) : null}
      errorTestId="kyc-decision-error"
      confirmText={t('kyc.approve')}
      confirmTestId="kyc-approve-confirm"
      isPending={decide.isPending}
    />
  );
}

function RejectDialog({ applicationId, onClose }: { applicationId: string; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const decide = useKycDecision(applicationId);
  const [form] = Form.useForm<KycRejectBody>();
  // "Other" says nothing by itself: its note is then required (as the server requires it).
  const isOther = Form.useWatch('key', form) === 'other';
  const handleConfirm = (values: KycRejectBody) =>
    decide.mutate({ kind: 'reject', reason: { key: values.key, text: (values.text ?? '').trim() } }, { onSuccess: onClose });
  return (
    <DecisionDialog<KycRejectBody>
      title={t('kyc.rejectTitle')}
      onClose={onClose}
      form={form}
      initialValues={{ text: '' }}
      onConfirm={handleConfirm}
      testId="kyc-reject-form"
      error={decide.isError ? errorText(decide.error) : null}
      errorTestId="kyc-decision-error"
      confirmText={t('kyc.reject')}
      confirmTestId="kyc-reject-confirm"
      isDanger
      isPending={decide.isPending}
    >
      <Form.Item name="key" label={t('kyc.rejectReason')} rules={[{ required: true, message: t('kyc.rejectReasonRequired') }]}>
        <Select
          placeholder={t('kyc.rejectReasonPlaceholder')}
          options={kycRejectReasons.map((key) => ({ value: key, label: t(`kyc.reasons.${key}`) }))}
          // A dozen reasons: all rendered, so "Other" at the end is reachable without scrolling a virtual list.
          virtual={false}
          data-testid="kyc-reject-reason"
        />
      </Form.Item>
      <Form.Item
        name="text"
        label={t('kyc.rejectText')}
        extra={isOther ? t('kyc.rejectTextHintOther') : t('kyc.rejectTextHint')}
        dependencies={['key']}
        rules={[{ required: isOther, whitespace: true, message: t('kyc.rejectTextRequired') }]}
      >
        <Input.TextArea rows={3} maxLength={kycRejectTextMaxChars} showCount data-testid="kyc-reject-text" />
      </Form.Item>
    </DecisionDialog>
  );
}

/**
 * Approve (after a confirmation) or reject (a reason the customer sees in their language, and
 * the reviewer's note) an application waiting for a person.
 */
export function KycDecision({ applicationId, who }: { applicationId: string; who: string }) {
  const { t } = useTranslation('admin');
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const handleClose = () => setDialog(null);
  return (
    <>
      <Button type="primary" onClick={() => setDialog('approve')} data-testid="kyc-approve">
        {t('kyc.approve')}
      </Button>
      <Button danger onClick={() => setDialog('reject')} data-testid="kyc-reject">
        {t('kyc.reject')}
      </Button>
      {dialog === 'approve' ? <ApproveDialog applicationId={applicationId} who={who} onClose={handleClose} /> : null}
      {dialog === 'reject' ? <RejectDialog applicationId={applicationId} onClose={handleClose} /> : null}
    </>
  );
}
