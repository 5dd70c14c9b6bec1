import { productImages } from '@marketkit/hooks/core';
import type { PrefetchedStore } from '@marketkit/hooks/prefetch';
import { type ResponseBody, resolveAssetUrl } from '@marketkit/sdk';
import type { ScreenName } from '../app/screens.ts';

/** How many of a listing's first tiles are drawn eagerly, at high priority (`priorityCount`). */
export const EAGER_TILES = 2;

/**
 * The asset paths of the pictures a first screen shows largest, from the data the boot script
 * fetched for it: the home page's hero, the first tiles of the plain listing, the product's first
 * picture. The screens draw the same paths (a browser test keeps them equal).
 */
export async function firstImagePaths(screen: ScreenName, prefetched: PrefetchedStore): Promise<string[]> {
  const first = prefetched.screen[0]?.result;
  switch (screen) {
    case 'home': {
      const settings = await prefetched.settings?.result;
      return [settings?.store_settings_data[0]?.store_home_settings?.hero_image_path ?? ''];
    }
    case 'listing': {
      const list = (await first) as ResponseBody<'listProducts'> | undefined;
      return (list?.data ?? []).slice(0, EAGER_TILES).map((product) => productImages(product)[0] ?? '');
    }
    case 'product':
      return first ? [productImages((await first) as ResponseBody<'getProduct'>)[0] ?? ''] : [];
    default:
      return [];
  }
}

/**
 * Asks for the first screen's largest pictures as soon as their paths are known, instead of once the
 * app has loaded and drawn the screen: the request then overlaps the app's own JavaScript. The
 * `<img>` the screen draws later finds the picture in the preload cache (same URL, same mode).
 */
export function preloadFirstImages(screen: ScreenName, prefetched: PrefetchedStore, servicesHost: string) {
  firstImagePaths(screen, prefetched).then(
    (paths) => {
      for (const path of paths) {
        const href = resolveAssetUrl(servicesHost, path);
        if (!href) continue;
        const link = document.createElement('link');
        link.rel = 'preload';
        link.as = 'image';
        link.href = href;
        link.fetchPriority = 'high';
        document.head.append(link);
      }
    },
    () => {}, // a failed call is the screen's to show; nothing to preload
  );
}
