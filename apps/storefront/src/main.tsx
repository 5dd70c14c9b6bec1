import './styles.css';
import { MarketProvider } from '@marketkit/hooks';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { boot } from './boot/start.ts';
import { I18nProvider } from './i18n/react.tsx';

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

const { config, store, storeId, prefetched, i18n } = await boot;

/** Spec §4: a session that ends on its own (refresh refused, guest 401) goes to /, without a reload. */
function goHome() {
  if (location.pathname === '/') return;
  history.pushState(null, '', '/');
  // The router follows history through popstate.
  dispatchEvent(new PopStateEvent('popstate'));
}

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <MarketProvider
          servicesHost={config.servicesHost}
          store={store}
          {...(storeId === undefined ? {} : { storeId })}
          prefetched={prefetched}
          pathname={() => location.pathname}
          onReplayFailed={() => location.reload()}
          onSessionEnded={goHome}
        >
          <App />
        </MarketProvider>
      </I18nProvider>
    </StrictMode>,
  );
}
