import type { ReactNode } from 'react';
import { PublicCardPage } from '../../../shared/ui/public-card';
import styles from './auth-card.module.css';

/**
 * The frame of the login, sign-up and forgot-password screens: the public header and
 * footer around one centred card on the canvas.
 */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
  testId,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Links under the form ("Sign up", "Forgot password?"). */
  footer?: ReactNode;
  testId?: string;
}) {
  return (
    <PublicCardPage title={title} subtitle={subtitle} testId={testId}>
      {children}
      {footer && <div className={styles.footer}>{footer}</div>}
    </PublicCardPage>
  );
}

/** A line of small text with a link, for under the card's form. */
export function AuthFooterLine({ children }: { children: ReactNode }) {
  return <p className={styles.footerLine}>{children}</p>;
}
