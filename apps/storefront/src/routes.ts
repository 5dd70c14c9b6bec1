import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

const spa = process.env.MARKETKIT_SPA === '1';

/**
 * A page whose route has server exports (its loader, its action). The server build routes to its file
 * in `routes/`, which adds them over the page; the SPA build, which has no server, routes to the page
 * alone. The route's id is the page's in both.
 */
const served = (name: string) => (spa ? `pages/${name}.tsx` : `routes/${name}.tsx`);
const id = (name: string) => ({ id: `pages/${name}` });

// Every route of the storefront and who may see it. Paths match whatever their case and with a trailing slash;
// a language first in the path (`/fr/cart`) is taken off before routing (server/app.ts, entry.client).
export default [
  index(served('home'), id('home')),
  route('productListing', served('listing'), id('listing')),
  route('cart', 'pages/cart.tsx'),
  route('listCategories', served('categories'), id('categories')),
  route('ProductDetails', served('product'), id('product')),
  route('policies/*', 'pages/policies.tsx'),
  layout('shell/guests-only.tsx', [
    route('signup', served('signup'), id('signup')),
    route('signin', served('signin'), id('signin')),
  ]),
  layout('shell/signed-in-only.tsx', [
    route('WishList', 'pages/wishlist.tsx'),
    route('checkout/:checkoutId', 'pages/checkout.tsx'),
    route('customerAddress', 'pages/addresses.tsx'),
    route('userprofile/order', 'pages/order.tsx'),
    route('userprofile/myOrder', 'pages/orders.tsx'),
    route('preferences', 'pages/preferences.tsx'),
    route('cashfree', 'pages/payment.tsx', { id: 'cashfree' }),
    route('payment', 'pages/payment.tsx', { id: 'payment' }),
    route('myProfile', 'pages/profile.tsx', { id: 'my-profile' }),
    route('userDetails', 'pages/profile.tsx', { id: 'user-details' }),
    route('loginSessions', 'pages/sessions.tsx', { id: 'login-sessions' }),
    route('trainingOverview/:orderItemId/:orderId', 'pages/training.tsx'),
    // Guarded like every other signed-in route (the original's unguarded duplicate is a defect).
    route('activeSessions', 'pages/sessions.tsx', { id: 'active-sessions' }),
    route('order-status', 'pages/order-status.tsx'),
    route('amazonPayment', 'pages/gateway.tsx'),
  ]),
  // Exists only when the AI configuration (a signed-in shopper's) enables it: "not found" otherwise.
  route('ask-ai', 'pages/ask-ai.tsx'),
  route('*', served('not-found'), id('not-found')),
] satisfies RouteConfig;
