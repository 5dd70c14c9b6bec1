import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { type createBrowserRouter, Link, Outlet, type RouteObject, RouterProvider } from 'react-router';
import { session } from './api.ts';
import { useCart, useSignedIn } from './hooks.ts';
import { i18n } from './i18n.ts';
import { CartPage } from './pages/cart.tsx';
import { CheckoutPage, OrderPage } from './pages/checkout.tsx';
import { ProductPage } from './pages/product.tsx';
import { ProductsPage } from './pages/products.tsx';
import { SignInPage } from './pages/sign-in.tsx';

/** Header and the routes' outlet. */
function Layout() {
  const { t } = useTranslation();
  const signedIn = useSignedIn();
  const cart = useCart();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4 p-4">
      <header className="flex items-center gap-4">
        <Link to="/" className="font-bold">
          Marketkit
        </Link>
        <Link to="/cart">{t('cart', { count: cart.quantity })}</Link>
        {signedIn ? (
          <button type="button" onClick={() => session.set(null)}>
            {t('signOut')}
          </button>
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

/** The whole app: a QueryClient around the router. */
export function App({
  router,
  queryClient = new QueryClient(),
}: {
  router: Router;
  queryClient?: QueryClient;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
