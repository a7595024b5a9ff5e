import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { twofaStatusQuery } from '../../../shared/api/second-factors';
import styles from './security-forms.module.css';

/**
 * The submit button of a security form. With verification it waits for the bound factors,
 * so the form is never sent before their fields are on the screen.
 */
export function SecuritySubmitButton({
  loading,
  withVerification = true,
  testId,
  children,
}: {
  loading: boolean;
  withVerification?: boolean;
  testId?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('security');
  const status = useQuery({ ...twofaStatusQuery, enabled: withVerification });
  return (
    <div className={styles.actions}>
      <Button
        type="primary"
        htmlType="submit"
        block
        loading={loading}
        disabled={withVerification && !status.isSuccess}
        data-testid={testId}
      >
        {children ?? t('common.submit')}
      </Button>
    </div>
  );
}
