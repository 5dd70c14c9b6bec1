import {
  MarketProvider,
  type MarketProviderProps,
  useCart,
  useGuestCartMerge,
  useSession,
  useStoreBootstrap,
} from '@marketkit/hooks';
import { onRoutes } from '@marketkit/hooks/core';
import { useEffect } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { type createBrowserRouter, Link, Outlet, type RouteObject, RouterProvider } from 'react-router';
import { i18n } from './i18n.ts';
import { CartPage } from './pages/cart.tsx';
import { CheckoutPage, OrderPage } from './pages/checkout.tsx';
import { ProductPage } from './pages/product.tsx';
import { ProductsPage } from './pages/products.tsx';
import { SignInPage } from './pages/sign-in.tsx';

/** Header: the store's name, the cart's count, the shopper and the provider's guest-cart merge status. */
function Layout() {
  const { t } = useTranslation();
  const store = useStoreBootstrap();
  const session = useSession();
  const cart = useCart();
  const merge = useGuestCartMerge();
  useEffect(() => {
    document.title = store.title;
  }, [store.title]);
  if (store.status === 'loading') return <p>{t('loading')}</p>;
  if (store.status !== 'ready') return <p role="alert">{t('unavailable')}</p>;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4 p-4">
      <header className="flex items-center gap-4">
        <Link to="/" className="font-bold">
          {store.title}
        </Link>
        <Link to="/cart">{t('cart', { count: cart.quantity })}</Link>
        {session.status === 'signed-in' ? (
          <span>
            {t('hello', { name: session.user?.displayName ?? '' })}{' '}
            {merge.status === 'merging' ? t('merging') : null}{' '}
            <button type="button" onClick={() => void session.signOut()}>
              {t('signOut')}
            </button>
          </span>
        ) : (
          <Link to="/signin">{t('signIn')}</Link>
        )}
      </header>
      <main>
        <Outlet />
      </main>
    </div>
  );
}

/** The app's routes (React Router 7, data mode). */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { index: true, element: <ProductsPage /> },
      { path: 'products/:productId', element: <ProductPage /> },
      { path: 'cart', element: <CartPage /> },
      { path: 'signin', element: <SignInPage /> },
      { path: 'checkout/:checkoutId', element: <CheckoutPage /> },
      { path: 'orders/:orderId', element: <OrderPage /> },
    ],
  },
];

type Router = ReturnType<typeof createBrowserRouter>;

/** A 401 on the sign-in page means wrong credentials there: no token refresh is tried. */
const signInPage = onRoutes(['/signin']);

type MarketOptions = Omit<MarketProviderProps, 'children' | 'pathname' | 'language' | 'onLanguageChange'>;

/** The provider told i18next's language (and told to switch i18next when the hooks pick another). */
function Market({ router, ...market }: MarketOptions & { router: Router }) {
  const { i18n: current } = useTranslation();
  return (
    <MarketProvider
      {...market}
      language={current.language}
      onLanguageChange={(language) => void current.changeLanguage(language)}
      pathname={() => router.state.location.pathname}
      refreshBlockedOn={signInPage}
    >
      <RouterProvider router={router} />
    </MarketProvider>
  );
}

/** The whole app: i18next around one MarketProvider (told where the router is) around the router. */
export function App(props: MarketOptions & { router: Router }) {
  return (
    <I18nextProvider i18n={i18n}>
      <Market {...props} />
    </I18nextProvider>
  );
}
