import type { ReactNode } from 'react';
import { AntdProvider } from '../../../shared/ui/antd-provider';
import styles from './trade-page-frame.module.css';

/** A trade screen: antd in the user's language, the title with its actions, the content. */
export function TradePageFrame({ title, actions, children, testId }: { title: string; actions?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <AntdProvider>
      <div className={styles.page} data-testid={testId}>
        <div className={styles.header}>
          <h1 className={styles.title}>{title}</h1>
          {actions ? <nav className={styles.actions}>{actions}</nav> : null}
        </div>
        {children}
      </div>
    </AntdProvider>
  );
}
