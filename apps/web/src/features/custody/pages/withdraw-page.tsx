import { checkCustodyNote, custodyLimits, errorCatalogue, type CustodyOrderDraft, type CustodyOrderLine } from '@coffer/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Form, Input, Select, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { currenciesQuery } from '../../../shared/api/get-currencies';
import { amountProblem, normalizeAmountInput } from '../../../shared/format/amount-input';
import { errorText } from '../../../shared/http/error-text';
import { newRequestId } from '../../../shared/http/request-id';
import { useChainName } from '../../../shared/i18n/chain-names';
import { pathTo } from '../../../shared/routes';
import { DialogButtons, DialogError } from '../../../shared/ui/dialog-parts';
import { TableEmpty } from '../../../shared/ui/table-empty';
import { showToast } from '../../../shared/ui/toast-store';
import { useSingleSubmit } from '../../../shared/ui/use-single-submit';
import { custodyAccountsQuery } from '../api/custody-accounts';
import { custodyMeQuery } from '../api/custody-me';
import { custodyNetworksQuery } from '../api/custody-networks';
import { custodyDryRunQuery, custodyOrderCalls, custodyOrderLinesQuery, custodyOrdersRoot } from '../api/custody-orders';
import { showRefusal, type FieldPath } from '../components/config-refusal';
import { ConsoleRead } from '../components/custody-load-error';
import { LineSummary } from '../components/line-summary';
import { OrderPageFrame, PolicyAnswerView } from '../components/order-parts';
import layout from '../../../shared/ui/form-page-layout.module.css';
import styles from '../components/custody-orders.module.css';

interface WithdrawValues {
  lineId?: string;
  accountId?: string;
  coin?: string;
  chain?: string;
  amount: string;
  address: string;
  tag: string;
  note: string;
}

const withdrawFields = ['lineId', 'accountId', 'coin', 'chain', 'amount', 'address', 'tag', 'note'] as const;
/** The policy engine's refusals belong to the field whose value the rule judged. */
const fieldByCode = new Map<number, FieldPath>([
  [errorCatalogue.custodyPolicyAssetNotAllowed.code, ['coin']],
  [errorCatalogue.custodyPolicyNotWhitelisted.code, ['address']],
  [errorCatalogue.custodyPolicyCoolingPeriod.code, ['address']],
  [errorCatalogue.custodyPolicyPerTransactionLimit.code, ['amount']],
  [errorCatalogue.custodyPolicyDayLimit.code, ['amount']],
  [errorCatalogue.custodyPolicyWeekLimit.code, ['amount']],
  [errorCatalogue.custodyPolicyMonthLimit.code, ['amount']],
  [errorCatalogue.custodyPolicyReviewersBelowMinimum.code, ['lineId']],
  [errorCatalogue.custodyAmountInvalid.code, ['amount']],
  [errorCatalogue.insufficientBalance.code, ['amount']],
  [errorCatalogue.custodyNoteTooLong.code, ['note']],
]);

const dryRunDelayMs = 400;
const emptyValues: WithdrawValues = { amount: '', address: '', tag: '', note: '' };

/** The value after `delayMs` without change: the dry run asks once the typing stops. */
function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
    // The key stands for the value: a new object with the same content does not restart the wait.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, delayMs]);
  return settled;
}

/**
 * Single withdrawal (spec §2 "deposit and withdraw", issue 18 items 1, 4, 5): business line,
 * custody account, coin and network, amount (decimal text), recipient address, tag/memo where
 * the network takes one, a note of at most 150 characters. A live dry run beside the form
 * answers what the policy engine would: pass, held or refused with the rule, the line's limit
 * windows and who may approve. One request id per form, so a double click or a retry submits
 * once; the server's refusals show at their field.
 */
export function WithdrawPage() {
  const { t, ready } = useTranslation('custodyOrders');
  const lines = useQuery(custodyOrderLinesQuery);
  const accounts = useQuery(custodyAccountsQuery);
  const networks = useQuery(custodyNetworksQuery);
  const currencies = useQuery(currenciesQuery);

  if (!ready) return <Skeleton active paragraph={{ rows: 8 }} />;

  const loading = (
    <div data-testid="withdraw-loading">
      <Skeleton active paragraph={{ rows: 8 }} />
    </div>
  );
  const body = (
    <ConsoleRead reads={[lines, accounts, networks, currencies]} loading={loading} errorTestId="withdraw-load-error">
      {(lineList, accountList, networkList, currencyList) =>
        lineList.length === 0 || accountList.length === 0 ? (
          <div data-testid="withdraw-unavailable">
            <TableEmpty text={lineList.length === 0 ? t('withdraw.noLines') : t('withdraw.noAccounts')}>
              <Link to={pathTo('custodyWithdrawOrders')}>{t('withdraw.toOrders')}</Link>
            </TableEmpty>
          </div>
        ) : (
          <WithdrawForm
            lines={lineList}
            accounts={accountList}
            networks={networkList}
            scales={new Map(currencyList.map((currency) => [currency.coin, currency.scale]))}
          />
        )
      }
    </ConsoleRead>
  );

  return (
    <OrderPageFrame title={t('withdraw.title')} testId="custody-withdraw-page">
      {body}
    </OrderPageFrame>
  );
}

function WithdrawForm({
  lines,
  accounts,
  networks,
  scales,
}: {
  lines: CustodyOrderLine[];
  accounts: { id: string; name: string }[];
  networks: { coin: string; chains: { chain: string; needsMemo: boolean }[] }[];
  scales: ReadonlyMap<string, number>;
}) {
  const { t } = useTranslation('custodyOrders');
  const chainName = useChainName();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useQuery(custodyMeQuery);
  const [form] = Form.useForm<WithdrawValues>();
  const [refusal, setRefusal] = useState<string | null>(null);
  // Once per form: every submission of this form is the same order.
  const [requestId] = useState(newRequestId);

  const values = (Form.useWatch([], form) as WithdrawValues | undefined) ?? emptyValues;
  // The line decides which accounts pay and which coins go: the choices narrow to it once chosen.
  const line = lines.find((each) => each.id === values.lineId);
  const lineAccounts = line ? accounts.filter((account) => line.accountIds.includes(account.id)) : accounts;
  const lineNetworks = line ? networks.filter((network) => line.currencies.includes(network.coin)) : networks;
  const chains = networks.find((network) => network.coin === values.coin)?.chains ?? [];
  const takesTag = chains.some((option) => option.chain === values.chain && option.needsMemo);
  const scale = values.coin ? scales.get(values.coin) : undefined;

  const amountMessage = (value: string): string | null => {
    if (scale === undefined) return value.trim() === '' ? t('withdraw.amountRequired') : null;
    switch (amountProblem(value, scale)) {
      case null:
      case 'overAvailable':
        return null;
      case 'required':
        return t('withdraw.amountRequired');
      case 'notNumber':
        return t('withdraw.amountNotNumber');
      case 'tooManyDecimals':
        return t('withdraw.amountTooManyDecimals', { decimals: scale, coin: values.coin });
      case 'notPositive':
        return t('withdraw.amountNotPositive');
    }
  };

  const draftOf = (current: WithdrawValues): CustodyOrderDraft | null => {
    const { lineId, accountId, coin, chain } = current;
    if (!lineId || !accountId || !coin || !chain) return null;
    if (!current.amount || amountMessage(current.amount) || !current.address?.trim()) return null;
    return {
      lineId,
      accountId,
      coin,
      chain,
      amount: current.amount.trim(),
      address: current.address.trim(),
      tag: takesTag ? (current.tag ?? '').trim() : '',
      note: (current.note ?? '').trim(),
    };
  };
  const draft = useDebounced(draftOf(values), dryRunDelayMs);
  const dryRun = useQuery(custodyDryRunQuery(draft));

  const { isPending, submit } = useSingleSubmit(async (submitted: WithdrawValues) => {
    setRefusal(null);
    const body = draftOf(submitted);
    if (!body) return;
    try {
      const detail = await custodyOrderCalls.submit({ ...body, requestId });
      void queryClient.invalidateQueries({ queryKey: custodyOrdersRoot });
      showToast('success', t('withdraw.submitted', { serialNo: detail.order.serialNo }));
      void navigate(pathTo('custodyWithdrawReview', { orderId: detail.order.id }));
    } catch (error) {
      setRefusal(showRefusal(form, error, { fields: withdrawFields, byCode: fieldByCode }));
      throw error;
    }
  });

  /** A new line keeps the account and coin only where it carries them. */
  const handleLine = (lineId: string) => {
    const next = lines.find((each) => each.id === lineId);
    if (!next) return;
    const { accountId, coin } = form.getFieldsValue(['accountId', 'coin']) as Pick<WithdrawValues, 'accountId' | 'coin'>;
    if (accountId && !next.accountIds.includes(accountId)) form.setFieldValue('accountId', undefined);
    if (coin && !next.currencies.includes(coin)) form.setFieldsValue({ coin: undefined, chain: undefined, tag: '' });
  };

  const handleCoin = (coin: string) => {
    const first = networks.find((network) => network.coin === coin)?.chains[0];
    form.setFieldsValue({ chain: first?.chain, tag: '' });
    if (form.getFieldValue('amount')) void form.validateFields(['amount']).catch(() => undefined);
  };

  let dryRunView;
  if (!draft) {
    dryRunView = <p className={styles.muted}>{t('withdraw.dryRunWaiting')}</p>;
  } else if (dryRun.isError && !dryRun.data) {
    dryRunView = <DialogError message={errorText(dryRun.error, t('common.loadFailed'))} testId="dry-run-error" />;
  } else if (!dryRun.data) {
    dryRunView = <Skeleton active paragraph={{ rows: 3 }} />;
  } else {
    dryRunView = <PolicyAnswerView answer={dryRun.data} coin={draft.coin} isDraft />;
  }

  return (
    <div className={layout.layout}>
      <Card className={layout.main}>
        <p className={styles.intro}>{t('withdraw.intro')}</p>
        <Form<WithdrawValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ ...emptyValues, lineId: lines.length === 1 ? lines[0]?.id : undefined }}
          onFinish={submit}
          data-testid="withdraw-form"
        >
          <DialogError message={refusal} testId="withdraw-form-error" />
          <Form.Item name="lineId" label={t('withdraw.line')} rules={[{ required: true, message: t('withdraw.lineRequired') }]}>
            <Select
              placeholder={t('withdraw.linePlaceholder')}
              options={lines.map((each) => ({ value: each.id, label: each.name }))}
              onChange={handleLine}
              data-testid="withdraw-line"
            />
          </Form.Item>
          <Form.Item name="accountId" label={t('withdraw.account')} rules={[{ required: true, message: t('withdraw.accountRequired') }]}>
            <Select
              placeholder={t('withdraw.accountPlaceholder')}
              options={lineAccounts.map((account) => ({ value: account.id, label: account.name }))}
              data-testid="withdraw-account"
            />
          </Form.Item>
          <div className={styles.actions}>
            <Form.Item name="coin" label={t('withdraw.coin')} rules={[{ required: true, message: t('withdraw.coinRequired') }]}>
              <Select
                showSearch
                className={styles.filterNarrow}
                placeholder={t('withdraw.coinPlaceholder')}
                options={lineNetworks.map((network) => ({ value: network.coin, label: network.coin }))}
                onChange={handleCoin}
                data-testid="withdraw-coin"
              />
            </Form.Item>
            <Form.Item name="chain" label={t('withdraw.chain')} rules={[{ required: true, message: t('withdraw.chainRequired') }]}>
              <Select
                className={styles.filterWide}
                placeholder={t('withdraw.chainPlaceholder')}
                options={chains.map((option) => ({ value: option.chain, label: chainName(option.chain) }))}
                onChange={() => form.setFieldValue('tag', '')}
                data-testid="withdraw-chain"
              />
            </Form.Item>
          </div>
          <Form.Item
            name="amount"
            label={t('withdraw.amount')}
            normalize={(value: string | undefined) => normalizeAmountInput(value ?? '')}
            rules={[
              {
                validator: async (_rule, value: string | undefined) => {
                  const problem = amountMessage(value ?? '');
                  if (problem) throw new Error(problem);
                },
              },
            ]}
          >
            <Input
              inputMode="decimal"
              autoComplete="off"
              placeholder={t('withdraw.amountPlaceholder')}
              suffix={<span>{values.coin ?? ''}</span>}
              data-testid="withdraw-amount"
            />
          </Form.Item>
          <Form.Item
            name="address"
            label={t('withdraw.address')}
            rules={[{ required: true, whitespace: true, message: t('withdraw.addressRequired') }]}
          >
            <Input autoComplete="off" spellCheck={false} placeholder={t('withdraw.addressPlaceholder')} data-testid="withdraw-address" />
          </Form.Item>
          {takesTag ? (
            <Form.Item
              name="tag"
              label={t('withdraw.tag')}
              extra={t('withdraw.tagHint')}
              rules={[{ pattern: /^\d{0,20}$/, message: t('withdraw.tagDigits') }]}
            >
              <Input autoComplete="off" inputMode="numeric" data-testid="withdraw-tag" />
            </Form.Item>
          ) : null}
          <Form.Item
            name="note"
            label={t('withdraw.note')}
            rules={[
              {
                validator: async (_rule, value: string | undefined) => {
                  if (checkCustodyNote(value ?? '')) throw new Error(t('withdraw.noteTooLong', { max: custodyLimits.noteMaxChars }));
                },
              },
            ]}
          >
            <Input.TextArea rows={2} count={{ show: true, max: custodyLimits.noteMaxChars }} data-testid="withdraw-note" />
          </Form.Item>
          <DialogButtons
            isPending={isPending}
            onCancel={() => void navigate(pathTo('custodyWithdrawOrders'))}
            cancelText={t('common.cancel')}
            submitText={t('withdraw.submit')}
            submitTestId="withdraw-submit"
          />
          {me.data && !me.data.permissions.includes('orders') ? <p className={styles.muted}>{t('withdraw.noPermission')}</p> : null}
        </Form>
      </Card>
      <Card className={layout.aside} data-testid="withdraw-dry-run">
        {line ? (
          <div className={styles.asideSection} data-testid="withdraw-line-summary">
            <h2 className={styles.panelTitle}>{line.name}</h2>
            <LineSummary line={line} coin={values.coin} />
          </div>
        ) : null}
        <h2 className={styles.panelTitle}>{t('withdraw.dryRunTitle')}</h2>
        <p className={styles.muted}>{t('withdraw.dryRunIntro')}</p>
        {dryRunView}
      </Card>
    </div>
  );
}

export default WithdrawPage;
