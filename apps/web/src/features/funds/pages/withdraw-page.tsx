import type { DwOption, PreWithdraw, WithdrawalRecord } from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Skeleton, Steps, Tabs } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { newRequestId } from '../../../shared/http/request-id';
import { pathTo } from '../../../shared/routes';
import { PageFrame } from '../../../shared/ui/page-frame';
import { QueryErrorState } from '../../../shared/ui/query-error-state';
import { dwOptionsQuery } from '../api/get-dw-options';
import { withdrawCheckQuery } from '../api/get-withdraw-check';
import { WithdrawConfirm } from '../components/withdraw-confirm';
import { WithdrawForm, type WithdrawDraft, type WithdrawMode } from '../components/withdraw-form';
import { isWithdrawBlocked, WithdrawInterception } from '../components/withdraw-interception';
import { WithdrawResult } from '../components/withdraw-result';
import { WithdrawalRecords } from '../components/withdrawal-records';
import layout from '../../../shared/ui/form-page-layout.module.css';
import styles from './funds-page.module.css';

type Step =
  | { name: 'details'; draft: WithdrawDraft }
  | { name: 'confirm'; draft: WithdrawDraft; prepared: PreWithdraw; requestId: string }
  | { name: 'done'; draft: WithdrawDraft; record: WithdrawalRecord };

const stepIndex = { details: 0, confirm: 1, done: 2 } as const;

function emptyDraft(options: DwOption[], requestedCoin: string | undefined): WithdrawDraft {
  const open = (option: DwOption) => option.chains.find((chain) => chain.withdrawEnabled);
  const option =
    options.find((candidate) => candidate.coin === requestedCoin && open(candidate)) ??
    options.find((candidate) => candidate.coin === 'USDT' && open(candidate)) ??
    options.find(open);
  return {
    coin: option?.coin ?? '',
    chain: (option && open(option)?.chain) ?? '',
    address: '',
    tag: '',
    amount: '',
    confirmEmptyTag: false,
  };
}

/**
 * Withdraw (spec §2): ordinary (on chain) and internal (to another Coffer customer's deposit
 * address, no chain fee) tabs; the pre-check and its interception dialogs (§4/§5); details,
 * verification, result; withdrawal records.
 */
export function WithdrawPage() {
  const { t } = useTranslation('funds');
  const [params] = useSearchParams();
  const options = useQuery(dwOptionsQuery);
  const check = useQuery(withdrawCheckQuery);
  const [mode, setMode] = useState<WithdrawMode>('ordinary');
  const [step, setStep] = useState<Step | null>(null);
  // The interception shows as the page opens ('auto') until closed; "Next" shows it again.
  const [dialog, setDialog] = useState<'auto' | 'open' | 'closed'>('auto');
  const isBlocked = isWithdrawBlocked(check.data);
  const isDialogOpen = isBlocked && dialog !== 'closed';
  const setDialogOpen = (open: boolean) => setDialog(open ? 'open' : 'closed');

  const current: Step | null =
    step ?? (options.data ? { name: 'details', draft: emptyDraft(options.data, params.get('coin')?.toUpperCase()) } : null);

  let body: ReactNode;
  if (options.isError && !options.data) {
    body = <QueryErrorState namespace="wallet" error={options.error} onRetry={() => void options.refetch()} />;
  } else if (!options.data || !current || check.isPending) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else if (current.name === 'details') {
    body = (
      <WithdrawForm
        key={mode}
        mode={mode}
        options={options.data}
        initial={current.draft}
        isBlocked={isBlocked}
        onBlocked={() => setDialogOpen(true)}
        onPrepared={(prepared, draft) => setStep({ name: 'confirm', draft, prepared, requestId: newRequestId() })}
      />
    );
  } else if (current.name === 'confirm') {
    body = (
      <WithdrawConfirm
        prepared={current.prepared}
        draft={current.draft}
        requestId={current.requestId}
        onBack={() => setStep({ name: 'details', draft: current.draft })}
        onDone={(result) => setStep({ name: 'done', draft: current.draft, record: result.record })}
      />
    );
  } else {
    body = (
      <WithdrawResult
        record={current.record}
        onAgain={() => setStep({ name: 'details', draft: { ...current.draft, address: '', tag: '', amount: '', confirmEmptyTag: false } })}
      />
    );
  }

  return (
    <PageFrame
      title={t('withdraw.title')}
      testId="withdraw-page"
      actions={
        <>
          <Link className={layout.headerLink} to={pathTo('propertyCenterAddresses')}>
            {t('nav.addresses')}
          </Link>
          <Link className={layout.headerLink} to={pathTo('propertyCenterRecharge')}>
            {t('nav.recharge')}
          </Link>
        </>
      }
    >
      {check.data && isBlocked ? (
        <>
          <Alert
            type="warning"
            showIcon
            data-testid="withdraw-blocked"
            title={
              check.data.forbiddenCode === -10094
                ? t('intercept.forbiddenTitle')
                : check.data.forbiddenCode === -10102
                  ? t('intercept.lockTitle')
                  : t('intercept.title')
            }
            action={
              <Button size="small" onClick={() => setDialogOpen(true)}>
                {t('intercept.show')}
              </Button>
            }
          />
          <WithdrawInterception check={check.data} open={isDialogOpen} onClose={() => setDialogOpen(false)} />
        </>
      ) : null}
      {check.isError ? <QueryErrorState namespace="wallet" error={check.error} onRetry={() => void check.refetch()} compact /> : null}

      <div className={layout.layout}>
        <Card className={layout.main}>
          <Tabs
            className={styles.tabs}
            activeKey={mode}
            onChange={(key) => {
              setMode(key as WithdrawMode);
              if (current && current.name !== 'details')
                setStep({ name: 'details', draft: { ...current.draft, address: '', tag: '', amount: '', confirmEmptyTag: false } });
            }}
            items={[
              { key: 'ordinary', label: <span data-testid="withdraw-tab-ordinary">{t('withdraw.tabs.ordinary')}</span> },
              { key: 'internal', label: <span data-testid="withdraw-tab-internal">{t('withdraw.tabs.internal')}</span> },
            ]}
          />
          <Steps
            size="small"
            current={current ? stepIndex[current.name] : 0}
            status={current?.name === 'done' ? 'finish' : 'process'}
            className={styles.steps}
            items={[{ title: t('withdraw.steps.details') }, { title: t('withdraw.steps.verify') }, { title: t('withdraw.steps.done') }]}
          />
          {body}
        </Card>
        <Card className={layout.aside}>
          <h2 className={layout.asideTitle}>{t('withdraw.aboutTitle')}</h2>
          <ul className={layout.points}>
            <li>{t('withdraw.aboutAddress')}</li>
            <li>{t('withdraw.aboutFee')}</li>
            <li>{t('withdraw.aboutLimit')}</li>
            <li>{t('withdraw.aboutLarge')}</li>
            <li>{t('withdraw.aboutTrusted')}</li>
          </ul>
          <p className={styles.asideLink}>
            <Link to={pathTo('propertyCenterTransfer')}>{t('withdraw.byAccount')}</Link>
          </p>
        </Card>
      </div>

      <Card title={<h2 className={layout.recordsTitle}>{t('withdraw.recordsTitle')}</h2>}>
        <WithdrawalRecords />
      </Card>
    </PageFrame>
  );
}
