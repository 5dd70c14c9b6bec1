import './styles.css';
import { MarketProvider } from '@marketkit/hooks';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { dismissFirstView } from './boot/first-view.ts';
import { boot } from './boot/start.ts';
import { I18nProvider } from './i18n/react.tsx';
import { goHome, reloadAfterFailedReplay } from './shell/session-recovery.ts';

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

const root = document.getElementById('root');
if (root) {
  // A transition: the first render yields to the browser between components instead of one long task.
  const app = createRoot(root, {
    // An error no boundary caught unmounts the app: the server's first view must not stay over it.
    onUncaughtError: (error) => {
      dismissFirstView();
      reportError(error);
    },
  });
  startTransition(() =>
    app.render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <MarketProvider
            servicesHost={config.servicesHost}
            store={store}
            {...(storeId === undefined ? {} : { storeId })}
            prefetched={prefetched}
            pathname={() => location.pathname}
            onReplayFailed={reloadAfterFailedReplay}
            onSessionEnded={goHome}
          >
            <App />
          </MarketProvider>
        </I18nProvider>
      </StrictMode>,
    ),
  );
}
