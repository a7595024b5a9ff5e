import { Card } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../shared/routes';
import { AntdProvider } from '../../../shared/ui/antd-provider';
import styles from './security-page-frame.module.css';

/**
 * The frame of a bind/change screen: the way back to the security centre, the title, an
 * introduction and the form in a card.
 */
export function SecurityPageFrame({
  title,
  intro,
  wide = false,
  children,
}: {
  title: string;
  intro?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('security');
  return (
    <AntdProvider>
      <div className={wide ? `${styles.page} ${styles.wide}` : styles.page}>
        <Link to={pathTo('propertySecuritySetting')} className={styles.back}>
          <span aria-hidden="true">←</span> {t('common.backToSecurity')}
        </Link>
        <h1 className={styles.title}>{title}</h1>
        {intro ? <p className={styles.intro}>{intro}</p> : null}
        <Card className={styles.card}>{children}</Card>
      </div>
    </AntdProvider>
  );
}
