import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyLayoutScaling } from './app/layout-scaling';
import { configureHttpClient } from './shared/http/http-client';
import { createI18n, currentLanguage } from './shared/i18n/i18n';
import { resolveLanguageFromBrowser, storeLanguage } from './shared/i18n/language';
import './shared/ui/theme.css';

const nativeTokenStorageKey = 'jwt-token';

async function start(): Promise<void> {
  applyLayoutScaling();
  const language = resolveLanguageFromBrowser();
  storeLanguage(language);
  const i18n = await createI18n(language);
  configureHttpClient({
    language: () => currentLanguage(i18n),
    text: (key) => i18n.t(key),
    nativeToken: () => sessionStorage.getItem(nativeTokenStorageKey),
  });
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <App i18n={i18n} />
    </StrictMode>,
  );
}

void start();
