import styles from './coin-badge.module.css';

/** Brand-neutral tints per coin; unknown coins get the ink colour. */
const tints: Record<string, string> = {
  btc: '#f0a23b',
  eth: '#6b7fd7',
  usdt: '#26a17b',
  usdc: '#2775ca',
  xrp: '#23292f',
};

/** The coin's icon as a lettered badge (the catalogue's `icon` is a key, not an image). */
export function CoinBadge({
  coin,
  icon,
  name,
  size = 'medium',
}: {
  coin: string;
  icon?: string;
  name?: string;
  size?: 'small' | 'medium';
}) {
  const key = (icon ?? coin).toLowerCase();
  return (
    <span className={styles.coin}>
      <span
        aria-hidden="true"
        className={`${styles.badge} ${size === 'small' ? styles.small : ''}`}
        style={{ background: tints[key] ?? 'var(--color-ink-soft)' }}
      >
        {coin.slice(0, 1)}
      </span>
      <span className={styles.names}>
        <span className={styles.code}>{coin}</span>
        {name ? <span className={styles.name}>{name}</span> : null}
      </span>
    </span>
  );
}
