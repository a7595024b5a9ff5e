import {
  checkCustodyNote,
  custodyLimits,
  errorCatalogue,
  errorMessage,
  type CustodyAccountBalances,
  type CustodyInternalMove,
} from '@coffer/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Select, Skeleton } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currenciesQuery } from '../../../shared/api/get-currencies';
import { amountProblem, normalizeAmountInput } from '../../../shared/format/amount-input';
import { formatExactAmount } from '../../../shared/format/figures';
import { ApiError } from '../../../shared/http/http-client';
import { newRequestId } from '../../../shared/http/request-id';
import { useLanguage } from '../../../shared/i18n/use-language';
import { DialogButtons, DialogError } from '../../../shared/ui/dialog-parts';
import { showToast } from '../../../shared/ui/toast-store';
import { useSingleSubmit } from '../../../shared/ui/use-single-submit';
import { custodyBalancesQuery, custodyMoneyRoot } from '../api/custody-balances';
import { moveBetweenCustodyAccounts } from '../api/custody-internal-move';
import { showRefusal, type FieldPath } from './config-refusal';
import { useAccountLabel } from './money-parts';
import styles from './custody-money.module.css';
import common from './custody-console.module.css';
import { ConsoleRead } from './custody-load-error';

/** Where a move starts when the dialog opens: an account and a coin chosen beforehand (an asset report row), or none. */
export interface MoveStart {
  fromAccountId?: string;
  coin?: string;
}

interface MoveValues {
  fromAccountId?: string;
  toAccountId?: string;
  coin?: string;
  amount: string;
  note: string;
}

const moveFields = ['fromAccountId', 'toAccountId', 'coin', 'amount', 'note'] as const;
/** Refusals that name no field but belong to one. */
const fieldByCode = new Map<number, FieldPath>([
  [errorCatalogue.insufficientBalance.code, ['amount']],
  [errorCatalogue.custodyAmountInvalid.code, ['amount']],
  [errorCatalogue.custodyMoveSameAccount.code, ['toAccountId']],
  [errorCatalogue.custodyNoteTooLong.code, ['note']],
  [errorCatalogue.coinNotSupported.code, ['coin']],
]);

/**
 * An internal move between two of the organisation's custody accounts (hot ↔ cold): from, to,
 * coin, amount (a decimal string, at most what the source account has available), a note of at
 * most 150 characters. One request id is made per opening, so a double click or a retry moves
 * once. The server's refusals show at their field (a short balance at the amount, the same
 * account at the destination); others in the dialog.
 */
export function InternalMoveDialog({
  start,
  opening,
  onClose,
  onMoved,
}: {
  /** Open when given. */
  start: MoveStart | null;
  /** Counts the openings: each one is a fresh form with its own request id, whatever the closing animation keeps. */
  opening: number;
  onClose: () => void;
  onMoved: (move: CustodyInternalMove) => void;
}) {
  const { t } = useTranslation('custodyMoney');
  return (
    <Modal
      open={start !== null}
      title={t('move.title')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
      width={600}
    >
      <MoveBody key={opening} start={start ?? {}} onClose={onClose} onMoved={onMoved} />
    </Modal>
  );
}

function MoveBody({ start, onClose, onMoved }: { start: MoveStart; onClose: () => void; onMoved: (move: CustodyInternalMove) => void }) {
  const { t } = useTranslation('custodyMoney');
  const balances = useQuery(custodyBalancesQuery);
  const currencies = useQuery(currenciesQuery);

  const loading = (
    <div data-testid="move-loading">
      <Skeleton active paragraph={{ rows: 6 }} />
    </div>
  );
  return (
    <ConsoleRead reads={[balances, currencies]} loading={loading} errorTestId="move-load-error">
      {({ accounts }, currencyList) =>
        accounts.length < 2 ? (
          <div className={styles.moveNone} data-testid="move-needs-two">
            <p>{t('move.needTwoAccounts')}</p>
            <Button onClick={onClose}>{t('common.close')}</Button>
          </div>
        ) : (
          <MoveForm
            accounts={accounts}
            scales={new Map(currencyList.map((currency) => [currency.coin, currency.scale]))}
            start={start}
            onClose={onClose}
            onMoved={onMoved}
          />
        )
      }
    </ConsoleRead>
  );
}

/** Where a move goes by default: another account, of the other storage kind when there is one (hot ↔ cold). */
function defaultDestination(accounts: CustodyAccountBalances[], from: CustodyAccountBalances | undefined): string | undefined {
  const others = accounts.filter((account) => account.accountId !== from?.accountId);
  return (others.find((account) => account.kind !== from?.kind) ?? others[0])?.accountId;
}

/** The coin a move starts with: the one asked for, else the first the account has available. */
function defaultCoin(account: CustodyAccountBalances | undefined, wanted: string | undefined): string | undefined {
  const assets = account?.assets ?? [];
  return (assets.find((asset) => asset.coin === wanted) ?? assets.find((asset) => asset.available !== '0') ?? assets[0])?.coin;
}

function MoveForm({
  accounts,
  scales,
  start,
  onClose,
  onMoved,
}: {
  accounts: CustodyAccountBalances[];
  scales: ReadonlyMap<string, number>;
  start: MoveStart;
  onClose: () => void;
  onMoved: (move: CustodyInternalMove) => void;
}) {
  const { t } = useTranslation('custodyMoney');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const accountLabel = useAccountLabel();
  const [form] = Form.useForm<MoveValues>();
  const [refusal, setRefusal] = useState<string | null>(null);
  // Once per opening: every submission of this dialog is the same move.
  const [requestId] = useState(newRequestId);

  const [initial] = useState<MoveValues>(() => {
    const from = accounts.find((account) => account.accountId === start.fromAccountId) ?? accounts[0];
    return {
      fromAccountId: from?.accountId,
      toAccountId: defaultDestination(accounts, from),
      coin: defaultCoin(from, start.coin),
      amount: '',
      note: '',
    };
  });
  const fromId = Form.useWatch('fromAccountId', form) ?? initial.fromAccountId;
  const coin = Form.useWatch('coin', form) ?? initial.coin;
  const from = accounts.find((account) => account.accountId === fromId);
  const holding = from?.assets.find((asset) => asset.coin === coin);
  const scale = coin ? scales.get(coin) : undefined;
  const held = (amount: string, asset: string) => `${formatExactAmount(asset, amount, language)} ${asset}`;

  const handleValuesChange = (changed: Partial<MoveValues>) => {
    if (changed.fromAccountId === undefined) return;
    const next = accounts.find((account) => account.accountId === changed.fromAccountId);
    const update: Partial<MoveValues> = {};
    if (!next?.assets.some((asset) => asset.coin === form.getFieldValue('coin'))) update.coin = defaultCoin(next, undefined);
    if (form.getFieldValue('toAccountId') === changed.fromAccountId) update.toAccountId = defaultDestination(accounts, next);
    form.setFieldsValue(update);
    if (form.getFieldValue('amount')) void form.validateFields(['amount']).catch(() => undefined);
  };

  const amountText = (value: string): string | null => {
    if (!coin || scale === undefined) return value.trim() === '' ? t('move.amountRequired') : null;
    const problem = amountProblem(value, scale, holding?.available ?? '0');
    switch (problem) {
      case null:
        return null;
      case 'required':
        return t('move.amountRequired');
      case 'notNumber':
        return t('move.amountNotNumber');
      case 'tooManyDecimals':
        return t('move.amountTooManyDecimals', { decimals: scale, coin });
      case 'notPositive':
        return t('move.amountNotPositive');
      case 'overAvailable':
        return t('move.amountOverAvailable', { amount: held(holding?.available ?? '0', coin) });
    }
  };

  const { isPending, submit } = useSingleSubmit(async (values: MoveValues) => {
    setRefusal(null);
    try {
      onMoved(
        await moveBetweenCustodyAccounts({
          requestId,
          fromAccountId: values.fromAccountId ?? '',
          toAccountId: values.toAccountId ?? '',
          coin: values.coin ?? '',
          amount: values.amount.trim(),
          note: values.note,
        }),
      );
    } catch (error) {
      setRefusal(showRefusal(form, error, { fields: moveFields, byCode: fieldByCode }));
      // The balance moved meanwhile: show what is available now.
      if (error instanceof ApiError && error.code === errorCatalogue.insufficientBalance.code) {
        void queryClient.invalidateQueries({ queryKey: custodyBalancesQuery.queryKey });
      }
      throw error;
    }
  });

  return (
    <Form<MoveValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={initial}
      onValuesChange={handleValuesChange}
      onFinish={submit}
      data-testid="move-form"
    >
      <p className={common.intro}>{t('move.intro')}</p>
      <DialogError message={refusal} testId="move-form-error" />
      <Form.Item name="fromAccountId" label={t('move.from')} rules={[{ required: true, message: t('move.fromRequired') }]}>
        <Select
          placeholder={t('move.accountPlaceholder')}
          options={accounts.map((account) => ({ value: account.accountId, label: accountLabel(account) }))}
          data-testid="move-from"
        />
      </Form.Item>
      <Form.Item
        name="toAccountId"
        label={t('move.to')}
        dependencies={['fromAccountId']}
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              if (!value) throw new Error(t('move.toRequired'));
              if (value === form.getFieldValue('fromAccountId')) throw new Error(errorMessage('custodyMoveSameAccount', language));
            },
          },
        ]}
      >
        <Select
          placeholder={t('move.accountPlaceholder')}
          options={accounts.map((account) => ({
            value: account.accountId,
            label: accountLabel(account),
            disabled: account.accountId === fromId,
          }))}
          data-testid="move-to"
        />
      </Form.Item>
      <Form.Item
        name="coin"
        label={t('move.coin')}
        rules={[{ required: true, message: t('move.coinRequired') }]}
        extra={from && from.assets.length === 0 ? <span data-testid="move-nothing-held">{t('move.nothingHeld')}</span> : undefined}
      >
        <Select
          placeholder={t('move.coinPlaceholder')}
          options={(from?.assets ?? []).map((asset) => ({ value: asset.coin, label: asset.coin }))}
          onChange={() => {
            if (form.getFieldValue('amount')) void form.validateFields(['amount']).catch(() => undefined);
          }}
          data-testid="move-coin"
        />
      </Form.Item>
      <Form.Item
        name="amount"
        label={t('move.amount')}
        dependencies={['fromAccountId', 'coin']}
        normalize={(value: string | undefined) => normalizeAmountInput(value ?? '')}
        extra={
          coin && holding ? (
            <span className={styles.available} data-testid="move-available">
              {t('move.available', { amount: held(holding.available, coin) })}
            </span>
          ) : undefined
        }
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              const problem = amountText(value ?? '');
              if (problem) throw new Error(problem);
            },
          },
        ]}
      >
        <Input
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('move.amountPlaceholder')}
          data-testid="move-amount"
          suffix={
            <span className={styles.amountSuffix}>
              <span>{coin}</span>
              <Button
                type="link"
                size="small"
                disabled={!holding || holding.available === '0'}
                onClick={() => {
                  if (!holding) return;
                  form.setFieldValue('amount', holding.available);
                  void form.validateFields(['amount']).catch(() => undefined);
                }}
                data-testid="move-max"
              >
                {t('move.max')}
              </Button>
            </span>
          }
        />
      </Form.Item>
      <Form.Item
        name="note"
        label={t('move.note')}
        rules={[
          {
            validator: async (_rule, value: string | undefined) => {
              if (checkCustodyNote(value ?? ''))
                throw new Error(errorMessage('custodyNoteTooLong', language, { max: custodyLimits.noteMaxChars }));
            },
          },
        ]}
      >
        <Input.TextArea
          rows={2}
          placeholder={t('move.notePlaceholder')}
          count={{ show: true, max: custodyLimits.noteMaxChars }}
          data-testid="move-note"
        />
      </Form.Item>
      <DialogButtons
        isPending={isPending}
        onCancel={onClose}
        cancelText={t('common.cancel')}
        submitText={t('move.submit')}
        submitTestId="move-submit"
      />
    </Form>
  );
}

/**
 * The move dialog where a page offers it: `open` it (with an account and coin chosen, or not);
 * a done move is toasted and refreshes the balances, the asset report and the transfer history.
 */
export function useInternalMove(): { open: (start?: MoveStart) => void; dialog: ReactNode } {
  const { t } = useTranslation('custodyMoney');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [start, setStart] = useState<MoveStart | null>(null);
  const [opening, setOpening] = useState(0);

  const handleMoved = (move: CustodyInternalMove) => {
    setStart(null);
    const { out } = move;
    showToast(
      'success',
      t('move.moved', {
        amount: `${formatExactAmount(out.coin, out.quantity, language)} ${out.coin}`,
        from: move.out.accountName,
        to: move.in.accountName,
      }),
    );
    void queryClient.invalidateQueries({ queryKey: custodyMoneyRoot });
  };

  return {
    open: (next = {}) => {
      setOpening((count) => count + 1);
      setStart(next);
    },
    dialog: <InternalMoveDialog start={start} opening={opening} onClose={() => setStart(null)} onMoved={handleMoved} />,
  };
}
