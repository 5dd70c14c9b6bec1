import { useLayoutEffect } from 'react';
import { dismissFirstView } from '../boot/first-view.ts';

/**
 * Removes the first view the storefront's server drew (scripts/first-view.mjs) in the commit that
 * draws the app's own screen, before that frame paints: the shopper sees one screen give way to the
 * same screen. The view sits above the page (absolute), so its going moves nothing.
 */
export function FirstViewDone() {
  useLayoutEffect(dismissFirstView, []);
  return null;
}
