import { Form } from 'antd';
import type { ReactNode } from 'react';
import styles from './admin.module.css';

/**
 * The buttons of a one-row form, in a form item whose empty label keeps them level with the
 * fields whatever the fields' messages below them.
 */
export function FormRowActions({ children }: { children: ReactNode }) {
  return (
    <Form.Item label={<span aria-hidden="true">&nbsp;</span>} colon={false}>
      <span className={styles.actions}>{children}</span>
    </Form.Item>
  );
}
