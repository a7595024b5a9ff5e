import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { configureHttpClient, defaultHttpEnvironment } from '../src/shared/http/http-client';
import { closeLoginPrompt } from '../src/shared/ui/login-prompt-store';
import { closeToast } from '../src/shared/ui/toast-store';

// findBy… and waitFor give up after 1 s by default: on a 2-core machine running several test
// files at once, antd's first render of a page can take longer. A wrong screen still fails, later.
configure({ asyncUtilTimeout: 5_000 });

// Web files share one module graph per worker (vitest.config.ts, isolate: false), so the
// app-wide stores a test leaves open (or the HTTP client's language a test in Russian set)
// would be seen by the next file: reset them after each test.
afterEach(() => {
  cleanup();
  configureHttpClient(defaultHttpEnvironment);
  closeLoginPrompt();
  closeToast('error');
  closeToast('success');
});

// jsdom has no matchMedia; antd's responsive helpers ask it. Nothing ever matches here.
if (typeof window !== 'undefined' && !window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// jsdom has no ResizeObserver; antd's tables, tabs and selects observe their size.
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
