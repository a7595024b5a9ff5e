import {
  checkPoolLinkDays,
  checkPoolPartnerName,
  custodyLimits,
  errorCatalogue,
  errorMessage,
  type CustodyAccount,
  type CustodyPoolLinkCreated,
} from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, InputNumber, Modal, Result, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/format-date';
import { useChainName } from '../../../shared/i18n/chain-names';
import { useLanguage } from '../../../shared/i18n/use-language';
import { DialogButtons, DialogError } from '../../../shared/ui/dialog-parts';
import { showToast } from '../../../shared/ui/toast-store';
import { useSingleSubmit } from '../../../shared/ui/use-single-submit';
import { custodyPoolCalls, poolPayoutOptionsQuery } from '../api/custody-pool';
import { showRefusal, type FieldPath } from './config-refusal';
import styles from './custody-pool.module.css';
import common from './custody-console.module.css';

interface LinkValues {
  accountId: string | undefined;
  coin: string | undefined;
  chain: string | undefined;
  partnerName: string;
  expiresInDays: number | null;
}

const linkFields = ['accountId', 'coin', 'chain', 'partnerName', 'expiresInDays'] as const;

/** The refusals of a new link, at the field they are about (the server names it too). */
const fieldByCode = new Map<number, FieldPath>([
  [errorCatalogue.custodyPoolPartnerNameInvalid.code, ['partnerName']],
  [errorCatalogue.custodyPoolLinkDaysInvalid.code, ['expiresInDays']],
  [errorCatalogue.depositNotAvailable.code, ['chain']],
  [errorCatalogue.noMatchingData.code, ['accountId']],
]);

/**
 * A new mining-pool partner link (issue 17 item 11): the custody account, the coin and one of
 * the networks its deposits are open on, the partner's name and how many days the link works
 * (7 unless changed, at most 30). Made, the dialog shows the link this once with a copy button:
 * the server keeps only its hash, so it can never be shown again.
 */
export function PoolLinkDialog({
  open,
  accounts,
  onCreated,
  onClose,
}: {
  open: boolean;
  accounts: CustodyAccount[];
  onCreated: (created: CustodyPoolLinkCreated) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('custodyPool');
  const [created, setCreated] = useState<CustodyPoolLinkCreated | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <Modal
      open={open}
      title={created ? null : t('create.title')}
      onCancel={close}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
      width={640}
    >
      {created ? (
        <LinkCreated created={created} onClose={close} />
      ) : open ? (
        <LinkForm
          accounts={accounts}
          onCreated={(result) => {
            setCreated(result);
            onCreated(result);
          }}
          onCancel={close}
        />
      ) : null}
    </Modal>
  );
}

function LinkForm({
  accounts,
  onCreated,
  onCancel,
}: {
  accounts: CustodyAccount[];
  onCreated: (created: CustodyPoolLinkCreated) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('custodyPool');
  const language = useLanguage();
  const chainName = useChainName();
  const [form] = Form.useForm<LinkValues>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const options = useQuery(poolPayoutOptionsQuery);
  const coin = Form.useWatch('coin', form);
  const chains = options.data?.find((option) => option.coin === coin)?.chains ?? [];

  const { isPending, submit } = useSingleSubmit(async (values: LinkValues) => {
    setRefusal(null);
    try {
      onCreated(
        await custodyPoolCalls.create({
          accountId: values.accountId ?? '',
          coin: values.coin ?? '',
          chain: values.chain ?? '',
          partnerName: values.partnerName.trim(),
          expiresInDays: values.expiresInDays ?? custodyLimits.poolLinkDefaultDays,
        }),
      );
    } catch (error) {
      setRefusal(showRefusal(form, error, { fields: linkFields, byCode: fieldByCode }));
      throw error;
    }
  });

  return (
    <Form<LinkValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{
        accountId: accounts.length === 1 ? accounts[0]!.id : undefined,
        coin: undefined,
        chain: undefined,
        partnerName: '',
        expiresInDays: custodyLimits.poolLinkDefaultDays,
      }}
      onFinish={submit}
      data-testid="pool-link-form"
    >
      <p className={common.intro}>{t('create.intro')}</p>
      <DialogError message={refusal} testId="pool-link-form-error" />
      <Form.Item name="accountId" label={t('create.account')} rules={[{ required: true, message: t('create.accountRequired') }]}>
        <Select
          aria-label={t('create.account')}
          placeholder={t('create.accountPlaceholder')}
          options={accounts.map((account) => ({ value: account.id, label: account.name }))}
          data-testid="pool-link-account"
        />
      </Form.Item>
      <div className={styles.pair}>
        <Form.Item name="coin" label={t('create.coin')} rules={[{ required: true, message: t('create.coinRequired') }]}>
          <Select
            showSearch
            aria-label={t('create.coin')}
            placeholder={t('create.coinPlaceholder')}
            loading={!options.data}
            options={(options.data ?? []).map((option) => ({ value: option.coin, label: option.coin }))}
            onChange={(next: string) => form.setFieldValue('chain', options.data?.find((option) => option.coin === next)?.chains[0])}
            data-testid="pool-link-coin"
          />
        </Form.Item>
        <Form.Item name="chain" label={t('create.chain')} rules={[{ required: true, message: t('create.chainRequired') }]}>
          <Select
            aria-label={t('create.chain')}
            placeholder={t('create.chainPlaceholder')}
            disabled={!coin}
            options={chains.map((chain) => ({ value: chain, label: chainName(chain) }))}
            data-testid="pool-link-chain"
          />
        </Form.Item>
      </div>
      <Form.Item
        name="partnerName"
        label={t('create.partnerName')}
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              if (checkPoolPartnerName(value ?? ''))
                throw new Error(errorMessage('custodyPoolPartnerNameInvalid', language, { max: custodyLimits.poolPartnerNameMaxChars }));
            },
          },
        ]}
      >
        <Input
          aria-label={t('create.partnerName')}
          placeholder={t('create.partnerNamePlaceholder')}
          count={{ show: true, max: custodyLimits.poolPartnerNameMaxChars }}
          data-testid="pool-link-partner"
        />
      </Form.Item>
      <Form.Item
        name="expiresInDays"
        label={t('create.expiresInDays')}
        extra={t('create.expiresHelp', { max: custodyLimits.poolLinkMaxDays })}
        rules={[
          {
            validator: async (_rule, value: number | null | undefined) => {
              if (value === null || value === undefined || checkPoolLinkDays(value))
                throw new Error(errorMessage('custodyPoolLinkDaysInvalid', language, { max: custodyLimits.poolLinkMaxDays }));
            },
          },
        ]}
      >
        <InputNumber
          aria-label={t('create.expiresInDays')}
          min={1}
          max={custodyLimits.poolLinkMaxDays}
          precision={0}
          suffix={t('create.days')}
          className={styles.days}
          data-testid="pool-link-days"
        />
      </Form.Item>
      <DialogButtons
        isPending={isPending}
        onCancel={onCancel}
        cancelText={t('common.cancel')}
        submitText={t('create.submit')}
        submitTestId="pool-link-submit"
      />
    </Form>
  );
}

/** The link, this once: copy it now and hand it to the partner over a channel you trust. */
function LinkCreated({ created, onClose }: { created: CustodyPoolLinkCreated; onClose: () => void }) {
  const { t } = useTranslation('custodyPool');
  const language = useLanguage();
  const [isCopied, setCopied] = useState(false);
  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(created.link);
      setCopied(true);
      showToast('success', t('created.copied'));
    } catch {
      showToast('error', t('created.copyFailed'));
    }
  };
  return (
    <Result
      status="success"
      title={t('created.title', { partner: created.partner.partnerName })}
      subTitle={t('created.text', {
        account: created.partner.accountName,
        coin: created.partner.coin,
        expiresAt: formatDateTime(created.partner.expiresAt, language),
      })}
      data-testid="pool-link-created"
      extra={
        <div className={styles.created}>
          <Alert type="warning" showIcon title={t('created.once')} />
          <Input.TextArea
            readOnly
            value={created.link}
            autoSize={{ minRows: 2, maxRows: 4 }}
            aria-label={t('created.linkLabel')}
            className={styles.link}
            data-testid="pool-link-url"
            onFocus={(event) => event.currentTarget.select()}
          />
          <div className={styles.createdButtons}>
            <Button type="primary" onClick={() => void handleCopy()} data-testid="pool-link-copy">
              {isCopied ? t('created.copiedButton') : t('created.copy')}
            </Button>
            <Button onClick={onClose} data-testid="pool-link-close">
              {t('created.close')}
            </Button>
          </div>
        </div>
      }
    />
  );
}
