import type { ReactNode } from 'react';
import styles from './table-empty.module.css';

/** What a table shows without rows: why, and what to do next (a link, a button). */
export function TableEmpty({ text, children }: { text: string; children: ReactNode }) {
  return (
    <div className={styles.empty}>
      <p>{text}</p>
      {children}
    </div>
  );
}
