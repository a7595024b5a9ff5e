import { useId } from 'react';
import styles from './trend-chart.module.css';

export interface TrendPoint {
  date: string;
  /** Decimal string; turned into a number only to place a pixel. */
  value: string;
}

const width = 600;
const height = 140;
const padding = 6;

/**
 * A value over time (a customer's asset trend, the assets under custody per day) as a
 * hand-written SVG line with a soft fill. Geometry only: the amounts on screen come from the
 * formatted labels, never from these coordinates. `highLabel`/`lowLabel` name the top and the
 * bottom of the line's range when given.
 */
export function TrendChart({
  points,
  label,
  startLabel,
  endLabel,
  highLabel,
  lowLabel,
  testId,
}: {
  points: TrendPoint[];
  /** Says what the chart shows, for screen readers. */
  label: string;
  startLabel: string;
  endLabel: string;
  highLabel?: string;
  lowLabel?: string;
  testId?: string;
}) {
  const gradientId = useId();
  // Pixel positions only; amounts never round-trip through these numbers.
  const values = points.map((point) => Number(point.value) || 0);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min;
  const x = (index: number) => (points.length <= 1 ? width / 2 : (index / (points.length - 1)) * width);
  const y = (value: number) => (span === 0 ? height / 2 : padding + (1 - (value - min) / span) * (height - padding * 2));

  const coordinates =
    values.length === 1
      ? [`0,${y(values[0] ?? 0)}`, `${width},${y(values[0] ?? 0)}`]
      : values.map((value, index) => `${x(index).toFixed(2)},${y(value).toFixed(2)}`);
  const line = `M${coordinates.join(' L')}`;
  const area = `${line} L${width},${height} L0,${height} Z`;

  const hasScale = highLabel !== undefined || lowLabel !== undefined;
  return (
    <figure className={hasScale ? `${styles.chart} ${styles.withScale}` : styles.chart} data-testid={testId}>
      {hasScale ? (
        <div className={styles.scale} aria-hidden="true">
          <span>{highLabel}</span>
          <span>{lowLabel}</span>
        </div>
      ) : null}
      <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" role="img" aria-label={label} className={styles.svg}>
        <defs>
          <linearGradient id={gradientId} x1="0" x2="0" y1="0" y2="1">
            <stop offset="0%" stopColor="var(--color-accent)" stopOpacity="0.28" />
            <stop offset="100%" stopColor="var(--color-accent)" stopOpacity="0" />
          </linearGradient>
        </defs>
        {[0.25, 0.5, 0.75].map((fraction) => (
          <line
            key={fraction}
            x1="0"
            x2={width}
            y1={height * fraction}
            y2={height * fraction}
            className={styles.grid}
            vectorEffect="non-scaling-stroke"
          />
        ))}
        {points.length > 0 ? (
          <>
            <path d={area} fill={`url(#${gradientId})`} stroke="none" />
            <path d={line} className={styles.line} vectorEffect="non-scaling-stroke" />
          </>
        ) : null}
      </svg>
      <figcaption className={styles.axis} aria-hidden="true">
        <span>{startLabel}</span>
        <span>{endLabel}</span>
      </figcaption>
    </figure>
  );
}
