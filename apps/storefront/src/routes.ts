import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

// Spec §2, every route and who may see it. Paths match whatever their case and with a trailing slash;
// a language first in the path (`/fr/cart`) is taken off before routing (server/app.ts, entry.client).
export default [
  index('pages/home.tsx'),
  route('productListing', 'pages/listing.tsx'),
  route('cart', 'pages/cart.tsx'),
  route('listCategories', 'pages/categories.tsx'),
  route('ProductDetails', 'pages/product.tsx'),
  route('policies/*', 'pages/policies.tsx'),
  layout('shell/guests-only.tsx', [route('signup', 'pages/signup.tsx'), route('signin', 'pages/signin.tsx')]),
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
    // DESIGN.md: guarded like every other signed-in route (the original's unguarded duplicate is a defect).
    route('activeSessions', 'pages/sessions.tsx', { id: 'active-sessions' }),
    route('order-status', 'pages/order-status.tsx'),
    route('amazonPayment', 'pages/gateway.tsx'),
  ]),
  // Exists only when the AI configuration (a signed-in shopper's) enables it: "not found" otherwise.
  route('ask-ai', 'pages/ask-ai.tsx'),
  route('*', 'pages/not-found.tsx'),
] satisfies RouteConfig;
