import type { AutoSwapStatus, SpotOrderStatus, TradeSide } from '@coffer/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIsRedUp } from '../../../shared/ui/price-direction';
import styles from './status-tags.module.css';

/** The shared status colours (design.md): pending, success, failed, neutral; each with a mark so colour is not alone. */
type Tone = 'pending' | 'success' | 'failed' | 'neutral';

const tones = {
  pending: { color: 'warning', mark: '◷' },
  success: { color: 'success', mark: '✓' },
  failed: { color: 'error', mark: '✕' },
  neutral: { color: 'default', mark: '–' },
} as const satisfies Record<Tone, { color: string; mark: string }>;

const orderTones: Record<SpotOrderStatus, Tone> = {
  pendingPayment: 'pending',
  pendingSettlement: 'pending',
  inProgress: 'pending',
  completed: 'success',
  cancelled: 'neutral',
  refunded: 'neutral',
  abnormal: 'failed',
};

const autoSwapTones: Record<AutoSwapStatus, Tone> = {
  accepted: 'pending',
  processing: 'pending',
  settling: 'pending',
  completed: 'success',
  cancelled: 'neutral',
  rejected: 'failed',
  unsettle: 'failed',
};

function ToneTag({ tone, label }: { tone: Tone; label: string }) {
  const { color, mark } = tones[tone];
  return (
    <Tag color={color} className={styles.tag}>
      <span aria-hidden="true">{mark} </span>
      {label}
    </Tag>
  );
}

/** A spot order's payment state of spec §4. */
export function OrderStatusTag({ status }: { status: SpotOrderStatus }) {
  const { t } = useTranslation('trade');
  return <ToneTag tone={orderTones[status]} label={t(`orderStatus.${status}`)} />;
}

/** An automatic swap's state of spec §4. */
export function AutoSwapStatusTag({ status }: { status: AutoSwapStatus }) {
  const { t } = useTranslation('trade');
  return <ToneTag tone={autoSwapTones[status]} label={t(`autoSwapStatus.${status}`)} />;
}

/**
 * Buy or sell, as a word with an arrow: direction is never carried by colour alone. Buying
 * takes the "up" colour of the user's market convention (red in Chinese, green otherwise).
 */
export function SideLabel({ side }: { side: TradeSide }) {
  const { t } = useTranslation('trade');
  const isRedUp = useIsRedUp();
  const isRed = (side === 'buy') === isRedUp;
  return (
    <span className={`${styles.side} ${isRed ? styles.red : styles.green}`} data-side={side}>
      <span aria-hidden="true">{side === 'buy' ? '↑ ' : '↓ '}</span>
      {t(`side.${side}`)}
    </span>
  );
}
