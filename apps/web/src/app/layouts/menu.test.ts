import { describe, expect, it } from 'vitest';
import { accountMenu, visibleMenu } from './menu';

describe('visibleMenu (gray/displayName)', () => {
  it('leaves out the entries the gray release hides, and a heading left empty', () => {
    const keys = (hidden: string[]) =>
      visibleMenu(accountMenu, new Set(hidden)).map((entry) =>
        'items' in entry ? `${entry.key}(${entry.items.map((item) => item.key).join(',')})` : entry.key,
      );
    expect(keys([])).toEqual(keys(['notAnEntry']));
    const hidden = keys(['loan', 'api', 'automaticSwap']);
    expect(hidden).not.toContain('loan');
    expect(hidden).not.toContain('api');
    expect(hidden).toContain('trade(exchange,orders,autoSwapOrders)');
    expect(keys(['exchange', 'automaticSwap', 'orders', 'autoSwapOrders']).some((key) => key.startsWith('trade'))).toBe(false);
  });
});
