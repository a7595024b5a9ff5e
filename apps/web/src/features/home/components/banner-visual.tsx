import { useTranslation } from 'react-i18next';
import { HomeIcon } from './home-icon';
import styles from './banner-visual.module.css';
import { supportedAssets } from './supported-assets';

const center = { x: 250, y: 220 };
const orbitRadius = 192;
/** Where each asset sits on the orbit, in degrees clockwise from three o'clock. */
const assetAngles: Record<(typeof supportedAssets)[number]['ticker'], number> = {
  BTC: 202,
  ETH: 250,
  USDT: 12,
  USDC: 62,
  XRP: 160,
};

const ticks = Array.from({ length: 72 }, (_, index) => index * 5);

function onCircle(radius: number, degrees: number) {
  const radians = (degrees * Math.PI) / 180;
  return { x: center.x + radius * Math.cos(radians), y: center.y + radius * Math.sin(radians) };
}

/** The hero's decorative picture: a vault dial orbited by the supported assets. */
export function BannerVisual() {
  const { t } = useTranslation('home');
  return (
    <div className={styles.visual} aria-hidden="true">
      <svg className={styles.art} viewBox="0 0 500 440">
        <defs>
          <radialGradient id="banner-glow" cx="50%" cy="50%" r="50%">
            <stop offset="0%" stopColor="#d4a73c" stopOpacity="0.22" />
            <stop offset="60%" stopColor="#d4a73c" stopOpacity="0.05" />
            <stop offset="100%" stopColor="#d4a73c" stopOpacity="0" />
          </radialGradient>
          <linearGradient id="banner-disc" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0%" stopColor="#20396a" />
            <stop offset="100%" stopColor="#0c1c37" />
          </linearGradient>
          <linearGradient id="banner-core" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor="#132a50" />
            <stop offset="100%" stopColor="#0a1830" />
          </linearGradient>
        </defs>
        <circle cx={center.x} cy={center.y} r="220" fill="url(#banner-glow)" />
        <circle cx={center.x} cy={center.y} r={orbitRadius} fill="none" stroke="rgba(255,255,255,0.14)" strokeDasharray="2 7" />
        <circle cx={center.x} cy={center.y} r="152" fill="none" stroke="rgba(212,167,60,0.28)" />
        {ticks.map((degrees) => {
          const isMajor = degrees % 30 === 0;
          const outer = onCircle(146, degrees);
          const inner = onCircle(isMajor ? 134 : 140, degrees);
          return (
            <line
              key={degrees}
              x1={outer.x}
              y1={outer.y}
              x2={inner.x}
              y2={inner.y}
              stroke={isMajor ? '#d4a73c' : 'rgba(255,255,255,0.22)'}
              strokeWidth={isMajor ? 2 : 1}
              strokeLinecap="round"
            />
          );
        })}
        <circle cx={center.x} cy={center.y} r="122" fill="url(#banner-disc)" stroke="rgba(255,255,255,0.12)" />
        <g className={styles.dial}>
          <circle cx={center.x} cy={center.y} r="104" fill="none" stroke="rgba(212,167,60,0.55)" strokeWidth="1.5" strokeDasharray="46 8" />
        </g>
        <circle cx={center.x} cy={center.y} r="84" fill="url(#banner-core)" stroke="#d4a73c" strokeOpacity="0.7" strokeWidth="2" />
        <g transform={`translate(${center.x} ${center.y - 6}) scale(3.6) translate(-16 -16)`}>
          <path
            d="M9 11.5 16 7l7 4.5v9L16 25l-7-4.5z"
            fill="rgba(212,167,60,0.08)"
            stroke="#d4a73c"
            strokeWidth="1.5"
            strokeLinejoin="round"
          />
          <path d="M16 12v8" stroke="#d4a73c" strokeWidth="1.5" strokeLinecap="round" />
        </g>
        {supportedAssets.map((asset) => {
          const point = onCircle(orbitRadius, assetAngles[asset.ticker]);
          return (
            <g key={asset.ticker}>
              <circle cx={point.x} cy={point.y} r="27" fill="#0b1b33" stroke={asset.color} strokeWidth="2" />
              <circle cx={point.x} cy={point.y} r="21" fill={asset.color} fillOpacity="0.14" />
              <text x={point.x} y={point.y} textAnchor="middle" dominantBaseline="central" fontSize="11.5" className={styles.ticker}>
                {asset.ticker}
              </text>
            </g>
          );
        })}
      </svg>

      <span className={styles.vaultLabel}>{t('banner.visual.vaultLabel')}</span>

      <div className={`${styles.card} ${styles.approval}`}>
        <span className={styles.approvalIcon}>
          <HomeIcon name="check" />
        </span>
        <span className={styles.cardText}>
          <strong className={styles.cardTitle}>{t('banner.visual.approvalTitle')}</strong>
          <span className={styles.cardNote}>{t('banner.visual.approvalText')}</span>
          <span className={styles.signers}>
            <span />
            <span />
            <span />
          </span>
        </span>
      </div>

      <div className={`${styles.card} ${styles.quote}`}>
        <svg className={styles.countdown} viewBox="0 0 40 40">
          <circle cx="20" cy="20" r="16" fill="none" stroke="#e3e8ef" strokeWidth="3.5" />
          <circle
            className={styles.countdownBar}
            cx="20"
            cy="20"
            r="16"
            fill="none"
            stroke="#d4a73c"
            strokeWidth="3.5"
            strokeLinecap="round"
            pathLength="100"
            strokeDasharray="100"
            transform="rotate(-90 20 20)"
          />
        </svg>
        <span className={styles.cardText}>
          <span className={styles.quoteHead}>
            <strong className={styles.cardTitle}>{t('banner.visual.quoteTitle')}</strong>
            <span className={styles.pair}>BTC → USDT</span>
          </span>
          <span className={styles.cardNote}>{t('banner.visual.quoteText')}</span>
        </span>
      </div>
    </div>
  );
}
