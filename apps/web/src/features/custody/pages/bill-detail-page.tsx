import type { CustodyBill, CustodyBillDetail, CustodyPaymentMethodView } from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatExactAmount } from '../../../shared/format/figures';
import { formatDate, formatDateTime } from '../../../shared/format/format-date';
import { useLanguage } from '../../../shared/i18n/use-language';
import { pathTo } from '../../../shared/routes';
import { PageFrame } from '../../../shared/ui/page-frame';
import { custodyBillQuery, custodyPaymentMethodQuery, downloadCustodyBillPdf } from '../api/custody-billing';
import { BankDetails } from '../components/bank-details';
import { BillLines } from '../components/bill-lines';
import { BillStateTag, formatPeriod, formatUsd } from '../components/bill-parts';
import { ConsoleRead } from '../components/custody-load-error';
import { DownloadStatus, useFileDownload } from '../components/use-file-download';
import layout from '../../../shared/ui/form-page-layout.module.css';
import common from '../components/custody-console.module.css';
import styles from '../components/custody-billing.module.css';

/** How the bill is paid: what was taken or marked for a paid bill; the method chosen now for an unpaid one. */
function BillPayment({ detail, method }: { detail: CustodyBillDetail; method: CustodyPaymentMethodView }) {
  const { t } = useTranslation('custodyBilling');
  const language = useLanguage();
  const { bill, bank } = detail;
  const payment = bill.payment;
  const shownMethod = payment?.method ?? method.method;
  return (
    <div className={common.stack} data-testid="bill-payment">
      <dl className={styles.facts}>
        <div>
          <dt>{t('detail.method')}</dt>
          <dd data-testid="bill-method">{t(`methods.${shownMethod}`)}</dd>
        </div>
        {payment ? (
          <div>
            <dt>{t('detail.paidAt')}</dt>
            <dd>{formatDateTime(payment.paidAt, language)}</dd>
          </div>
        ) : null}
        {payment?.method === 'wire' && payment.note ? (
          <div>
            <dt>{t('detail.wireNote')}</dt>
            <dd>{payment.note}</dd>
          </div>
        ) : null}
      </dl>
      {payment?.method === 'deduction' && payment.coin && payment.amount ? (
        <p data-testid="bill-taken">
          <strong>{t('detail.taken')}: </strong>
          {t('detail.takenText', {
            amount: formatExactAmount(payment.coin, payment.amount, language),
            coin: payment.coin,
            account: payment.accountName ?? '',
            price: payment.usdPrice ? formatUsd(payment.usdPrice, language) : '',
            journal: payment.journalId ?? '',
          })}
        </p>
      ) : null}
      {shownMethod === 'deduction' ? (
        <div data-testid="bill-deductions">
          <p className={styles.sourcesTitle}>{t('detail.deductionTitle')}</p>
          {method.deductions.length === 0 ? (
            <p className={common.muted}>{t('detail.noDeductions')}</p>
          ) : (
            <ol className={styles.priority}>
              {method.deductions.map((deduction) => (
                <li key={`${deduction.accountId}-${deduction.coin}`}>
                  {deduction.accountName} · <strong>{deduction.coin}</strong>
                </li>
              ))}
            </ol>
          )}
          <p className={common.muted}>{t('detail.deductionIntro')}</p>
        </div>
      ) : (
        <>
          {payment ? null : <p className={common.muted}>{t('detail.unpaidWire')}</p>}
          <BankDetails bank={bank} billId={bill.id} />
        </>
      )}
    </div>
  );
}

function BillFacts({ bill }: { bill: CustodyBill }) {
  const { t } = useTranslation('custodyBilling');
  const language = useLanguage();
  return (
    <dl className={styles.facts} data-testid="bill-facts">
      <div>
        <dt>{t('detail.finalCost')}</dt>
        <dd className={styles.strong}>{formatUsd(bill.finalCostUsd, language)}</dd>
      </div>
      <div>
        <dt>{t('detail.state')}</dt>
        <dd>
          <BillStateTag bill={bill} />
        </dd>
      </div>
      <div>
        <dt>{t('detail.dueOn')}</dt>
        <dd>{formatDate(`${bill.dueOn}T12:00:00Z`, language)}</dd>
      </div>
      <div>
        <dt>{t('detail.issuedAt')}</dt>
        <dd>{formatDateTime(bill.issuedAt, language)}</dd>
      </div>
      <div>
        <dt>{t('detail.days')}</dt>
        <dd>{bill.days}</dd>
      </div>
    </dl>
  );
}

/**
 * Bill detail (spec §2 "billing detail", §3): the bill's figures, every line with its formula and
 * the snapshots and ledger entries it was computed from, how it is paid (the platform's bank for
 * a wire, the deduction accounts in priority order and what was taken), and the PDF.
 */
export function BillDetailPage() {
  const { t, ready } = useTranslation('custodyBilling');
  const language = useLanguage();
  const { billId = '' } = useParams();
  const detail = useQuery(custodyBillQuery(billId));
  const method = useQuery(custodyPaymentMethodQuery);
  const download = useFileDownload();

  if (!ready) return <Skeleton active paragraph={{ rows: 8 }} />;
  const period = detail.data?.bill.period;
  return (
    <PageFrame
      title={period ? t('detail.title', { period: formatPeriod(period, language) }) : t('list.title')}
      testId="custody-bill-detail-page"
      actions={
        <>
          <Link className={layout.headerLink} to={pathTo('custodyBilling')}>
            {t('common.back')}
          </Link>
          {detail.data ? (
            <Button
              type="primary"
              loading={download.running !== null}
              onClick={() => download.start(billId, (onProgress) => downloadCustodyBillPdf(billId, period ?? billId, onProgress))}
              data-testid="bill-detail-pdf"
            >
              {t('common.downloadPdfLong')}
            </Button>
          ) : null}
        </>
      }
    >
      <DownloadStatus download={download} testId="bill-download" />
      <ConsoleRead
        reads={[detail]}
        errorTestId="bill-load-error"
        loading={
          <Card data-testid="bill-loading">
            <Skeleton active paragraph={{ rows: 8 }} />
          </Card>
        }
      >
        {(current) => (
          <div className={common.stack}>
            <Card>
              <BillFacts bill={current.bill} />
            </Card>
            <Card title={t('detail.linesTitle')}>
              <p className={common.intro}>{t('detail.linesIntro')}</p>
              <BillLines bill={current.bill} lines={current.lines} />
            </Card>
            <Card title={t('detail.paymentTitle')}>
              <ConsoleRead reads={[method]} errorTestId="bill-method-load-error" loading={<Skeleton active paragraph={{ rows: 3 }} />}>
                {(chosen) => <BillPayment detail={current} method={chosen} />}
              </ConsoleRead>
            </Card>
          </div>
        )}
      </ConsoleRead>
    </PageFrame>
  );
}

export default BillDetailPage;
