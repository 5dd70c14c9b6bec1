import type { Schema } from '@marketkit/sdk';

/** How one of the store's calls had ended when the server sent the page. */
export type ServerCall<T> = { status: 'answered'; data: T } | { status: 'failed' } | { status: 'late' };

/**
 * Whether a page the server sends may load the store's tag manager (its hosts go into the page's
 * policy). Only a store that can open and sets a tag loads one; while what decides it has not come
 * (late, or not asked yet) the browser asks again and may load it. A closed store, one validation
 * could not find, and one whose settings failed show an error page and never load it.
 */
export function pageAllowsTagManager({
  validation,
  settings,
}: {
  validation: ServerCall<Schema<'StoreValidation'>>;
  /** The store's settings entry; null when they were not asked (no store id known yet). */
  settings: ServerCall<Schema<'StoreSettings'> | undefined> | null;
}): boolean {
  if (validation.status === 'failed') return false;
  if (validation.status === 'answered' && !validation.data.store_status) return false;
  if (settings === null || settings.status === 'late') return true;
  if (settings.status === 'failed') return false;
  const tag = settings.data?.store_page_settings?.google_analytics_tag;
  return typeof tag === 'string' && tag.trim() !== '';
}
