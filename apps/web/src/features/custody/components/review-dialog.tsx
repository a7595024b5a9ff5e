import { custodyOrderLimits, errorCatalogue, type CustodyOrder, type SecurityVerification } from '@coffer/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatExactAmount } from '../../../shared/format/figures';
import { useLanguage } from '../../../shared/i18n/use-language';
import { assertPasskey, passkeyPromptProblem } from '../../../shared/passkey';
import { DialogButtons, DialogError } from '../../../shared/ui/dialog-parts';
import { usePasskeyChoice } from '../../../shared/ui/passkey-choice';
import { SecurityVerificationFields, securityVerification } from '../../../shared/ui/security-verification-fields';
import { shortenMiddle } from '../../../shared/ui/short-value';
import { showToast } from '../../../shared/ui/toast-store';
import { useSingleSubmit } from '../../../shared/ui/use-single-submit';
import { custodyOrderCalls, custodyOrdersRoot } from '../api/custody-orders';
import { showRefusal, type FieldPath } from './config-refusal';
import styles from './custody-orders.module.css';

export type ReviewDecision = 'approve' | 'reject';

type ReviewValues = SecurityVerification & { opinion: string };

const reviewFields = ['opinion', 'emailCode', 'smsCode', 'gaCode'] as const;
const fieldByCode = new Map<number, FieldPath>([[errorCatalogue.custodyOpinionInvalid.code, ['opinion']]]);

/** A prompt that gave nothing, told apart from a refusal of the server. */
class KeyPromptProblem extends Error {
  constructor(readonly problem: 'cancelled' | 'notAllowed' | 'otherDigest') {
    super(problem);
  }
}

interface ReviewDialogProps {
  order: CustodyOrder;
  decision: ReviewDecision | null;
  /** The organisation requires hardware keys: the approval is signed by the member's security key over the digest. */
  isKeyRequired: boolean;
  onClose: () => void;
}

/**
 * The review of an order (spec §4, issue 18 items 2, 3): approving shows the digest of the
 * canonical order the approval is bound to, with an optional opinion, and either has the
 * member's security key sign it (where the organisation requires keys: the server's options
 * carry a challenge derived from that digest, checked to be this digest before the browser is
 * asked) or asks the member's second factor (codes, or a passkey) of the `transfer` purpose;
 * rejecting asks an opinion (required, at most 150 characters) and ends the order. Refusals at
 * their field or in the dialog; a closed key prompt is said so, and can be tried again.
 */
export function ReviewDialog({ order, decision, isKeyRequired, onClose }: ReviewDialogProps) {
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
      {decision ? <ReviewForm order={order} decision={decision} isKeyRequired={isKeyRequired} onClose={onClose} /> : null}
    </Modal>
  );
}

/** The key's assertion over the order's digest-derived challenge, with the nonce the approval sends back. */
async function signWithKey(order: CustodyOrder): Promise<{ nonce: string; passkey: Record<string, unknown> }> {
  const options = await custodyOrderCalls.approvalOptions(order.id);
  // The options must be for the digest shown; otherwise the key would sign something else.
  if (options.digest !== order.digest) throw new KeyPromptProblem('otherDigest');
  try {
    return { nonce: options.nonce, passkey: await assertPasskey(options.publicKey) };
  } catch (error) {
    throw new KeyPromptProblem(passkeyPromptProblem(error));
  }
}

function ReviewForm({ order, decision, isKeyRequired, onClose }: Omit<ReviewDialogProps, 'decision'> & { decision: ReviewDecision }) {
  const { t } = useTranslation('custodyOrders');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ReviewValues>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const passkey = usePasskeyChoice('transfer');
  const isApprove = decision === 'approve';
  const isSigned = isApprove && isKeyRequired;

  const { isPending, submit } = useSingleSubmit(async (values: ReviewValues) => {
    setRefusal(null);
    const opinion = (values.opinion ?? '').trim();
    try {
      if (isSigned) {
        const signed = await signWithKey(order);
        await custodyOrderCalls.approve(order.id, { digest: order.digest, opinion, ...signed });
      } else if (isApprove) {
        const verification = await securityVerification(values, passkey);
        await custodyOrderCalls.approve(order.id, { digest: order.digest, opinion, ...verification });
      } else {
        await custodyOrderCalls.reject(order.id, { opinion });
      }
      await queryClient.invalidateQueries({ queryKey: custodyOrdersRoot });
      showToast('success', isApprove ? t('review.approved') : t('review.rejected'));
      onClose();
    } catch (error) {
      if (error instanceof KeyPromptProblem) {
        setRefusal(t(`review.key.${error.problem}`));
        return;
      }
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
          {isSigned ? (
            <span className={styles.sub} data-testid="review-key-signs">
              {t('review.key.signs', { digest: shortenMiddle(order.digest, 8) })}
            </span>
          ) : null}
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
      {isApprove && !isSigned ? <SecurityVerificationFields passkey={passkey} /> : null}
      <DialogButtons
        isPending={isPending}
        onCancel={onClose}
        cancelText={t('common.cancel')}
        submitText={isSigned ? t('review.key.approve') : isApprove ? t('review.approve') : t('review.reject')}
        submitTestId="review-submit"
        isDanger={!isApprove}
      />
    </Form>
  );
}
