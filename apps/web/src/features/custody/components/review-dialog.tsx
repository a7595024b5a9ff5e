import { custodyOrderLimits, errorCatalogue, type CustodyOrder, type SecurityVerification } from '@coffer/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatExactAmount } from '../../../shared/format/figures';
import { useLanguage } from '../../../shared/i18n/use-language';
import { DialogButtons, DialogError } from '../../../shared/ui/dialog-parts';
import { usePasskeyChoice } from '../../../shared/ui/passkey-choice';
import { SecurityVerificationFields, securityVerification } from '../../../shared/ui/security-verification-fields';
import { showToast } from '../../../shared/ui/toast-store';
import { useSingleSubmit } from '../../../shared/ui/use-single-submit';
import { custodyOrderCalls, custodyOrdersRoot } from '../api/custody-orders';
import { showRefusal, type FieldPath } from './config-refusal';
import styles from './custody-orders.module.css';

export type ReviewDecision = 'approve' | 'reject';

type ReviewValues = SecurityVerification & { opinion: string };

const reviewFields = ['opinion', 'emailCode', 'smsCode', 'gaCode'] as const;
const fieldByCode = new Map<number, FieldPath>([[errorCatalogue.custodyOpinionInvalid.code, ['opinion']]]);

/**
 * The review of an order (spec §4, issue 18 items 2, 3): approving shows the digest of the
 * canonical order the approval is bound to and asks the member's second factor (codes, or a
 * passkey) of the `transfer` purpose, with an optional opinion; rejecting asks an opinion
 * (required, at most 150 characters) and ends the order. Refusals at their field or in the dialog.
 */
export function ReviewDialog({ order, decision, onClose }: { order: CustodyOrder; decision: ReviewDecision | null; onClose: () => void }) {
  const { t } = useTranslation('custodyOrders');
  return (
    <Modal
      open={decision !== null}
      title={decision === 'reject' ? t('review.rejectTitle') : t('review.approveTitle')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
      width={600}
    >
      {decision ? <ReviewForm order={order} decision={decision} onClose={onClose} /> : null}
    </Modal>
  );
}

function ReviewForm({ order, decision, onClose }: { order: CustodyOrder; decision: ReviewDecision; onClose: () => void }) {
  const { t } = useTranslation('custodyOrders');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ReviewValues>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const passkey = usePasskeyChoice('transfer');
  const isApprove = decision === 'approve';

  const { isPending, submit } = useSingleSubmit(async (values: ReviewValues) => {
    setRefusal(null);
    const opinion = (values.opinion ?? '').trim();
    try {
      if (isApprove) {
        const verification = await securityVerification(values, passkey);
        await custodyOrderCalls.approve(order.id, { digest: order.digest, opinion, ...verification });
      } else {
        await custodyOrderCalls.reject(order.id, { opinion });
      }
      await queryClient.invalidateQueries({ queryKey: custodyOrdersRoot });
      showToast('success', isApprove ? t('review.approved') : t('review.rejected'));
      onClose();
    } catch (error) {
      setRefusal(showRefusal(form, error, { fields: reviewFields, byCode: fieldByCode }));
      throw error;
    }
  });

  return (
    <Form<ReviewValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ opinion: '' }}
      onFinish={submit}
      data-testid="review-form"
    >
      <p className={styles.intro}>
        {t(isApprove ? 'review.approveIntro' : 'review.rejectIntro', {
          serialNo: order.serialNo,
          amount: `${formatExactAmount(order.coin, order.amount, language)} ${order.coin}`,
        })}
      </p>
      <DialogError message={refusal} testId="review-form-error" />
      {isApprove ? (
        <div className={styles.verdict}>
          <span className={styles.muted}>{t('review.digest')}</span>
          <code className={styles.digest} data-testid="review-digest">
            {order.digest}
          </code>
          <span className={styles.sub}>{t('review.digestHint')}</span>
        </div>
      ) : null}
      <Form.Item
        name="opinion"
        label={isApprove ? t('review.opinionOptional') : t('review.opinion')}
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              const text = (value ?? '').trim();
              if (!isApprove && text === '') throw new Error(t('review.opinionRequired'));
              if (text.length > custodyOrderLimits.opinionMaxChars)
                throw new Error(t('review.opinionTooLong', { max: custodyOrderLimits.opinionMaxChars }));
            },
          },
        ]}
      >
        <Input.TextArea rows={3} count={{ show: true, max: custodyOrderLimits.opinionMaxChars }} data-testid="review-opinion" />
      </Form.Item>
      {isApprove ? <SecurityVerificationFields passkey={passkey} /> : null}
      <DialogButtons
        isPending={isPending}
        onCancel={onClose}
        cancelText={t('common.cancel')}
        submitText={isApprove ? t('review.approve') : t('review.reject')}
        submitTestId="review-submit"
        isDanger={!isApprove}
      />
    </Form>
  );
}
