import './styles.css';
import { MarketProvider } from '@marketkit/hooks';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { loadConfig, storeFromHost } from './app/config.ts';
import { initI18n } from './app/i18n.ts';

// Console output is silenced in production unless `localStorage.debug` is set (spec §9).
if (import.meta.env.PROD) {
  let debug = false;
  try {
    debug = Boolean(localStorage.getItem('debug'));
  } catch {
    debug = false;
  }
  if (!debug) for (const method of ['log', 'info', 'debug'] as const) console[method] = () => {};
}

const config = await loadConfig();
const store = storeFromHost(location.hostname, config);
let saved: string | null = null;
try {
  saved = localStorage.getItem('ln');
} catch {
  saved = null;
}
// Translations load while the store calls run: the app waits for both, not one after the other.
void initI18n(config.languageHost, saved ?? 'en');

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <MarketProvider servicesHost={config.servicesHost} store={store} pathname={() => location.pathname}>
        <App />
      </MarketProvider>
    </StrictMode>,
  );
}
