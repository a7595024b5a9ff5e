import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pathTo } from '../../../shared/routes';
import { AntdProvider } from '../../../shared/ui/antd-provider';
import styles from './security-key.module.css';

/** Where the banner sends a member: the activation page's security-key step, without a link token. */
export function securityKeyStepPath(): string {
  return `${pathTo('custodyActivate')}?step=securityKey`;
}

/**
 * Shown over every console page while the organisation requires hardware keys and the member
 * has none (`me.hardwareKeyMissing`): approvals will be refused until they register one.
 */
export function HardwareKeyBanner() {
  const { t } = useTranslation('custody');
  return (
    <AntdProvider>
      <Alert
        type="warning"
        showIcon
        className={styles.banner}
        data-testid="custody-hardware-key-banner"
        title={t('securityKey.banner')}
        action={
          <Link to={securityKeyStepPath()} data-testid="custody-hardware-key-link">
            {t('securityKey.bannerLink')}
          </Link>
        }
      />
    </AntdProvider>
  );
}
