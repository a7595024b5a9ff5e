import { Table, type TableColumnsType, type TableProps } from 'antd';
import type { ReactNode } from 'react';

/** The page sizes a paged list offers; it starts with the second. */
const pageSizes = [10, 20, 50];
const defaultPageSize = 20;

function positive(text: string | null, fallback: number): number {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** The page and its size kept in the address (`page`, `size`), so a list can be reloaded and shared. */
export function pageFromParams(params: URLSearchParams): { pageNo: number; pageSize: number } {
  return { pageNo: positive(params.get('page'), 1), pageSize: positive(params.get('size'), defaultPageSize) };
}

/** Writes the page and its size into `search`, leaving out the first page and the default size. */
export function writePageParams(search: URLSearchParams, pageNo: number, pageSize: number): void {
  if (pageNo !== 1) search.set('page', String(pageNo));
  if (pageSize !== defaultPageSize) search.set('size', String(pageSize));
}

/** One page of a list, as the list endpoints answer it. */
export interface RecordPage<T> {
  records: T[];
  pageNo: number;
  pageSize: number;
  total: number;
}

/** What a page shows in a paged table: the page, whether the next one is loading, the empty state, the pager's call. */
export interface PagedTableList<T> {
  page: RecordPage<T>;
  isLoading: boolean;
  empty: ReactNode;
  onPageChange: (pageNo: number, pageSize: number) => void;
}

/** A list paged by the server, with its pager (size changer, total) below; `label` names the section. */
export function PagedTable<T extends object>({
  testId,
  label,
  rowKey,
  columns,
  totalText,
  scroll,
  page,
  isLoading,
  empty,
  onPageChange,
}: PagedTableList<T> & {
  testId: string;
  label: string;
  rowKey: keyof T & string;
  columns: TableColumnsType<T>;
  totalText: (total: number) => string;
  scroll?: TableProps<T>['scroll'];
}) {
  return (
    <section data-testid={testId} aria-label={label}>
      <Table<T>
        rowKey={rowKey}
        size="middle"
        columns={columns}
        dataSource={page.records}
        loading={isLoading}
        locale={{ emptyText: empty }}
        scroll={scroll}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: page.total,
          pageSizeOptions: pageSizes,
          showSizeChanger: true,
          showTotal: totalText,
          onChange: onPageChange,
        }}
      />
    </section>
  );
}
