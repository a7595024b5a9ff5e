import type { ReactNode } from 'react';
import { AntdProvider } from './antd-provider';
import styles from './page-frame.module.css';

export interface PageFrameProps {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
}

/**
 * A screen of the signed-in area: antd in the user's language, the title with its actions, the
 * content. `linkActions` makes the actions a navigation of underlined links.
 */
export function PageFrame({ title, actions, children, testId, linkActions = false }: PageFrameProps & { linkActions?: boolean }) {
  const Actions = linkActions ? 'nav' : 'div';
  return (
    <AntdProvider>
      <div className={styles.page} data-testid={testId}>
        <div className={styles.header}>
          <h1 className={styles.title}>{title}</h1>
          {actions ? <Actions className={linkActions ? `${styles.actions} ${styles.links}` : styles.actions}>{actions}</Actions> : null}
        </div>
        {children}
      </div>
    </AntdProvider>
  );
}
