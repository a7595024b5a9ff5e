import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestI18n } from '../../../test/i18n';
import { PriceChange, priceColorsStorageKey } from './price-direction';

afterEach(() => {
  localStorage.clear();
});

function renderChange(language: string, value: string) {
  const i18n = createTestI18n();
  void i18n.changeLanguage(language);
  render(
    <I18nextProvider i18n={i18n}>
      <PriceChange value={value} text={value} />
    </I18nextProvider>,
  );
  return screen.getByText(value).closest('span')!;
}

describe('PriceChange', () => {
  it('is green for up in English, with an arrow', () => {
    expect(renderChange('en', '+1.5').className).toContain('green');
    expect(screen.getByText('▲')).toBeTruthy();
  });

  it('follows the red-up convention in Simplified and Traditional Chinese', () => {
    expect(renderChange('zh-CN', '+1.5').className).toContain('red');
    expect(renderChange('zh-TW', '-1.5').className).toContain('green');
  });

  it('lets the saved preference win over the language', () => {
    localStorage.setItem(priceColorsStorageKey, 'greenUp');
    expect(renderChange('zh-CN', '+2').className).toContain('green');
  });

  it('draws no arrow and no colour for no change', () => {
    expect(renderChange('en', '0.00').className).toContain('flat');
    expect(screen.queryByText('▲')).toBeNull();
    expect(screen.queryByText('▼')).toBeNull();
  });
});
