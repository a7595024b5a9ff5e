import { Tag } from 'antd';
import styles from './security-status-tag.module.css';

/** Bound/set in green with a tick, unbound/unset in grey: the text always says which. */
export function SecurityStatusTag({ on, text, testId }: { on: boolean; text: string; testId?: string }) {
  return on ? (
    <Tag color="success" className={styles.tag} data-testid={testId} data-state="on">
      <span aria-hidden="true">✓ </span>
      {text}
    </Tag>
  ) : (
    <Tag className={`${styles.tag} ${styles.off}`} data-testid={testId} data-state="off">
      <span aria-hidden="true">○ </span>
      {text}
    </Tag>
  );
}
