import { Skeleton } from 'antd';
import styles from './table-skeleton.module.css';

/** A table-shaped placeholder: a header line and `rows` rows of `columns` cells. */
export function TableSkeleton({ rows = 5, columns = 5, withBadge = false }: { rows?: number; columns?: number; withBadge?: boolean }) {
  return (
    <div className={styles.table} aria-busy="true" style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
      {Array.from({ length: columns }, (_, column) => (
        <span key={`h${column}`} className={styles.head}>
          <Skeleton.Input active size="small" />
        </span>
      ))}
      {Array.from({ length: rows }, (_, row) =>
        Array.from({ length: columns }, (_, column) => (
          <span key={`${row}-${column}`} className={column === 0 ? styles.first : styles.cell}>
            {column === 0 && withBadge ? <Skeleton.Avatar active size="small" /> : null}
            <Skeleton.Input active size="small" block />
          </span>
        )),
      )}
    </div>
  );
}
