import {
  STORAGE_KEYS,
  useAiConfiguration,
  useGuestCartMerge,
  useLanguage,
  useMarket,
  usePincode,
  useStoreBootstrap,
} from '@marketkit/hooks';
import type { Schema } from '@marketkit/sdk';
import { Spinner, Toaster } from '@marketkit/ui';
import { lazy, Suspense, startTransition, useEffect, useLayoutEffect, useState } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { AiWidget } from '../ai/widget.tsx';
import { rememberView } from '../boot/start.ts';
import { useI18n, useT } from '../i18n/react.tsx';
import { SettingsError, StoreUnavailable } from '../pages/store-status.tsx';
import { ScreenErrorBoundary } from '../shell/error-boundary.tsx';
import { FirstViewDone } from '../shell/first-view.tsx';
import { Footer } from '../shell/footer.tsx';
import { Guard } from '../shell/guards.tsx';
import { Header } from '../shell/header.tsx';
import { SHELL_NAMESPACES } from '../shell/namespaces.ts';
import { ScrollManager } from '../shell/scroll.tsx';
import { lazyScreen } from './lazy.ts';
import { AppRouter, matchesRoute } from './router.tsx';
import { BARE_ROUTES, NO_WIDGET_ROUTES, ROUTES } from './routes.ts';

const SCREENS = {
  home: lazyScreen('home'),
  signin: lazyScreen('signin'),
  categories: lazyScreen('categories'),
  listing: lazyScreen('listing'),
  product: lazyScreen('product'),
  cart: lazyScreen('cart'),
  wishlist: lazyScreen('wishlist'),
  checkout: lazyScreen('checkout'),
  addresses: lazyScreen('addresses'),
  orders: lazyScreen('orders'),
  order: lazyScreen('order'),
  'order-status': lazyScreen('order-status'),
  gateway: lazyScreen('gateway'),
  payment: lazyScreen('payment'),
  training: lazyScreen('training'),
  signup: lazyScreen('signup'),
  profile: lazyScreen('profile'),
  preferences: lazyScreen('preferences'),
  sessions: lazyScreen('sessions'),
  policies: lazyScreen('policies'),
  'ask-ai': lazyScreen('ask-ai'),
  'coming-soon': lazyScreen('coming-soon'),
  'not-found': lazyScreen('not-found'),
} as const;
const AskAi = SCREENS['ask-ai'];
const PaymentReturn = lazy(() => import('../shell/payment-return.tsx'));
const NotFound = SCREENS['not-found'];

/** Google Tag Manager, only when the store sets a tag (spec §7), with the snippet's start event. */
function loadTagManager(tag: string) {
  if (!tag || document.getElementById('mk-tag-manager')) return;
  const global = window as unknown as { dataLayer?: unknown[] };
  global.dataLayer = global.dataLayer ?? [];
  global.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.id = 'mk-tag-manager';
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(tag)}`;
  document.head.append(script);
}

function Shell({
  logoUrl,
  storeName,
  settings,
  language,
}: {
  logoUrl: string | null;
  storeName: string;
  settings: Schema<'StoreSettings'> | null;
  language: ReturnType<typeof useLanguage>;
}) {
  const dir = language.direction === 'RTL' ? 'rtl' : 'ltr';
  const { t } = useT('common');
  const [pathname] = useLocation();
  const ai = useAiConfiguration();
  // Spec §4: after sign-in the guest cart joins the server cart (the cart page does it itself).
  useGuestCartMerge();
  const bare = BARE_ROUTES.some((route) => matchesRoute(route, pathname));
  // The payment return check's code comes only while a payment flag is stored.
  const market = useMarket();
  // Once loaded it stays: the check clears the flags before it reports, and must still report.
  const [paymentCheckNeeded, setPaymentCheckNeeded] = useState(false);
  if (!paymentCheckNeeded && market.state.storage.get(STORAGE_KEYS.payDone) !== null)
    setPaymentCheckNeeded(true);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2 focus:text-black"
      >
        {t('skip_to_content')}
      </a>
      <ScrollManager />
      {bare ? null : (
        <Header
          logoUrl={logoUrl}
          logoSize={settings?.logo_size ?? 'medium'}
          storeName={storeName}
          language={language}
        />
      )}
      {/* At least a screen tall: the footer starts below the fold, so late content never shifts it. */}
      <main id="main-content" tabIndex={-1} className="min-h-[100dvh] flex-1 outline-none">
        {/* A new route starts without the last screen's error. */}
        <ScreenErrorBoundary key={pathname} title={t('screen_failed')} retryLabel={t('retry')}>
          <Suspense
            fallback={
              <div className="flex justify-center py-16">
                <Spinner label={t('loading')} />
              </div>
            }
          >
            {/* Mounts with the screen (not with the fallback): the server's first view goes then. */}
            <FirstViewDone />
            <Switch>
              {ROUTES.map((route) => {
                const Screen = SCREENS[route.screen];
                return (
                  <Route key={route.path} path={route.path}>
                    <Guard access={route.access}>
                      <Screen title={route.title} />
                    </Guard>
                  </Route>
                );
              })}
              {/* /ask-ai exists only when the AI configuration enables it (spec §2). */}
              <Route path="/ask-ai">
                {ai.isLoading ? (
                  <div className="flex justify-center py-16">
                    <Spinner label={t('loading')} />
                  </div>
                ) : ai.askAi ? (
                  <Guard access="signed-in">
                    <AskAi title="ask_ai" />
                  </Guard>
                ) : (
                  <NotFound title="not_found" />
                )}
              </Route>
              <Route>
                <NotFound title="not_found" />
              </Route>
            </Switch>
          </Suspense>
        </ScreenErrorBoundary>
      </main>
      {bare ? null : <Footer settings={settings} />}
      {ai.askAi && !NO_WIDGET_ROUTES.some((route) => matchesRoute(route, pathname)) ? (
        <AiWidget
          label={t('ask_ai', { name: ai.configuration?.assistant_name ?? '' })}
          name={ai.configuration?.assistant_name ?? ''}
        />
      ) : null}
      {paymentCheckNeeded ? (
        <Suspense fallback={null}>
          <PaymentReturn pathname={pathname} />
        </Suspense>
      ) : null}
      <Toaster dir={dir} closeLabel={t('close')} />
    </div>
  );
}

/** App start (spec §4): validation → settings → the store, themed before it is painted. */
export function App() {
  // Translations and the store calls load side by side; the store shows once both are there.
  const { t, ready } = useT(SHELL_NAMESPACES);
  const i18n = useI18n();
  const store = useStoreBootstrap();
  const language = useLanguage({
    onReload: () => {
      rememberView();
      location.reload();
    },
  });
  // The server's first view follows the shopper's language and pincode from the next page on.
  const { pincode } = usePincode();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the language and the pincode are what to follow
  useEffect(() => {
    if (!language.isLoading) rememberView();
  }, [language.isLoading, language.language, pincode]);
  const dir = language.direction === 'RTL' ? 'rtl' : 'ltr';

  useLayoutEffect(() => {
    const root = document.documentElement;
    root.lang = language.language.replace('_', '-');
    root.dir = dir;
    for (const [name, value] of Object.entries(store.cssVariables)) root.style.setProperty(name, value);
    document.title = store.title;
  }, [language.language, dir, store.cssVariables, store.title]);

  // The store's languages decide (saved, else the store default): texts follow before the paint.
  useLayoutEffect(() => {
    if (!language.isLoading) i18n.setLanguage(language.language);
  }, [i18n, language.isLoading, language.language]);

  useEffect(() => {
    if (store.status === 'ready')
      loadTagManager(store.settings?.store_page_settings.google_analytics_tag ?? '');
  }, [store.status, store.settings]);

  // Shown once everything the first screen needs is there; after that a language switch keeps the
  // page (texts change when they arrive) instead of going back to the spinner. The first render of
  // the store runs as a transition, so it yields to the browser instead of one long task.
  const loading = store.status === 'loading' || language.isLoading || !ready;
  const [revealed, setRevealed] = useState(false);
  useEffect(() => {
    if (!loading) startTransition(() => setRevealed(true));
  }, [loading]);

  if (store.status === 'loading' || !revealed) {
    return (
      <div className="flex min-h-screen items-center justify-center">
        <Spinner label={ready ? t('loading') : 'Loading'} />
      </div>
    );
  }
  if (store.status === 'unavailable' || store.status === 'settings-error')
    return (
      <>
        <FirstViewDone />
        {store.status === 'unavailable' ? <StoreUnavailable /> : <SettingsError />}
      </>
    );
  return (
    <AppRouter>
      <Shell
        logoUrl={store.logoUrl}
        storeName={store.validation.status === 'success' ? store.validation.displayName : ''}
        settings={store.settings}
        language={language}
      />
    </AppRouter>
  );
}
