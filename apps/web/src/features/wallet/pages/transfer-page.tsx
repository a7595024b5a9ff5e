import type { TransferRecord } from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Skeleton, Steps } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { assetsQuery } from '../../../shared/api/get-assets';
import { currenciesQuery } from '../../../shared/api/get-currencies';
import { sessionUserQuery } from '../../../shared/api/session-user';
import { formatDateTime } from '../../../shared/format/format-date';
import { newRequestId } from '../../../shared/http/request-id';
import { useLanguage } from '../../../shared/i18n/use-language';
import { pathTo } from '../../../shared/routes';
import { PageFrame } from '../../../shared/ui/page-frame';
import { QueryErrorState } from '../../../shared/ui/query-error-state';
import type { PreTransfer } from '../api/pre-transfer';
import { TransferConfirm } from '../components/transfer-confirm';
import { TransferForm, type TransferDraft } from '../components/transfer-form';
import { TransferRecords } from '../components/transfer-records';
import { TransferResult } from '../components/transfer-result';
import layout from '../../../shared/ui/form-page-layout.module.css';
import styles from './transfer-page.module.css';

type Step =
  | { name: 'details'; draft: TransferDraft | null }
  | { name: 'confirm'; draft: TransferDraft; prepared: PreTransfer; requestId: string }
  | { name: 'done'; draft: TransferDraft; record: TransferRecord };

const stepIndex = { details: 0, confirm: 1, done: 2 } as const;

/** Internal transfer to another Coffer customer (spec §1, §7): details, verification, result, records. */
export function TransferPage() {
  const { t } = useTranslation('wallet');
  const language = useLanguage();
  const [params] = useSearchParams();
  const currencies = useQuery(currenciesQuery);
  const assets = useQuery(assetsQuery());
  const session = useQuery(sessionUserQuery);
  const [step, setStep] = useState<Step>({ name: 'details', draft: null });
  // Read once: the lock is compared with the clock when the page opens, not on every render.
  const [openedAt] = useState(() => Date.now());

  const lockedUntil = session.data?.withdrawLockedUntil ?? null;
  const isLocked = lockedUntil !== null && Date.parse(lockedUntil) > openedAt;
  const hasNoFundPassword = session.data ? !session.data.havePayPwd : false;

  const requestedCoin = params.get('coin')?.toUpperCase();
  const coins = currencies.data ?? [];
  const initialCoin =
    coins.find((currency) => currency.coin === requestedCoin)?.coin ??
    coins.find((currency) => currency.coin === 'USDT')?.coin ??
    coins[0]?.coin ??
    '';

  let body: ReactNode;
  if (currencies.isError && !currencies.data) {
    body = <QueryErrorState namespace="wallet" error={currencies.error} onRetry={() => void currencies.refetch()} />;
  } else if (!currencies.data) {
    body = <Skeleton active paragraph={{ rows: 6 }} />;
  } else if (step.name === 'details') {
    body = (
      <TransferForm
        currencies={coins}
        assets={assets.data?.rows}
        initial={step.draft ?? { coin: initialCoin, receiver: '', amount: '', note: '' }}
        isBlocked={isLocked || hasNoFundPassword}
        onPrepared={(prepared, draft) => setStep({ name: 'confirm', draft, prepared, requestId: newRequestId() })}
      />
    );
  } else if (step.name === 'confirm') {
    body = (
      <TransferConfirm
        prepared={step.prepared}
        draft={step.draft}
        requestId={step.requestId}
        onBack={() => setStep({ name: 'details', draft: step.draft })}
        onDone={(record) => setStep({ name: 'done', draft: step.draft, record })}
      />
    );
  } else {
    body = (
      <TransferResult
        record={step.record}
        onAgain={() => setStep({ name: 'details', draft: { coin: step.draft.coin, receiver: '', amount: '', note: '' } })}
      />
    );
  }

  return (
    <PageFrame
      title={t('transfer.title')}
      actions={
        <Link className={layout.headerLink} to={pathTo('propertyCenterBalance')}>
          {t('transfer.toBalance')}
        </Link>
      }
    >
      {isLocked && lockedUntil ? (
        <Alert
          type="warning"
          showIcon
          title={t('transfer.lockTitle')}
          description={t('transfer.lockText', { time: formatDateTime(lockedUntil, language) })}
          data-testid="transfer-lock"
        />
      ) : null}
      {hasNoFundPassword ? (
        <Alert
          type="info"
          showIcon
          title={t('transfer.noFundPassword')}
          action={
            <Link className={layout.alertLink} to={pathTo('securitySetFundPassword')}>
              {t('transfer.setFundPassword')}
            </Link>
          }
        />
      ) : null}

      <div className={layout.layout}>
        <Card className={layout.main}>
          <Steps
            size="small"
            current={stepIndex[step.name]}
            status={step.name === 'done' ? 'finish' : 'process'}
            className={styles.steps}
            items={[{ title: t('transfer.steps.details') }, { title: t('transfer.steps.verify') }, { title: t('transfer.steps.done') }]}
          />
          {body}
        </Card>
        <Card className={layout.aside}>
          <h2 className={layout.asideTitle}>{t('transfer.aboutTitle')}</h2>
          <ul className={layout.points}>
            <li>{t('transfer.aboutFree')}</li>
            <li>{t('transfer.aboutInstant')}</li>
            <li>{t('transfer.aboutReceiver')}</li>
            <li>{t('transfer.aboutVerify')}</li>
          </ul>
        </Card>
      </div>

      <Card title={<h2 className={layout.recordsTitle}>{t('transfer.recordsTitle')}</h2>}>
        <TransferRecords />
      </Card>
    </PageFrame>
  );
}
