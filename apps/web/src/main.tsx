import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { applyLayoutScaling } from './app/layout-scaling';
import { createAppRouter } from './app/router';
import { configureHttpClient } from './shared/http/http-client';
import { createI18n, currentLanguage } from './shared/i18n/i18n';
import { resolveLanguageFromBrowser, storeLanguage } from './shared/i18n/language';
import { queryClient } from './shared/query-client';
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
  // The router runs the first route's loaders as soon as it exists: after the client is set up.
  const router = createAppRouter(queryClient, (pageNamespaces) => i18n.loadNamespaces(pageNamespaces));
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <App i18n={i18n} queryClient={queryClient} router={router} />
    </StrictMode>,
  );
}

void start();
