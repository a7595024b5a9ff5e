import { Popconfirm, type ButtonProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import common from './custody-console.module.css';

/**
 * An action of a console list that asks first (freeze, delete, revoke…): `children` opens the
 * confirmation, its OK button (`testId`, red unless `isDanger` is false) runs `onConfirm`; the
 * cancel text is `common.cancel` of `namespace`. A text naming an address or a long name wraps
 * (`isLong`).
 */
export function ConfirmedAction({
  namespace,
  title,
  text,
  okText,
  isDanger = true,
  isLong = false,
  testId,
  onConfirm,
  children,
}: {
  namespace: 'custodyOrg' | 'custodyConfig' | 'custodyPool';
  title: string;
  text: string;
  okText: string;
  isDanger?: boolean;
  isLong?: boolean;
  testId: string;
  onConfirm: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation(namespace);
  return (
    <Popconfirm
      title={title}
      description={isLong ? <span className={common.confirmText}>{text}</span> : text}
      okText={okText}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: isDanger, ...({ 'data-testid': testId } as ButtonProps) }}
      onConfirm={onConfirm}
    >
      {children}
    </Popconfirm>
  );
}
