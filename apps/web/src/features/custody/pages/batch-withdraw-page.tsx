import { custodyBatchLimits, errorMessage, type CustodyBatchValidation, type CustodyOrderLine } from '@coffer/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Segmented, Select, Skeleton, Table, Upload, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatExactAmount } from '../../../shared/format/figures';
import { errorText } from '../../../shared/http/error-text';
import { newRequestId } from '../../../shared/http/request-id';
import { useChainName } from '../../../shared/i18n/chain-names';
import { useLanguage } from '../../../shared/i18n/use-language';
import { pathTo } from '../../../shared/routes';
import { DialogError } from '../../../shared/ui/dialog-parts';
import { OrderPageFrame } from '../components/order-parts';
import { ShortValue } from '../../../shared/ui/short-value';
import { TableEmpty } from '../../../shared/ui/table-empty';
import { showToast } from '../../../shared/ui/toast-store';
import { useSingleSubmit } from '../../../shared/ui/use-single-submit';
import { custodyAccountsQuery } from '../api/custody-accounts';
import { custodyBatchCalls, custodyOrderLinesQuery, custodyOrdersRoot } from '../api/custody-orders';
import { ConsoleRead } from '../components/custody-load-error';
import { LineSummary } from '../components/line-summary';
import layout from '../../../shared/ui/form-page-layout.module.css';
import styles from '../components/custody-orders.module.css';

type BatchRow = CustodyBatchValidation['rows'][number];

/** A chosen file: its name, its bytes as base64, and the idempotency key its submission carries. */
interface ChosenFile {
  name: string;
  content: string;
  requestId: string;
}

/** The file's bytes as base64 (what the contract carries), read in the browser. */
function readBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}

/**
 * Batch withdrawal by CSV (spec §2, §5, §8; issue 18 item 7): choose the business line and the
 * custody account, download the line's template, upload a CSV (anything else is refused with
 * the §8 message), and see the server's pre-validation row by row — each problem in the user's
 * language at its row — with the totals and fees per coin. Nothing is held until Submit, which
 * is offered only for a clean batch; the submitted batch then opens in the order list.
 */
export function BatchWithdrawPage() {
  const { t, ready } = useTranslation('custodyOrders');
  const lines = useQuery(custodyOrderLinesQuery);
  const accounts = useQuery(custodyAccountsQuery);

  if (!ready) return <Skeleton active paragraph={{ rows: 8 }} />;

  const loading = (
    <div data-testid="batch-loading">
      <Skeleton active paragraph={{ rows: 8 }} />
    </div>
  );
  const body = (
    <ConsoleRead reads={[lines, accounts]} loading={loading} errorTestId="batch-load-error">
      {(lineList, accountList) =>
        lineList.length === 0 ? (
          <div data-testid="batch-unavailable">
            <TableEmpty text={t('withdraw.noLines')}>
              <Link to={pathTo('custodyWithdrawOrders')}>{t('withdraw.toOrders')}</Link>
            </TableEmpty>
          </div>
        ) : (
          <BatchForm lines={lineList} accounts={accountList} />
        )
      }
    </ConsoleRead>
  );

  return (
    <OrderPageFrame title={t('batch.title')} testId="custody-batch-withdraw-page">
      {body}
    </OrderPageFrame>
  );
}

function BatchForm({ lines, accounts }: { lines: CustodyOrderLine[]; accounts: { id: string; name: string }[] }) {
  const { t } = useTranslation('custodyOrders');
  const language = useLanguage();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [lineId, setLineId] = useState<string | undefined>(lines.length === 1 ? lines[0]?.id : undefined);
  const line = lines.find((each) => each.id === lineId);
  const lineAccounts = accounts.filter((account) => line?.accountIds.includes(account.id));
  const [accountId, setAccountId] = useState<string | undefined>(undefined);
  const chosenAccount = lineAccounts.some((account) => account.id === accountId)
    ? accountId
    : lineAccounts.length === 1
      ? lineAccounts[0]?.id
      : undefined;
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [templateProblem, setTemplateProblem] = useState<string | null>(null);
  const [submitProblem, setSubmitProblem] = useState<string | null>(null);

  const validation = useQuery({
    queryKey: [...custodyOrdersRoot, 'batchValidate', lineId, chosenAccount, file?.requestId],
    queryFn: () => {
      if (!lineId || !chosenAccount || !file) throw new Error('nothing to validate');
      return custodyBatchCalls.validate({ lineId, accountId: chosenAccount, fileName: file.name, content: file.content });
    },
    enabled: Boolean(lineId && chosenAccount && file),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

  const handleFile = async (chosen: File) => {
    setSubmitProblem(null);
    setFile(null);
    // CSV only (spec §5, §8): the server checks the bytes too; this spares an upload of something else.
    if (!/\.csv$/i.test(chosen.name) || chosen.size === 0) {
      setFileProblem(errorMessage('csvRequired', language));
      return;
    }
    if (chosen.size > custodyBatchLimits.maxBytes) {
      setFileProblem(
        errorMessage('custodyBatchTooLarge', language, {
          maxRows: String(custodyBatchLimits.maxRows),
          maxKb: String(Math.floor(custodyBatchLimits.maxBytes / 1000)),
        }),
      );
      return;
    }
    setFileProblem(null);
    setFile({ name: chosen.name, content: await readBase64(chosen), requestId: newRequestId() });
  };

  const handleTemplate = async () => {
    if (!lineId) return;
    setTemplateProblem(null);
    try {
      await custodyBatchCalls.template(lineId);
    } catch (error) {
      setTemplateProblem(errorText(error, t('common.loadFailed')));
    }
  };

  const result = validation.data;
  const isClean = result?.clean === true && !validation.isFetching;
  const { isPending, submit } = useSingleSubmit(async () => {
    if (!lineId || !chosenAccount || !file || !isClean) return;
    setSubmitProblem(null);
    try {
      const batch = await custodyBatchCalls.submit({
        lineId,
        accountId: chosenAccount,
        fileName: file.name,
        content: file.content,
        requestId: file.requestId,
      });
      void queryClient.invalidateQueries({ queryKey: custodyOrdersRoot });
      showToast('success', t('batch.submitted', { count: batch.orderIds.length }));
      void navigate(`${pathTo('custodyWithdrawOrders')}?batch=${encodeURIComponent(batch.id)}`);
    } catch (error) {
      setSubmitProblem(errorText(error, t('common.loadFailed')));
      throw error;
    }
  });

  let resultView = null;
  if (fileProblem) {
    resultView = <DialogError message={fileProblem} testId="batch-file-error" />;
  } else if (file && validation.isError) {
    resultView = <DialogError message={errorText(validation.error, t('common.loadFailed'))} testId="batch-file-error" />;
  } else if (file && validation.isFetching) {
    resultView = (
      <div data-testid="batch-validating">
        <p className={styles.muted}>{t('batch.validating')}</p>
        <Skeleton active paragraph={{ rows: 4 }} />
      </div>
    );
  } else if (file && result) {
    resultView = <ValidationView result={result} />;
  }

  return (
    <div className={layout.layout}>
      <div className={`${layout.main} ${styles.stack}`}>
        <Card>
          <p className={styles.intro}>{t('batch.intro')}</p>
          <Form layout="vertical" requiredMark={false} data-testid="batch-form">
            <div className={styles.actions}>
              <Form.Item label={t('withdraw.line')} htmlFor="batch-line">
                <Select
                  id="batch-line"
                  className={styles.filterWide}
                  placeholder={t('withdraw.linePlaceholder')}
                  value={lineId}
                  onChange={(value: string) => {
                    setLineId(value);
                    setSubmitProblem(null);
                  }}
                  options={lines.map((each) => ({ value: each.id, label: each.name }))}
                  data-testid="batch-line"
                />
              </Form.Item>
              <Form.Item label={t('withdraw.account')} htmlFor="batch-account">
                <Select
                  id="batch-account"
                  className={styles.filterWide}
                  placeholder={line ? t('withdraw.accountPlaceholder') : t('batch.lineFirst')}
                  disabled={!line}
                  value={chosenAccount}
                  onChange={(value: string) => setAccountId(value)}
                  options={lineAccounts.map((account) => ({ value: account.id, label: account.name }))}
                  notFoundContent={t('batch.noAccounts')}
                  data-testid="batch-account"
                />
              </Form.Item>
            </div>
            <div className={styles.actions}>
              <Button disabled={!lineId} onClick={() => void handleTemplate()} data-testid="batch-template">
                {t('batch.template')}
              </Button>
              <Upload
                accept=".csv,text/csv"
                maxCount={1}
                showUploadList={false}
                disabled={!lineId || !chosenAccount}
                beforeUpload={(chosen) => {
                  void handleFile(chosen);
                  return false;
                }}
              >
                <Button type="primary" disabled={!lineId || !chosenAccount} data-testid="batch-upload">
                  {t('batch.upload')}
                </Button>
              </Upload>
              {file ? (
                <span className={styles.muted} data-testid="batch-file-name">
                  {file.name}
                </span>
              ) : null}
            </div>
            <p className={styles.muted}>{t('batch.uploadHint', { maxRows: custodyBatchLimits.maxRows })}</p>
            <DialogError message={templateProblem} testId="batch-template-error" />
          </Form>
        </Card>
        {resultView ? <Card data-testid="batch-result-card">{resultView}</Card> : null}
        {file && result ? (
          <Card>
            <DialogError message={submitProblem} testId="batch-submit-error" />
            <div className={styles.actions}>
              <Button type="primary" disabled={!isClean} loading={isPending} onClick={() => submit()} data-testid="batch-submit">
                {t('batch.submit', { count: result.rowCount })}
              </Button>
              <span className={styles.muted}>{isClean ? t('batch.submitHint') : t('batch.fixFirst')}</span>
            </div>
          </Card>
        ) : null}
      </div>
      <Card className={layout.aside} data-testid="batch-line-card">
        <h2 className={styles.panelTitle}>{line ? line.name : t('batch.lineTitle')}</h2>
        {line ? <LineSummary line={line} /> : <p className={styles.muted}>{t('batch.lineFirst')}</p>}
      </Card>
    </div>
  );
}

/** The pre-validation answer: clean or how many rows have problems, the totals per coin, the rows (all, or only those at fault). */
function ValidationView({ result }: { result: CustodyBatchValidation }) {
  const { t } = useTranslation('custodyOrders');
  const language = useLanguage();
  const chainName = useChainName();
  const [shown, setShown] = useState<'all' | 'problems'>(result.clean ? 'all' : 'problems');
  const rows = shown === 'problems' ? result.rows.filter((row) => row.problems.length > 0) : result.rows;
  const amount = (coin: string, value: string) => (/^\d+(\.\d+)?$/.test(value) ? formatExactAmount(coin, value, language) : value);

  const columns: TableColumnsType<BatchRow> = [
    { key: 'line', title: t('batch.columns.line'), width: 70, render: (_value, row) => row.line },
    {
      key: 'coin',
      title: t('batch.columns.coin'),
      render: (_value, row) => (
        <span>
          <strong>{row.coin}</strong>
          <span className={styles.sub}>{row.network ? chainName(row.network.trim().toLowerCase()) : ''}</span>
        </span>
      ),
    },
    {
      key: 'address',
      title: t('batch.columns.address'),
      render: (_value, row) => (
        <span>
          {row.address ? <ShortValue value={row.address} keep={6} /> : t('common.none')}
          {row.tag ? <span className={styles.sub}>{t('batch.tag', { tag: row.tag })}</span> : null}
        </span>
      ),
    },
    {
      key: 'amount',
      title: t('batch.columns.amount'),
      align: 'right',
      render: (_value, row) => (
        <span className={styles.amount}>
          {amount(row.coin, row.amount)}
          {row.fee !== null ? <span className={styles.sub}>{t('orders.fee', { fee: amount(row.coin, row.fee) })}</span> : null}
        </span>
      ),
    },
    {
      key: 'result',
      title: t('batch.columns.result'),
      render: (_value, row) =>
        row.problems.length === 0 ? (
          <span className={styles.rowOk}>{t('batch.rowOk')}</span>
        ) : (
          <ul className={styles.rowProblems} data-testid="batch-row-problems">
            {row.problems.map((problem, at) => (
              <li key={at}>
                {problem.field ? <strong>{t(`batch.fields.${problem.field}`, { defaultValue: problem.field })}: </strong> : null}
                {problem.message}
              </li>
            ))}
          </ul>
        ),
    },
  ];

  return (
    <div className={styles.stack} data-testid="batch-result">
      {result.clean ? (
        <Alert type="success" showIcon title={t('batch.clean', { count: result.rowCount })} data-testid="batch-verdict" />
      ) : (
        <Alert
          type="error"
          showIcon
          title={t('batch.notClean', { count: result.problemRows, total: result.rowCount })}
          description={t('batch.notCleanHint')}
          data-testid="batch-verdict"
        />
      )}
      {result.totals.length > 0 ? (
        <table className={styles.limits} data-testid="batch-totals">
          <caption className={styles.caption}>{result.clean ? t('batch.totals') : t('batch.totalsValid')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('batch.columns.coin')}</th>
              <th scope="col">{t('batch.columns.amount')}</th>
              <th scope="col">{t('batch.columns.fee')}</th>
            </tr>
          </thead>
          <tbody>
            {result.totals.map((total) => (
              <tr key={total.coin}>
                <th scope="row">{total.coin}</th>
                <td>{formatExactAmount(total.coin, total.amount, language)}</td>
                <td>{formatExactAmount(total.coin, total.fee, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {result.clean ? null : (
        <Segmented
          value={shown}
          onChange={(value) => setShown(value as 'all' | 'problems')}
          options={[
            { value: 'problems', label: t('batch.showProblems', { count: result.problemRows }) },
            { value: 'all', label: t('batch.showAll', { count: result.rowCount }) },
          ]}
          data-testid="batch-shown"
        />
      )}
      <Table<BatchRow>
        data-testid="batch-rows"
        rowKey="line"
        size="small"
        columns={columns}
        dataSource={rows}
        rowClassName={(row) => (row.problems.length > 0 ? (styles.rowBad ?? '') : '')}
        pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        scroll={{ x: 760 }}
      />
    </div>
  );
}

export default BatchWithdrawPage;
