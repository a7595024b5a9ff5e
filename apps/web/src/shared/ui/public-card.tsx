import { useId, type ReactNode } from 'react';
import { SiteFooter } from '../layout/site-footer';
import { SiteHeader } from '../layout/site-header';
import styles from './public-card.module.css';

/**
 * A public page of one centred card (login, sign-up, a mining-pool partner's link): the public
 * header and footer around the card, titled by its heading; `isWide` for a card that shows more
 * than a form.
 */
export function PublicCardPage({
  title,
  subtitle,
  children,
  testId,
  isWide = false,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  testId?: string;
  isWide?: boolean;
}) {
  const titleId = useId();
  return (
    <>
      <SiteHeader />
      <main className={styles.canvas}>
        <section className={isWide ? `${styles.card} ${styles.wide}` : styles.card} aria-labelledby={titleId} data-testid={testId}>
          <header className={styles.heading}>
            <h1 id={titleId} className={styles.title}>
              {title}
            </h1>
            {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
          </header>
          {children}
        </section>
      </main>
      <SiteFooter />
    </>
  );
}
