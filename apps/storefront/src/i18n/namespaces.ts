import { FALLBACK_LANGUAGE } from '@marketkit/hooks/core';

export { FALLBACK_LANGUAGE };

/** The product's namespaces, and two of our own: `policies` (store policy pages) and `ask_ai` (the AI assistant). */
export const NAMESPACES = [
  'common',
  'home',
  'signup',
  'address',
  'wishlist',
  'cart',
  'user_profile',
  'order',
  'signin',
  'footer',
  'header',
  'product_details',
  'product_listing',
  'store_modal',
  'coupler',
  'user_details',
  'training_overview',
  'policies',
  'ask_ai',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** The namespaces every screen's frame needs (the root route's). */
export const SHELL_NAMESPACES: readonly Namespace[] = ['common', 'header', 'footer', 'store_modal'];

/** What a route module's `handle` may say: the texts it needs, and the frame around it. */
export interface RouteHandle {
  /** Namespaces the screen reads, loaded (on the server, or before a client navigation) with it. */
  i18n?: readonly Namespace[];
  /** Header and footer hidden (/signup, /signin, /amazonPayment). */
  bare?: boolean;
  /** The AI assistant's widget hidden (/signup, /signin, /ask-ai). */
  noAssistant?: boolean;
  /** The same for every guest (the store's catalogue): a CDN may keep it (server/cache.server.ts). */
  catalogue?: boolean;
}

/** The namespaces of a list of matched routes' handles, the frame's first, each once. */
export function routeNamespaces(handles: readonly unknown[]): Namespace[] {
  const found = new Set<Namespace>(SHELL_NAMESPACES);
  for (const handle of handles) {
    const list = (handle as RouteHandle | undefined)?.i18n;
    if (Array.isArray(list))
      for (const namespace of list) if (NAMESPACES.includes(namespace)) found.add(namespace);
  }
  return [...found];
}
