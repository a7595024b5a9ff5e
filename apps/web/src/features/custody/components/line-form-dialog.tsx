import {
  checkAdminEmail,
  checkLineName,
  checkReviewers,
  custodyLimits,
  errorCatalogue,
  errorMessage,
  type CustodyAccount,
  type CustodyChangeRequest,
  type CustodyLine,
  type CustodyMember,
} from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Modal, Select, type FormInstance, type FormRule } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currenciesQuery } from '../../../shared/api/get-currencies';
import { useLanguage } from '../../../shared/i18n/use-language';
import { custodyLineCalls } from '../api/custody-lines';
import { custodyNetworksQuery } from '../api/custody-networks';
import { showRefusal, type FieldPath } from './config-refusal';
import { DialogButtons, DialogError } from '../../../shared/ui/dialog-parts';
import { useSingleSubmit } from '../../../shared/ui/use-single-submit';
import { DestinationFields, destinationBodyOf, emptyDestination, type DestinationValues } from './destination-fields';
import {
  emptyLimit,
  isBelowPrevious,
  limitAmountProblem,
  limitPeriods,
  lineBodyOf,
  lineFields,
  lineFormValuesOf,
  type LimitPeriod,
  type LineFormValues,
} from './line-rules';
import styles from './custody-config.module.css';

/** Where a refusal without a field of the form belongs, by its code. */
const fieldByCode = new Map<number, FieldPath>([
  [errorCatalogue.custodyLineNameInvalid.code, ['name']],
  [errorCatalogue.custodyAdminEmailInvalid.code, ['adminEmail']],
  [errorCatalogue.custodyReviewersBelowMinimum.code, ['reviewerMemberIds']],
]);

/** The line to edit (null adds one), what its pickers offer, and what follows saving or cancelling. */
interface LineFormProps {
  line: CustodyLine | null;
  accounts: CustodyAccount[] | undefined;
  members: CustodyMember[] | undefined;
  /** `changeRequest`: the policy change an edit sent for approval (or applied at once), null when the policy did not change. */
  onSaved: (line: CustodyLine, mode: 'add' | 'edit', changeRequest: CustodyChangeRequest | null) => void;
  onCancel: () => void;
}

/**
 * Adds a business line or edits one (spec §3, §5): name, business-line admin e-mail, supported
 * currencies, custody accounts, minimum number of reviewers and the reviewers, withdrawal
 * limits per transaction, day, week and month per currency, and whitelist addresses. Every §5
 * rule of the contract is checked before sending; a refusal of the server stays in the dialog,
 * at its field (a whitelist row's address, a limit's row) where it has one. `line` null adds.
 */
export function LineFormDialog({ open, line, accounts, members, onSaved, onCancel }: { open: boolean } & LineFormProps) {
  const { t } = useTranslation('custodyConfig');
  return (
    <Modal
      open={open}
      title={line ? t('lines.form.editTitle') : t('lines.form.addTitle')}
      onCancel={onCancel}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
      width={980}
    >
      <LineForm line={line} accounts={accounts} members={members} onSaved={onSaved} onCancel={onCancel} />
    </Modal>
  );
}

function LineForm({ line, accounts, members, onSaved, onCancel }: LineFormProps) {
  const { t } = useTranslation('custodyConfig');
  const language = useLanguage();
  const [form] = Form.useForm<LineFormValues>();
  const [refusal, setRefusal] = useState<string | null>(null);
  const currencies = useQuery(currenciesQuery);
  const networks = useQuery(custodyNetworksQuery);

  const { isPending, submit } = useSingleSubmit(async (values: LineFormValues) => {
    setRefusal(null);
    const body = lineBodyOf(values, networks.data);
    try {
      if (line) {
        const edited = await custodyLineCalls.edit(line.id, body);
        onSaved(edited.line, 'edit', edited.changeRequest);
      } else onSaved(await custodyLineCalls.add(body), 'add', null);
    } catch (error) {
      setRefusal(showRefusal(form, error, { fields: lineFields, byCode: fieldByCode, rowField: { limits: 'asset' } }));
      throw error;
    }
  });

  const check = (problem: (value: string) => string | null): FormRule => ({
    validator: async (_rule, value: string | undefined) => {
      const text = problem(value ?? '');
      if (text) throw new Error(text);
    },
  });

  return (
    <Form<LineFormValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={lineFormValuesOf(line)}
      onFinish={submit}
      scrollToFirstError
      data-testid="line-form"
    >
      <DialogError message={refusal} testId="line-form-error" />
      <div className={styles.columns}>
        <Form.Item
          name="name"
          label={t('lines.form.name')}
          rules={[
            check((value) => {
              const key = checkLineName(value);
              return key ? errorMessage(key, language, { max: custodyLimits.lineNameMaxChars }) : null;
            }),
          ]}
        >
          <Input
            placeholder={t('lines.form.namePlaceholder')}
            count={{ show: true, max: custodyLimits.lineNameMaxChars }}
            data-testid="line-name"
          />
        </Form.Item>
        <Form.Item
          name="adminEmail"
          label={t('lines.form.adminEmail')}
          extra={t('lines.form.adminEmailHelp')}
          rules={[
            check((value) => {
              const key = checkAdminEmail(value);
              return key ? errorMessage(key, language) : null;
            }),
          ]}
        >
          <Input inputMode="email" autoComplete="off" placeholder="name@company.com" data-testid="line-admin-email" />
        </Form.Item>
        <Form.Item
          name="currencies"
          label={t('lines.form.currencies')}
          rules={[{ required: true, type: 'array', min: 1, message: t('lines.form.currenciesRequired') }]}
        >
          <Select
            mode="multiple"
            showSearch
            loading={currencies.isPending}
            placeholder={t('lines.form.currenciesPlaceholder')}
            options={(currencies.data ?? []).map((currency) => ({ value: currency.coin, label: `${currency.coin} · ${currency.name}` }))}
            data-testid="line-currencies"
          />
        </Form.Item>
        <Form.Item name="accountIds" label={t('lines.form.accounts')} extra={t('lines.form.accountsHelp')}>
          <Select
            mode="multiple"
            loading={!accounts}
            placeholder={t('lines.form.accountsPlaceholder')}
            options={(accounts ?? []).map((account) => ({
              value: account.id,
              label: `${account.name} · ${t(`accounts.kinds.${account.kind}`)}`,
            }))}
            notFoundContent={t('lines.form.noAccounts')}
            data-testid="line-accounts"
          />
        </Form.Item>
      </div>

      <h3 className={styles.section}>{t('lines.form.reviewSection')}</h3>
      <div className={styles.reviewColumns}>
        <Form.Item
          name="minReviewers"
          label={t('lines.form.minReviewers')}
          rules={[
            {
              validator: async (_rule, value: number | null | undefined) => {
                if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > custodyLimits.maxReviewers) {
                  throw new Error(t('lines.form.minReviewersRange', { max: custodyLimits.maxReviewers }));
                }
              },
            },
          ]}
        >
          <InputNumber min={1} max={custodyLimits.maxReviewers} precision={0} className={styles.number} data-testid="line-min-reviewers" />
        </Form.Item>
        <Form.Item
          name="reviewerMemberIds"
          label={t('lines.form.reviewers')}
          extra={t('lines.form.reviewersHelp')}
          dependencies={['minReviewers']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string[] | undefined) => {
                const chosen = value?.length ?? 0;
                const min = (getFieldValue('minReviewers') as number | null) ?? 1;
                if (checkReviewers(chosen, min)) throw new Error(errorMessage('custodyReviewersBelowMinimum', language, { min }));
                if (chosen > custodyLimits.maxReviewers)
                  throw new Error(t('lines.form.reviewersTooMany', { max: custodyLimits.maxReviewers }));
              },
            }),
          ]}
        >
          <Select
            mode="multiple"
            loading={!members}
            placeholder={t('lines.form.reviewersPlaceholder')}
            optionFilterProp="label"
            options={(members ?? []).map((member) => ({
              value: member.id,
              label: member.state === 'frozen' ? t('lines.form.reviewerFrozen', { name: member.name }) : `${member.name} · ${member.email}`,
              disabled: member.state === 'frozen',
            }))}
            data-testid="line-reviewers"
          />
        </Form.Item>
      </div>

      <LimitRows form={form} scaleOf={(coin) => currencies.data?.find((currency) => currency.coin === coin)?.scale} />
      <WhitelistRows networks={networks.data} />

      <DialogButtons
        isPending={isPending}
        onCancel={onCancel}
        cancelText={t('common.cancel')}
        submitText={line ? t('lines.form.save') : t('lines.form.add')}
        submitTestId="line-form-submit"
      />
    </Form>
  );
}

/** Per currency of the line, the withdrawal limits per transaction ≤ day ≤ week ≤ month, exact decimals at the coin's scale. */
function LimitRows({ form, scaleOf }: { form: FormInstance<LineFormValues>; scaleOf: (coin: string) => number | undefined }) {
  const { t } = useTranslation('custodyConfig');
  const chosen = Form.useWatch('currencies', form) ?? [];
  const periodLabel = (period: LimitPeriod) => t(`lines.limits.${period}`);

  const amountRule = (index: number, at: number): FormRule => ({
    validator: async (_rule, value: string | undefined) => {
      const row = form.getFieldValue(['limits', index]) as LineFormValues['limits'][number] | undefined;
      const scale = row?.asset ? scaleOf(row.asset) : undefined;
      if (scale === undefined) return;
      if (limitAmountProblem(value ?? '', scale)) throw new Error(t('lines.limits.amountInvalid', { decimals: scale }));
      const previousPeriod = limitPeriods[at - 1];
      const previous = previousPeriod ? row?.[previousPeriod] : undefined;
      // The server's rule (custodyLimitInvalid): each period's limit at least the one before it.
      if (
        previousPeriod &&
        previous !== undefined &&
        !limitAmountProblem(previous, scale) &&
        isBelowPrevious(previous, value ?? '', scale)
      ) {
        throw new Error(t('lines.limits.belowPrevious', { previous: periodLabel(previousPeriod) }));
      }
    },
  });

  return (
    <Form.List name="limits">
      {(fields, { add, remove }) => (
        <ListSection
          title={t('lines.limits.title')}
          addLabel={t('lines.limits.add')}
          onAdd={() => add({ ...emptyLimit })}
          addDisabled={fields.length >= chosen.length}
          addTestId="line-limit-add"
          hint={chosen.length === 0 ? t('lines.limits.chooseCurrencies') : t('lines.limits.help')}
        >
          {fields.length > 0 ? (
            <div className={styles.limitGrid}>
              <span className={styles.gridHead}>{t('lines.limits.asset')}</span>
              {limitPeriods.map((period) => (
                <span key={period} className={styles.gridHead}>
                  {periodLabel(period)}
                </span>
              ))}
              <span />
              {fields.map((field) => (
                <div key={field.key} className={styles.limitRow} data-testid={`line-limit-${field.name}`}>
                  <Form.Item
                    name={[field.name, 'asset']}
                    rules={[
                      {
                        validator: async (_rule, value: string | undefined) => {
                          if (!value || !chosen.includes(value)) throw new Error(t('lines.limits.assetRequired'));
                          const rows = (form.getFieldValue('limits') as LineFormValues['limits'] | undefined) ?? [];
                          const twice = rows.filter((row) => row?.asset === value).length > 1;
                          if (twice) throw new Error(t('lines.limits.assetTwice', { asset: value }));
                        },
                      },
                    ]}
                  >
                    <Select
                      aria-label={t('lines.limits.asset')}
                      placeholder={t('lines.limits.assetPlaceholder')}
                      options={chosen.map((coin) => ({ value: coin, label: coin }))}
                      data-testid={`line-limit-${field.name}-asset`}
                    />
                  </Form.Item>
                  {limitPeriods.map((period, at) => (
                    <Form.Item
                      key={period}
                      name={[field.name, period]}
                      dependencies={[
                        ['limits', field.name, 'asset'],
                        ...limitPeriods.slice(0, at).map((earlier) => ['limits', field.name, earlier]),
                      ]}
                      rules={[amountRule(field.name, at)]}
                    >
                      <Input
                        aria-label={periodLabel(period)}
                        inputMode="decimal"
                        autoComplete="off"
                        className={styles.amount}
                        placeholder="0"
                        data-testid={`line-limit-${field.name}-${period}`}
                      />
                    </Form.Item>
                  ))}
                  <RemoveRowButton onClick={() => remove(field.name)} testId={`line-limit-${field.name}-remove`} />
                </div>
              ))}
            </div>
          ) : null}
        </ListSection>
      )}
    </Form.List>
  );
}

/** The line's whitelist: destinations withdrawals may go to (each once), at most 200. */
function WhitelistRows({ networks }: { networks: Parameters<typeof destinationBodyOf>[1] }) {
  const { t } = useTranslation('custodyConfig');
  const language = useLanguage();
  const form = Form.useFormInstance<LineFormValues>();

  const duplicateRule = (index: number): FormRule => ({
    validator: async () => {
      const entries = (form.getFieldValue('whitelist') as DestinationValues[] | undefined) ?? [];
      const key = (entry: DestinationValues) => {
        const body = destinationBodyOf(entry, networks);
        return `${body.asset}|${body.chain}|${body.address.toLowerCase()}|${body.tag}`;
      };
      const mine = entries[index];
      if (mine && entries.slice(0, index).some((other) => key(other) === key(mine))) {
        throw new Error(errorMessage('addressAlreadySaved', language));
      }
    },
  });

  return (
    <Form.List name="whitelist">
      {(fields, { add, remove }) => (
        <ListSection
          title={t('lines.whitelist.title')}
          count={t('lines.whitelist.count', { count: fields.length, max: custodyLimits.addressesPerAccount })}
          addLabel={t('lines.whitelist.add')}
          onAdd={() => add({ ...emptyDestination })}
          addDisabled={fields.length >= custodyLimits.addressesPerAccount}
          addTestId="line-whitelist-add"
          hint={t('lines.whitelist.help')}
        >
          {fields.length > 0 ? (
            <div className={styles.whitelist}>
              <div className={styles.destinationHead} aria-hidden="true">
                <span>{t('destination.asset')}</span>
                <span>{t('destination.chain')}</span>
                <span>{t('destination.address')}</span>
                <span>{t('destination.tag')}</span>
                <span>{t('destination.note')}</span>
                <span />
              </div>
              {fields.map((field) => (
                <div key={field.key} className={styles.whitelistRow} data-testid={`line-whitelist-${field.name}`}>
                  <DestinationFields
                    name={[field.name]}
                    path={['whitelist', field.name]}
                    networks={networks}
                    testIdPrefix={`line-whitelist-${field.name}`}
                    isCompact
                    addressRules={[duplicateRule(field.name)]}
                  />
                  <RemoveRowButton onClick={() => remove(field.name)} testId={`line-whitelist-${field.name}-remove`} />
                </div>
              ))}
            </div>
          ) : null}
        </ListSection>
      )}
    </Form.List>
  );
}

/** A list of the form (limits, whitelist): its title (and count), the add button, a hint, then its rows. */
function ListSection({
  title,
  count,
  addLabel,
  onAdd,
  addDisabled,
  addTestId,
  hint,
  children,
}: {
  title: string;
  count?: string;
  addLabel: string;
  onAdd: () => void;
  addDisabled: boolean;
  addTestId: string;
  hint: string;
  children: ReactNode;
}) {
  return (
    <section className={styles.listSection} aria-label={title}>
      <div className={styles.listHead}>
        <h3 className={styles.section}>
          {title}
          {count === undefined ? null : (
            <>
              {' '}
              <span className={styles.count}>{count}</span>
            </>
          )}
        </h3>
        <Button size="small" onClick={onAdd} disabled={addDisabled} data-testid={addTestId}>
          {addLabel}
        </Button>
      </div>
      <p className={styles.hint}>{hint}</p>
      {children}
    </section>
  );
}

/** Takes a row out of a list of the form. */
function RemoveRowButton({ onClick, testId }: { onClick: () => void; testId: string }) {
  const { t } = useTranslation('custodyConfig');
  return (
    <Button type="link" danger size="small" onClick={onClick} data-testid={testId}>
      {t('lines.form.remove')}
    </Button>
  );
}
