import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/format-date';
import { useLanguage } from '../../../shared/i18n/use-language';
import styles from './price-chart.module.css';

export interface ChartPoint {
  time: string;
  /** Exact decimal string; only its position on screen goes through a float. */
  value: string;
}

const width = 960;
const height = 300;
const padding = { top: 16, right: 112, bottom: 28, left: 16 };

/** Position on the y axis only: the labels always show the exact strings. */
const geometry = (value: string) => Number(value);

/**
 * A line chart of prices over time, drawn as SVG: the line, a soft area, high and low marks,
 * start and end times, and a crosshair that reads out the nearest point (also by keyboard).
 */
export function PriceChart({
  points,
  format,
  label,
  testId,
}: {
  points: ChartPoint[];
  /** The value as text: a price at its pair's tick, index points… */ format: (value: string) => string;
  label: string;
  testId?: string;
}) {
  const { t } = useTranslation('market');
  const language = useLanguage();
  const gradientId = useId();
  const [activeIndex, setActiveIndex] = useState<number | null>(null);

  const layout = useMemo(() => {
    if (points.length === 0) return null;
    const values = points.map((point) => geometry(point.value));
    const times = points.map((point) => Date.parse(point.time));
    const highIndex = values.indexOf(Math.max(...values));
    const lowIndex = values.indexOf(Math.min(...values));
    const [min, max] = [values[lowIndex] ?? 0, values[highIndex] ?? 0];
    const span = max - min;
    const [first, last] = [times[0] ?? 0, times.at(-1) ?? 0];
    const x = (time: number) =>
      padding.left +
      (last === first
        ? (width - padding.left - padding.right) / 2
        : ((time - first) / (last - first)) * (width - padding.left - padding.right));
    const plotHeight = height - padding.top - padding.bottom;
    // A flat series sits in the middle rather than on the floor.
    const y = (value: number) => padding.top + (span === 0 ? plotHeight / 2 : (1 - (value - min) / span) * plotHeight);
    const coordinates = points.map((_, index) => ({ x: x(times[index] ?? 0), y: y(values[index] ?? 0) }));
    const line = coordinates.map((point, index) => `${index === 0 ? 'M' : 'L'}${point.x.toFixed(1)},${point.y.toFixed(1)}`).join(' ');
    const baseline = height - padding.bottom;
    const area = `${line} L${coordinates.at(-1)?.x.toFixed(1)},${baseline} L${coordinates[0]?.x.toFixed(1)},${baseline} Z`;
    return { coordinates, line, area, highIndex, lowIndex };
  }, [points]);

  if (!layout) return null;
  const active = activeIndex === null ? null : (points[activeIndex] ?? null);
  const activePosition = activeIndex === null ? null : layout.coordinates[activeIndex];
  const high = points[layout.highIndex];
  const low = points[layout.lowIndex];

  const pickNearest = (clientX: number, element: SVGSVGElement) => {
    const box = element.getBoundingClientRect();
    const svgX = ((clientX - box.left) / box.width) * width;
    let nearest = 0;
    layout.coordinates.forEach((point, index) => {
      if (Math.abs(point.x - svgX) < Math.abs((layout.coordinates[nearest]?.x ?? 0) - svgX)) nearest = index;
    });
    setActiveIndex(nearest);
  };

  return (
    <figure className={styles.figure} data-testid={testId}>
      <svg
        className={styles.svg}
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={label}
        tabIndex={0}
        onMouseMove={(event) => pickNearest(event.clientX, event.currentTarget)}
        onMouseLeave={() => setActiveIndex(null)}
        onBlur={() => setActiveIndex(null)}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
          event.preventDefault();
          const step = event.key === 'ArrowLeft' ? -1 : 1;
          setActiveIndex((current) => Math.min(points.length - 1, Math.max(0, (current ?? points.length - 1) + step)));
        }}
      >
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor="var(--color-accent)" stopOpacity="0.22" />
            <stop offset="100%" stopColor="var(--color-accent)" stopOpacity="0" />
          </linearGradient>
        </defs>
        <line
          className={styles.axis}
          x1={padding.left}
          x2={width - padding.right}
          y1={height - padding.bottom}
          y2={height - padding.bottom}
        />
        {[
          { point: high, y: layout.coordinates[layout.highIndex]?.y },
          { point: low, y: layout.coordinates[layout.lowIndex]?.y },
        ].map(({ point, y }, index) =>
          point && y !== undefined ? (
            <g key={index}>
              <line className={styles.guide} x1={padding.left} x2={width - padding.right} y1={y} y2={y} />
              <text className={styles.priceLabel} x={width - padding.right + 8} y={y + 4}>
                {format(point.value)}
              </text>
            </g>
          ) : null,
        )}
        <path d={layout.area} fill={`url(#${gradientId})`} />
        <path d={layout.line} className={styles.line} />
        {activePosition ? (
          <g>
            <line className={styles.crosshair} x1={activePosition.x} x2={activePosition.x} y1={padding.top} y2={height - padding.bottom} />
            <circle className={styles.dot} cx={activePosition.x} cy={activePosition.y} r={4} />
          </g>
        ) : null}
        <text className={styles.timeLabel} x={padding.left} y={height - 8}>
          {formatDateTime(points[0]?.time, language)}
        </text>
        <text className={styles.timeLabel} x={width - padding.right} y={height - 8} textAnchor="end">
          {formatDateTime(points.at(-1)?.time, language)}
        </text>
      </svg>
      <figcaption className={styles.caption}>
        <span>
          {t('chart.high')} <strong data-testid={testId ? `${testId}-high` : undefined}>{high ? format(high.value) : ''}</strong>
        </span>
        <span>
          {t('chart.low')} <strong data-testid={testId ? `${testId}-low` : undefined}>{low ? format(low.value) : ''}</strong>
        </span>
        <span className={styles.readout} aria-live="polite">
          {active ? t('chart.pointAt', { price: format(active.value), time: formatDateTime(active.time, language) }) : ''}
        </span>
      </figcaption>
    </figure>
  );
}
