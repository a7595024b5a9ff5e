import { Button } from 'antd';
import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import table from '../../../shared/ui/records-table.module.css';

/** Previous / "page N of M" / next under a records table; nothing when there is one page. */
export function RecordsPager({ pageNo, pages, setPageNo }: { pageNo: number; pages: number; setPageNo: Dispatch<SetStateAction<number>> }) {
  const { t } = useTranslation('funds');
  if (pages <= 1) return null;
  return (
    <nav className={table.pager} aria-label={t('records.pages')}>
      <Button disabled={pageNo === 1} onClick={() => setPageNo((page) => page - 1)}>
        {t('records.previous')}
      </Button>
      <span className={table.pageNo}>{t('records.page', { page: pageNo, pages })}</span>
      <Button disabled={pageNo >= pages} onClick={() => setPageNo((page) => page + 1)}>
        {t('records.next')}
      </Button>
    </nav>
  );
}
