import type { ComponentType } from 'react';
import type { Namespace } from '../i18n/i18n.ts';
import { matchesRoute } from './route-pattern.ts';
import { ROUTES, type RouteSpec } from './routes.ts';

/** Every screen receives its route's title key. */
export type ScreenProps = { title: string };
export type ScreenModule = { default: ComponentType<ScreenProps> };
export type ScreenName = RouteSpec['screen'] | 'ask-ai' | 'not-found';

/** Each screen's code, loaded on demand (one chunk per screen). */
export const SCREEN_LOADERS: Record<ScreenName, () => Promise<ScreenModule>> = {
  home: () => import('../pages/home.tsx'),
  signin: () => import('../pages/signin.tsx'),
  categories: () => import('../pages/categories.tsx'),
  listing: () => import('../pages/listing.tsx'),
  product: () => import('../pages/product.tsx'),
  cart: () => import('../pages/cart.tsx'),
  wishlist: () => import('../pages/wishlist.tsx'),
  checkout: () => import('../pages/checkout.tsx'),
  addresses: () => import('../pages/addresses.tsx'),
  orders: () => import('../pages/orders.tsx'),
  order: () => import('../pages/order.tsx'),
  'order-status': () => import('../pages/order-status.tsx'),
  gateway: () => import('../pages/gateway.tsx'),
  payment: () => import('../pages/payment.tsx'),
  training: () => import('../pages/training.tsx'),
  signup: () => import('../pages/signup.tsx'),
  profile: () => import('../pages/profile.tsx'),
  preferences: () => import('../pages/preferences.tsx'),
  sessions: () => import('../pages/sessions.tsx'),
  policies: () => import('../pages/policies.tsx'),
  'ask-ai': () => import('../pages/ask-ai.tsx'),
  'coming-soon': () => import('../pages/coming-soon.tsx'),
  'not-found': () => import('../pages/not-found.tsx'),
};

/** The texts each screen needs beyond the shell's: loaded with its code, so no key ever shows. */
export const SCREEN_NAMESPACES: Record<ScreenName, readonly Namespace[]> = {
  home: ['home'],
  signin: ['signin'],
  categories: ['product_listing'],
  listing: ['product_listing'],
  product: ['product_details', 'cart'],
  cart: ['cart'],
  wishlist: ['wishlist', 'cart'],
  checkout: ['cart', 'address', 'coupler', 'order'],
  addresses: ['address'],
  orders: ['order', 'training_overview'],
  order: ['order', 'cart'],
  'order-status': ['order', 'cart'],
  gateway: ['cart'],
  payment: ['cart', 'order'],
  training: ['training_overview', 'order'],
  signup: ['signup', 'signin'],
  profile: ['user_profile'],
  preferences: ['user_profile'],
  sessions: ['user_details'],
  policies: ['policies'],
  'ask-ai': ['ask_ai'],
  'coming-soon': [],
  'not-found': [],
};

const loading = new Map<ScreenName, Promise<ScreenModule>>();

/** A screen's code, fetched once per page (the boot script starts the current one early). */
export function loadScreen(name: ScreenName): Promise<ScreenModule> {
  let pending = loading.get(name);
  if (!pending) {
    pending = SCREEN_LOADERS[name]();
    loading.set(name, pending);
  }
  return pending;
}

/** The screen a path shows (the AI assistant's and unknown paths included). */
export function screenForPath(pathname: string): ScreenName {
  if (matchesRoute('/ask-ai', pathname)) return 'ask-ai';
  return ROUTES.find((route) => matchesRoute(route.path, pathname))?.screen ?? 'not-found';
}
