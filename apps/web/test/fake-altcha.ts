import { vi } from 'vitest';

/**
 * Test-only: jsdom has no Web Workers, so `<altcha-widget>` is replaced by an element that
 * records its configuration and can be told it was verified, as the real one says it.
 */
export class FakeAltchaElement extends HTMLElement {
  static last: FakeAltchaElement | null = null;
  config: Record<string, unknown> = {};
  resets = 0;

  connectedCallback() {
    FakeAltchaElement.last = this;
  }

  configure(config: Record<string, unknown>) {
    this.config = { ...this.config, ...config };
  }

  reset() {
    this.resets += 1;
  }

  /** What the widget does once the browser has solved the challenge. */
  solve(payload: string) {
    this.dispatchEvent(new CustomEvent('verified', { detail: { payload } }));
  }
}

export const fakeAltchaLoader = {
  registerAltcha: vi.fn(() => {
    if (!customElements.get('altcha-widget')) customElements.define('altcha-widget', FakeAltchaElement);
  }),
  registerAltchaStrings: vi.fn(),
};
