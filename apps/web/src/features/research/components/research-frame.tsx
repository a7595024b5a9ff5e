import type { ReactNode } from 'react';
import { SiteFooter } from '../../../shared/layout/site-footer';
import { SiteHeader } from '../../../shared/layout/site-header';
import styles from './research.module.css';

/** The public frame of the research pages: site header, one readable column, footer. */
export function ResearchFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <SiteHeader />
      <main className={styles.canvas}>
        <div className={styles.column}>{children}</div>
      </main>
      <SiteFooter />
    </>
  );
}
