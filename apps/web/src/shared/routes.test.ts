import { describe, expect, it } from 'vitest';
import { pathTo } from './routes';

describe('route paths', () => {
  it('fills route parameters', () => {
    expect(pathTo('propertyCenterQuotationDetail', { action: 'BTC' })).toBe('/propertyCenter/quotation/detail/BTC');
    expect(() => pathTo('propertyCenterQuotationDetail')).toThrow(/action/);
  });
});
