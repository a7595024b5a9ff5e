import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../shared/i18n/language-switch';
import { BrandMark } from '../../../shared/ui/brand-mark';
import styles from './admin-auth-card.module.css';

/** The frame of the back office's login and activation: the brand, the language, one card. */
export function AdminAuthCard({
  title,
  children,
  testId,
  isWide = false,
}: {
  title: string;
  children: ReactNode;
  testId: string;
  isWide?: boolean;
}) {
  const { t } = useTranslation('admin');
  const titleId = useId();
  return (
    <div className={styles.canvas}>
      <header className={styles.header}>
        <span className={styles.brand}>
          <BrandMark />
          <span>{t('app.name')}</span>
          <span className={styles.sub}>{t('app.backOffice')}</span>
        </span>
        <LanguageSwitch tone="light" />
      </header>
      <main className={styles.main}>
        <section className={isWide ? `${styles.card} ${styles.wide}` : styles.card} aria-labelledby={titleId} data-testid={testId}>
          <h1 id={titleId} className={styles.title}>
            {title}
          </h1>
          {children}
        </section>
      </main>
    </div>
  );
}
