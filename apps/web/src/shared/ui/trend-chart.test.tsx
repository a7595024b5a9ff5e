import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TrendChart } from './trend-chart';

const points = [
  { date: '2026-11-18', value: '250000.00' },
  { date: '2026-11-19', value: '310000.50' },
  { date: '2026-11-20', value: '301200.00' },
];

describe('TrendChart', () => {
  it('draws the line from the highest value at the top to the lowest at the bottom, named for screen readers', () => {
    render(
      <TrendChart
        points={points}
        label="Per day"
        startLabel="Nov 18"
        endLabel="Nov 20"
        highLabel="$310,000.50"
        lowLabel="$250,000.00"
        testId="chart"
      />,
    );
    const chart = screen.getByTestId('chart');
    expect(screen.getByRole('img', { name: 'Per day' })).toBeTruthy();
    const line = chart.querySelectorAll('path')[1]?.getAttribute('d') ?? '';
    // x from 0 to 600, y within the 6-px padding of 140: the lowest at 134, the highest at 6.
    expect(line).toBe('M0.00,134.00 L300.00,6.00 L600.00,24.77');
    expect(chart.textContent).toBe('$310,000.50$250,000.00Nov 18Nov 20');
  });

  it('draws one value as a flat line, and nothing but the grid without values', () => {
    const { container, rerender } = render(<TrendChart points={points.slice(0, 1)} label="One" startLabel="" endLabel="" />);
    expect(container.querySelectorAll('path')[1]?.getAttribute('d')).toBe('M0,70 L600,70');
    rerender(<TrendChart points={[]} label="None" startLabel="" endLabel="" />);
    expect(container.querySelectorAll('path')).toHaveLength(0);
    expect(container.querySelectorAll('line')).toHaveLength(3);
  });
});
