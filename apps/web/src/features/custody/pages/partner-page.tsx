import { errorCatalogue, isEmailAddress, type CustodyPartnerLink, type CustodyPartnerLinked } from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Form, Input, Result, Skeleton } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { errorText } from '../../../shared/http/error-text';
import { isRetryable } from '../../../shared/http/retryable';
import { useChainName } from '../../../shared/i18n/chain-names';
import { PublicCardPage } from '../../../shared/ui/public-card';
import { AntdProvider } from '../../../shared/ui/antd-provider';
import { useSingleSubmit } from '../../../shared/ui/use-single-submit';
import { confirmPartnerLink, partnerLinkQuery } from '../api/partner-link';
import { showRefusal, type FieldPath } from '../components/config-refusal';
import { CopyableValue, PartnerLinkFacts, PayoutDestination } from '../components/partner-link-parts';
import styles from '../components/partner-link.module.css';

interface ConfirmValues {
  payoutAddress: string;
  email: string;
  isConfirmed: boolean;
}

const confirmFields = ['payoutAddress', 'email'] as const;
const fieldByCode = new Map<number, FieldPath>([
  [errorCatalogue.invalidAddress.code, ['payoutAddress']],
  [errorCatalogue.burnAddressRefused.code, ['payoutAddress']],
  [errorCatalogue.custodyPoolAddressTaken.code, ['payoutAddress']],
  [errorCatalogue.emailOrPhoneFormat.code, ['email']],
]);

/** The link's secret: the address's fragment (`#<token>`), which a browser never sends to a server. */
function tokenOf(hash: string): string {
  return decodeURIComponent(hash.replace(/^#/, '')).trim();
}

function Frame({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <AntdProvider>
      <PublicCardPage title={title} subtitle={subtitle} testId="custody-partner-page" isWide>
        {children}
      </PublicCardPage>
    </AntdProvider>
  );
}

function ConfirmForm({
  token,
  link,
  onLinked,
}: {
  token: string;
  link: CustodyPartnerLink;
  onLinked: (linked: CustodyPartnerLinked) => void;
}) {
  const { t } = useTranslation('custodyPool');
  const chainName = useChainName();
  const [form] = Form.useForm<ConfirmValues>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { isPending, submit } = useSingleSubmit(async (values: ConfirmValues) => {
    setRefusal(null);
    try {
      onLinked(await confirmPartnerLink({ token, payoutAddress: values.payoutAddress.trim(), email: values.email.trim() }));
    } catch (error) {
      setRefusal(showRefusal(form, error, { fields: confirmFields, byCode: fieldByCode }));
      throw error;
    }
  });
  return (
    <Form<ConfirmValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ payoutAddress: '', email: '', isConfirmed: false }}
      onFinish={submit}
      className={styles.form}
      data-testid="partner-form"
    >
      <h2 className={styles.sectionTitle}>{t('partner.formTitle')}</h2>
      {refusal ? (
        <Alert type="error" showIcon role="alert" title={refusal} className={styles.refusal} data-testid="partner-refusal" />
      ) : null}
      <Form.Item
        name="payoutAddress"
        label={t('partner.payoutAddress')}
        extra={t('partner.payoutHelp', { coin: link.coin, network: chainName(link.chain) })}
        rules={[{ required: true, whitespace: true, message: t('partner.payoutRequired') }]}
      >
        <Input autoComplete="off" spellCheck={false} placeholder={t('partner.payoutPlaceholder')} data-testid="partner-payout" />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('partner.email')}
        extra={t('partner.emailHelp')}
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              if (!isEmailAddress((value ?? '').trim())) throw new Error(t('partner.emailInvalid'));
            },
          },
        ]}
      >
        <Input type="email" autoComplete="email" placeholder="payouts@pool.example" data-testid="partner-email" />
      </Form.Item>
      <Form.Item
        name="isConfirmed"
        valuePropName="checked"
        rules={[
          { validator: async (_rule, value: boolean) => (value ? undefined : Promise.reject(new Error(t('partner.confirmRequired')))) },
        ]}
      >
        <Checkbox data-testid="partner-confirm-check">
          {t('partner.confirmText', { organisation: link.organisationName, account: link.accountName })}
        </Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={isPending} data-testid="partner-submit">
        {t('partner.submit')}
      </Button>
    </Form>
  );
}

/**
 * A mining-pool partner's page (issue 17 item 11), without a login: the link's secret (in the
 * address's fragment) shows whose custody account the partner pays into and the deposit address
 * payouts must go to; the partner gives the address it pays out from and a contact e-mail and
 * confirms, which links it once. A link that does not work is told in one sentence that names
 * no organisation.
 */
export function PartnerPage() {
  const { t, ready } = useTranslation('custodyPool');
  const location = useLocation();
  const token = tokenOf(location.hash);
  const link = useQuery({ ...partnerLinkQuery(token), enabled: token !== '' });
  const [linked, setLinked] = useState<CustodyPartnerLinked | null>(null);

  if (!ready) return null;

  if (token === '') {
    return (
      <Frame title={t('partner.title')}>
        <Result status="warning" title={t('partner.noToken')} subTitle={t('partner.noTokenText')} data-testid="partner-no-token" />
      </Frame>
    );
  }
  if (linked) {
    return (
      <Frame title={t('partner.linkedTitle')}>
        <Result
          status="success"
          title={t('partner.linkedText', { partner: linked.partnerName, organisation: linked.organisationName })}
          data-testid="partner-linked"
        />
        <div className={styles.stack}>
          <div className={styles.payout}>
            <span className={styles.label}>{t('partner.payoutAddress')}</span>
            <CopyableValue value={linked.payoutAddress} label={t('partner.payoutAddress')} testId="partner-linked-payout" />
          </div>
          <PayoutDestination link={linked} />
          <PartnerLinkFacts link={linked} />
        </div>
      </Frame>
    );
  }
  if (link.isPending) {
    return (
      <Frame title={t('partner.title')}>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Frame>
    );
  }
  if (link.isError) {
    const message = errorText(link.error, t('partner.loadFailed')) ?? t('partner.loadFailed');
    return (
      <Frame title={t('partner.title')}>
        <Result
          status={isRetryable(link.error) ? 'warning' : 'error'}
          title={isRetryable(link.error) ? t('partner.loadFailed') : t('partner.invalidTitle')}
          subTitle={message}
          data-testid="partner-error"
          extra={
            isRetryable(link.error) ? (
              <Button type="primary" onClick={() => void link.refetch()}>
                {t('partner.retry')}
              </Button>
            ) : null
          }
        />
      </Frame>
    );
  }
  return (
    <Frame
      title={t('partner.title')}
      subtitle={t('partner.intro', { organisation: link.data.organisationName, partner: link.data.partnerName })}
    >
      <div className={styles.stack}>
        <PartnerLinkFacts link={link.data} />
        <PayoutDestination link={link.data} />
        <ConfirmForm token={token} link={link.data} onLinked={setLinked} />
      </div>
    </Frame>
  );
}

export default PartnerPage;
