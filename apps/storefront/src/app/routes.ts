/** Spec §2, exactly: every route and who may see it. */
export type Access = 'all' | 'guest' | 'signed-in';

export interface RouteSpec {
  path: string;
  access: Access;
  /** Translation key of the screen's title (common namespace). */
  title: string;
  /** The issue that builds the screen; until then it shows "coming soon" inside the real guard. */
  screen:
    | 'home'
    | 'signin'
    | 'categories'
    | 'listing'
    | 'product'
    | 'cart'
    | 'wishlist'
    | 'checkout'
    | 'addresses'
    | 'orders'
    | 'order'
    | 'order-status'
    | 'gateway'
    | 'payment'
    | 'training'
    | 'signup'
    | 'profile'
    | 'preferences'
    | 'sessions'
    | 'policies'
    | 'coming-soon';
}

export const ROUTES: RouteSpec[] = [
  { path: '/', access: 'all', title: 'home', screen: 'home' },
  { path: '/productListing', access: 'all', title: 'products', screen: 'listing' },
  { path: '/signup', access: 'guest', title: 'sign_up', screen: 'signup' },
  { path: '/signin', access: 'guest', title: 'sign_in', screen: 'signin' },
  { path: '/cart', access: 'all', title: 'cart', screen: 'cart' },
  { path: '/WishList', access: 'signed-in', title: 'wishlist', screen: 'wishlist' },
  { path: '/listCategories', access: 'all', title: 'categories', screen: 'categories' },
  { path: '/checkout/:checkoutId', access: 'signed-in', title: 'checkout', screen: 'checkout' },
  { path: '/customerAddress', access: 'signed-in', title: 'addresses', screen: 'addresses' },
  { path: '/userprofile/order', access: 'signed-in', title: 'orders', screen: 'order' },
  { path: '/userprofile/myOrder', access: 'signed-in', title: 'orders', screen: 'orders' },
  { path: '/ProductDetails', access: 'all', title: 'product', screen: 'product' },
  { path: '/preferences', access: 'signed-in', title: 'preferences', screen: 'preferences' },
  { path: '/policies/*', access: 'all', title: 'policies', screen: 'policies' },
  { path: '/cashfree', access: 'signed-in', title: 'payment', screen: 'payment' },
  { path: '/payment', access: 'signed-in', title: 'payment', screen: 'payment' },
  { path: '/myProfile', access: 'signed-in', title: 'profile', screen: 'profile' },
  { path: '/userDetails', access: 'signed-in', title: 'profile', screen: 'profile' },
  { path: '/loginSessions', access: 'signed-in', title: 'sessions', screen: 'sessions' },
  {
    path: '/trainingOverview/:orderItemId/:orderId',
    access: 'signed-in',
    title: 'training',
    screen: 'training',
  },
  // DESIGN.md: guarded like every other signed-in route (the original's unguarded duplicate is a defect).
  { path: '/activeSessions', access: 'signed-in', title: 'sessions', screen: 'sessions' },
  { path: '/order-status', access: 'signed-in', title: 'order_status', screen: 'order-status' },
  { path: '/amazonPayment', access: 'signed-in', title: 'payment', screen: 'gateway' },
];

/** Header and footer are hidden on these (spec §2). */
export const BARE_ROUTES = ['/signup', '/signin', '/amazonPayment'];
/** The AI chat widget is hidden on these. */
export const NO_WIDGET_ROUTES = ['/signup', '/signin', '/ask-ai'];

/** Where the return-to path is remembered between the guard and the sign-in page. */
export const RETURN_TO_KEY = 'marketkit_return_to';
