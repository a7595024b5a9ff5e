import { useId, type ReactNode } from 'react';
import { SiteFooter } from '../../../shared/layout/site-footer';
import { SiteHeader } from '../../../shared/layout/site-header';
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
  const titleId = useId();
  return (
    <>
      <SiteHeader />
      <main className={styles.canvas}>
        <section className={styles.card} aria-labelledby={titleId} data-testid={testId}>
          <header className={styles.heading}>
            <h1 id={titleId} className={styles.title}>
              {title}
            </h1>
            {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
          </header>
          {children}
          {footer && <div className={styles.footer}>{footer}</div>}
        </section>
      </main>
      <SiteFooter />
    </>
  );
}

/** A line of small text with a link, for under the card's form. */
export function AuthFooterLine({ children }: { children: ReactNode }) {
  return <p className={styles.footerLine}>{children}</p>;
}
