import { Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';

/**
 * A whole list of the console's configuration (accounts, business lines, roles, members) on one
 * page: a row per item by its id, `empty` in place of no rows; `isScrollable` for a wide list
 * that scrolls sideways rather than squeezing its columns.
 */
export function ConsoleTable<Row extends { id: string }>({
  columns,
  rows,
  empty,
  isScrollable = false,
  testId,
}: {
  columns: TableColumnsType<Row>;
  rows: Row[];
  empty?: ReactNode;
  isScrollable?: boolean;
  testId: string;
}) {
  return (
    <Table<Row>
      rowKey="id"
      columns={columns}
      dataSource={rows}
      locale={empty === undefined ? undefined : { emptyText: empty }}
      pagination={false}
      size="middle"
      scroll={isScrollable ? { x: 'max-content' } : undefined}
      data-testid={testId}
    />
  );
}
