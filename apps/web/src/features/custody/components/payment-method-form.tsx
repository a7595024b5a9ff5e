import { custodyBillingLimits, type CustodyAccount, type CustodyPaymentMethod, type CustodyPaymentMethodView } from '@coffer/contract';
import { Alert, Button, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/http/error-text';
import { saveCustodyPaymentMethod } from '../api/custody-billing';
import { BankDetails } from './bank-details';
import common from './custody-console.module.css';
import styles from './custody-billing.module.css';

interface DeductionRow {
  key: number;
  accountId?: string;
  coin?: string;
}

/**
 * The organisation's payment method: bank wire, or deduction from (account, coin) pairs in the
 * order chosen (first tried first), reordered with up and down. Saved through the contract's
 * endpoint by a member who may (`canEdit`); anyone else sees it read-only.
 */
export function PaymentMethodForm({
  current,
  accounts,
  coins,
  canEdit,
  onSaved,
}: {
  current: CustodyPaymentMethodView;
  accounts: CustodyAccount[];
  coins: string[];
  canEdit: boolean;
  onSaved: (saved: CustodyPaymentMethodView) => void;
}) {
  const { t } = useTranslation('custodyBilling');
  const [method, setMethod] = useState<CustodyPaymentMethod>(current.method);
  const [rows, setRows] = useState<DeductionRow[]>(() =>
    current.deductions.map((deduction, index) => ({ key: index, accountId: deduction.accountId, coin: deduction.coin })),
  );
  const [nextKey, setNextKey] = useState(current.deductions.length);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);

  const change = (next: DeductionRow[]) => {
    setRows(next);
    setRefusal(null);
  };
  const move = (index: number, by: -1 | 1) => {
    const target = index + by;
    const moved = [...rows];
    const [row] = moved.splice(index, 1);
    if (!row || target < 0 || target > rows.length - 1) return;
    moved.splice(target, 0, row);
    change(moved);
  };
  const patch = (index: number, values: Partial<DeductionRow>) =>
    change(rows.map((row, at) => (at === index ? { ...row, ...values } : row)));
  const add = () => {
    change([...rows, { key: nextKey }]);
    setNextKey(nextKey + 1);
  };

  const handleSave = async () => {
    if (method === 'deduction' && rows.length === 0) return setRefusal(t('payment.needOne'));
    if (method === 'deduction' && rows.some((row) => !row.accountId || !row.coin)) return setRefusal(t('payment.incomplete'));
    setSaving(true);
    setRefusal(null);
    try {
      const deductions = method === 'deduction' ? rows.map((row) => ({ accountId: row.accountId ?? '', coin: row.coin ?? '' })) : [];
      onSaved(await saveCustodyPaymentMethod({ method, deductions }));
    } catch (error) {
      setRefusal(errorText(error, t('payment.saveFailed')));
    } finally {
      setSaving(false);
    }
  };

  const isFull = rows.length >= custodyBillingLimits.deductionsMax;
  return (
    <div className={common.stack} data-testid="payment-form">
      <Radio.Group
        value={method}
        disabled={!canEdit}
        onChange={(event) => {
          setMethod(event.target.value as CustodyPaymentMethod);
          setRefusal(null);
        }}
        optionType="button"
        buttonStyle="solid"
        aria-label={t('payment.method')}
        options={[
          { value: 'wire', label: t('methods.wire') },
          { value: 'deduction', label: t('methods.deduction') },
        ]}
        data-testid="payment-method"
      />
      {method === 'deduction' ? (
        <section aria-label={t('payment.accountsTitle')} data-testid="payment-deductions">
          <p className={styles.sourcesTitle}>{t('payment.accountsTitle')}</p>
          {rows.map((row, index) => (
            <div key={row.key} className={styles.deductionRow} data-testid="deduction-row">
              <span className={styles.rank}>{index + 1}.</span>
              <Select
                className={styles.accountSelect}
                disabled={!canEdit}
                placeholder={t('payment.chooseAccount')}
                aria-label={`${t('payment.account')} ${index + 1}`}
                value={row.accountId}
                onChange={(value: string) => patch(index, { accountId: value })}
                options={accounts.map((account) => ({ value: account.id, label: account.name }))}
                id={`deduction-account-${row.key}`}
                data-testid={`deduction-account-${index + 1}`}
              />
              <Select
                className={styles.coinSelect}
                disabled={!canEdit}
                showSearch
                placeholder={t('payment.chooseCoin')}
                aria-label={`${t('payment.coin')} ${index + 1}`}
                value={row.coin}
                onChange={(value: string) => patch(index, { coin: value })}
                options={coins.map((coin) => ({ value: coin, label: coin }))}
                id={`deduction-coin-${row.key}`}
                data-testid={`deduction-coin-${index + 1}`}
              />
              {canEdit ? (
                <>
                  <Button
                    size="small"
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                    aria-label={`${t('payment.up')} ${index + 1}`}
                  >
                    ↑
                  </Button>
                  <Button
                    size="small"
                    disabled={index === rows.length - 1}
                    onClick={() => move(index, 1)}
                    aria-label={`${t('payment.down')} ${index + 1}`}
                  >
                    ↓
                  </Button>
                  <Button size="small" danger type="text" onClick={() => change(rows.filter((_row, at) => at !== index))}>
                    {t('payment.remove')}
                  </Button>
                </>
              ) : null}
            </div>
          ))}
          {canEdit ? (
            <>
              <Button onClick={add} disabled={isFull} data-testid="deduction-add">
                {t('payment.add')}
              </Button>
              {isFull ? <p className={common.muted}>{t('payment.max', { count: custodyBillingLimits.deductionsMax })}</p> : null}
            </>
          ) : null}
        </section>
      ) : (
        <BankDetails bank={current.bank} />
      )}
      {refusal ? <Alert type="error" showIcon title={refusal} role="alert" data-testid="payment-refusal" /> : null}
      {canEdit ? (
        <div>
          <Button type="primary" loading={isSaving} onClick={() => void handleSave()} data-testid="payment-save">
            {t('payment.save')}
          </Button>
        </div>
      ) : (
        <p className={common.muted} data-testid="payment-read-only">
          {t('payment.readOnly')}
        </p>
      )}
    </div>
  );
}
