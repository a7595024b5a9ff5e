import { sanctionsImportMaxBytes, type SanctionsListVersion } from '@coffer/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Spin, Table, Tag, type TableColumnsType } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../../shared/format/format-amount';
import { formatBytes } from '../../../shared/format/format-bytes';
import { useChainName } from '../../../shared/i18n/chain-names';
import { useLanguage } from '../../../shared/i18n/use-language';
import { shortenMiddle } from '../../../shared/ui/short-value';
import { TableSkeleton } from '../../../shared/ui/table-skeleton';
import { errorText } from '../api/admin-call';
import { sanctionsVersionsQuery, useImportOfac } from '../api/sanctions';
import { emptyValue, rowProps, timeText } from './admin-format';
import { AdminErrorState } from './admin-states';
import styles from './admin.module.css';

/** OFAC list versions, newest (active) first, and the import of a new SDN advanced XML file. */
export function SanctionsVersions() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const chainName = useChainName();
  const versions = useQuery(sanctionsVersionsQuery);
  const importOfac = useImportOfac();
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const count = (value: number) => <span className={styles.figure}>{formatDecimal(String(value), 0, language)}</span>;

  const handleChoose = (chosen: File | null) => {
    importOfac.reset();
    setFile(chosen);
    if (!chosen) setFileProblem(null);
    else if (!/\.xml$/i.test(chosen.name)) setFileProblem(t('sanctions.notXml'));
    else if (chosen.size > sanctionsImportMaxBytes)
      setFileProblem(t('sanctions.tooLarge', { max: formatBytes(sanctionsImportMaxBytes, language) }));
    else setFileProblem(null);
  };

  const handleImport = () => {
    if (!file || fileProblem) return;
    importOfac.mutate(file, {
      onSuccess: () => {
        setFile(null);
        if (fileInput.current) fileInput.current.value = '';
      },
    });
  };

  const columns: TableColumnsType<SanctionsListVersion> = [
    {
      key: 'publishedOn',
      title: t('sanctions.publishedOn'),
      render: (_, row) => (
        <>
          {row.publishedOn ?? emptyValue} {row.isActive ? <Tag color="success">✓ {t('sanctions.active')}</Tag> : null}
        </>
      ),
    },
    { key: 'importedAt', title: t('sanctions.importedAt'), render: (_, row) => timeText(row.importedAt, language) },
    { key: 'importedBy', title: t('sanctions.importedBy'), render: (_, row) => row.importedBy.name ?? row.importedBy.id },
    { key: 'entries', title: t('sanctions.entries'), align: 'right', render: (_, row) => count(row.entryCount) },
    {
      key: 'byChain',
      title: t('sanctions.byChain'),
      render: (_, row) =>
        Object.entries(row.countsByChain)
          .map(([chain, value]) => `${chainName(chain)} ${formatDecimal(String(value), 0, language)}`)
          .join(' · ') || emptyValue,
    },
    {
      key: 'file',
      title: t('sanctions.file'),
      render: (_, row) => (
        <span className={styles.mono} title={row.fileSha256}>
          {shortenMiddle(row.fileSha256, 6)} · {formatBytes(row.fileBytes, language)}
        </span>
      ),
    },
  ];

  let body;
  if (versions.isError && !versions.data) body = <AdminErrorState error={versions.error} onRetry={() => void versions.refetch()} />;
  else if (!versions.data) body = <TableSkeleton rows={3} columns={6} />;
  else
    body = (
      <Table<SanctionsListVersion>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={versions.data}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        onRow={() => rowProps('sanctions-version-row')}
        locale={{ emptyText: t('sanctions.noVersions') }}
        data-testid="sanctions-versions"
      />
    );

  return (
    <Card title={t('sanctions.versions')}>
      <div className={`${styles.toolbar} ${styles.inlineAlert}`}>
        <div className={styles.fileLabel}>
          <span id="sanctions-file-label">{t('sanctions.chooseFile')}</span>
          <span className={styles.filePicker}>
            <input
              ref={fileInput}
              type="file"
              accept=".xml,application/xml,text/xml"
              className="visually-hidden"
              aria-labelledby="sanctions-file-label"
              onChange={(event) => handleChoose(event.target.files?.[0] ?? null)}
              disabled={importOfac.isPending}
              data-testid="sanctions-import-file"
            />
            <Button onClick={() => fileInput.current?.click()} disabled={importOfac.isPending} data-testid="sanctions-import-choose">
              {t('sanctions.chooseButton')}
            </Button>
            <span className={file ? undefined : styles.muted} data-testid="sanctions-import-name">
              {file ? `${file.name} · ${formatBytes(file.size, language)}` : t('sanctions.noFileChosen')}
            </span>
          </span>
        </div>
        <Button
          type="primary"
          disabled={!file || fileProblem !== null}
          loading={importOfac.isPending}
          onClick={handleImport}
          data-testid="sanctions-import-submit"
        >
          {t('sanctions.import')}
        </Button>
      </div>
      {fileProblem ? (
        <Alert type="error" showIcon title={fileProblem} className={styles.inlineAlert} data-testid="sanctions-import-problem" />
      ) : null}
      {importOfac.isPending && file ? (
        <Alert
          type="info"
          icon={<Spin size="small" />}
          showIcon
          title={t('sanctions.importing', { name: file.name, size: formatBytes(file.size, language) })}
          className={styles.inlineAlert}
          data-testid="sanctions-import-progress"
        />
      ) : null}
      {importOfac.isError ? (
        <Alert
          type="error"
          showIcon
          title={errorText(importOfac.error)}
          className={styles.inlineAlert}
          data-testid="sanctions-import-error"
        />
      ) : null}
      {importOfac.data ? (
        <Alert
          type="success"
          showIcon
          title={t('sanctions.imported', { entries: formatDecimal(String(importOfac.data.version.entryCount), 0, language) })}
          description={t('sanctions.rescreened', { holds: importOfac.data.rescreenedHolds, delisted: importOfac.data.holdsNoLongerListed })}
          className={styles.inlineAlert}
          data-testid="sanctions-import-result"
        />
      ) : null}
      {body}
    </Card>
  );
}
