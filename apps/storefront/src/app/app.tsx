import { useAiConfiguration, useLanguage, usePaymentReturnCheck, useStoreBootstrap } from '@marketkit/hooks';
import { Spinner, Toaster, toast } from '@marketkit/ui';
import { Suspense, useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, Link, Route, Routes, useLocation } from 'react-router';
import { SettingsError, StoreUnavailable } from '../pages/store-status.tsx';
import { ScreenErrorBoundary } from '../shell/error-boundary.tsx';
import { Footer } from '../shell/footer.tsx';
import { Guard } from '../shell/guards.tsx';
import { Header } from '../shell/header.tsx';
import { lazyScreen } from './lazy.ts';
import { BARE_ROUTES, NO_WIDGET_ROUTES, ROUTES } from './routes.ts';

const Home = lazyScreen(() => import('../pages/home.tsx'));
const SignIn = lazyScreen(() => import('../pages/signin.tsx'));
const ComingSoon = lazyScreen(() => import('../pages/coming-soon.tsx'));
const NotFound = lazyScreen(() => import('../pages/not-found.tsx'));

const SCREENS = { home: Home, signin: SignIn, 'coming-soon': ComingSoon } as const;

function loadTagManager(tag: string) {
  if (!tag || document.getElementById('mk-tag-manager')) return;
  const script = document.createElement('script');
  script.id = 'mk-tag-manager';
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(tag)}`;
  document.head.append(script);
}

function Shell({
  logoUrl,
  storeName,
  footerText,
  language,
}: {
  logoUrl: string | null;
  storeName: string;
  footerText: string;
  language: ReturnType<typeof useLanguage>;
}) {
  const dir = language.direction === 'RTL' ? 'rtl' : 'ltr';
  const { t } = useTranslation(['common', 'cart', 'order']);
  const location = useLocation();
  const ai = useAiConfiguration();
  const bare = BARE_ROUTES.includes(location.pathname);
  usePaymentReturnCheck({
    pathname: location.pathname,
    onPaid: () => toast.success(t('cart:order placed success')),
    onNotPaid: () => toast.error(t('order:order payment fail'), { id: 'failed_order' }),
  });
  useEffect(() => {
    window.history.scrollRestoration = 'manual';
  }, []);
  return (
    <div className="flex min-h-screen flex-col">
      {bare ? null : <Header logoUrl={logoUrl} storeName={storeName} language={language} />}
      <div className="flex-1">
        <ScreenErrorBoundary title={t('screen_failed')} retryLabel={t('retry')}>
          <Suspense
            fallback={
              <div className="flex justify-center py-16">
                <Spinner label={t('loading')} />
              </div>
            }
          >
            <Routes>
              {ROUTES.map((route) => {
                const Screen = SCREENS[route.screen];
                return (
                  <Route
                    key={route.path}
                    path={route.path}
                    element={
                      <Guard access={route.access}>
                        <Screen title={route.title} />
                      </Guard>
                    }
                  />
                );
              })}
              {ai.askAi ? (
                <Route
                  path="/ask-ai"
                  element={
                    <Guard access="signed-in">
                      <ComingSoon title="ask_ai" />
                    </Guard>
                  }
                />
              ) : null}
              <Route path="*" element={<NotFound title="not_found" />} />
            </Routes>
          </Suspense>
        </ScreenErrorBoundary>
      </div>
      {bare ? null : <Footer text={footerText} />}
      {ai.askAi && !NO_WIDGET_ROUTES.includes(location.pathname) ? (
        <Link
          to="/ask-ai"
          className="fixed bottom-4 end-4 rounded-full bg-primary px-4 py-3 font-medium text-primary-fg shadow-lg"
          data-testid="ai-widget"
        >
          {t('ask_ai', { name: ai.configuration?.assistant_name ?? '' })}
        </Link>
      ) : null}
      <Toaster dir={dir} />
    </div>
  );
}

/** App start (spec §4): validation → settings → the store, themed before it is painted. */
export function App() {
  // Translations and the store calls load side by side; the store shows once both are there.
  const { t, i18n, ready } = useTranslation(['common', 'store_modal', 'header', 'footer']);
  const store = useStoreBootstrap();
  const language = useLanguage({ onReload: () => location.reload() });
  const dir = language.direction === 'RTL' ? 'rtl' : 'ltr';

  useLayoutEffect(() => {
    const root = document.documentElement;
    root.lang = language.language.replace('_', '-');
    root.dir = dir;
    for (const [name, value] of Object.entries(store.cssVariables)) root.style.setProperty(name, value);
    document.title = store.title;
  }, [language.language, dir, store.cssVariables, store.title]);

  useEffect(() => {
    if (i18n.language !== language.language) void i18n.changeLanguage(language.language);
  }, [i18n, language.language]);

  useEffect(() => {
    if (store.status === 'ready')
      loadTagManager(store.settings?.store_page_settings.google_analytics_tag ?? '');
  }, [store.status, store.settings]);

  if (store.status === 'loading' || !ready) {
    return (
      <div className="flex min-h-screen items-center justify-center">
        <Spinner label={ready ? t('loading') : 'Loading'} />
      </div>
    );
  }
  if (store.status === 'unavailable') return <StoreUnavailable />;
  if (store.status === 'settings-error') return <SettingsError />;
  return (
    <BrowserRouter>
      <Shell
        logoUrl={store.logoUrl}
        storeName={store.validation.status === 'success' ? store.validation.displayName : ''}
        footerText={store.settings?.store_footer_settings.footer_text ?? ''}
        language={language}
      />
    </BrowserRouter>
  );
}
