import { resolveHostAssetUrls } from '@marketkit/sdk';
import type { ImgHTMLAttributes } from 'react';

/** One more size of the same picture that the host really serves, and its width in pixels. */
export interface ImageWidth {
  /** The asset path (or URL) of this size. */
  src: string;
  /** Its intrinsic width in pixels (a positive whole number). */
  width: number;
}

/** Props of {@link Image}. */
export interface ImageProps
  extends Omit<
    ImgHTMLAttributes<HTMLImageElement>,
    'src' | 'srcSet' | 'sizes' | 'alt' | 'width' | 'height' | 'loading' | 'decoding' | 'fetchPriority'
  > {
  /** The services host the asset paths are relative to (`https://services.example`, or `/api`). */
  host: string;
  /**
   * The asset: one path, a comma-separated list as the contract gives `product_image` (the first
   * usable entry is shown), or an array such as a product's `images`.
   */
  src: string | readonly string[] | null | undefined;
  /** The app's own picture shown when `src` has no usable entry (empty, unsafe, another host). */
  fallback: string;
  /** What the picture shows; `""` for a decorative one (a name beside it already says it). */
  alt: string;
  /** Intrinsic width in CSS pixels: the space is kept before the picture arrives (no layout shift). */
  width: number;
  /** Intrinsic height in CSS pixels. */
  height: number;
  /**
   * Other sizes of the picture the host serves, for `srcset`. The Marketkit services host serves
   * each asset in one size, so leave this out for its assets: a width is given only for a URL that
   * exists. Unsafe entries and widths that are not positive whole numbers are left out.
   */
  widths?: readonly ImageWidth[];
  /** The `sizes` for `widths` (how wide the picture is drawn); ignored without `widths`. */
  sizes?: string;
  /**
   * The first screen's largest picture: loaded at once, first (`fetchpriority="high"`) and painted
   * with the text. Otherwise it loads lazily below the fold and is decoded off the main thread.
   */
  priority?: boolean;
  /**
   * Other origins the page may load images from (a CDN its Content-Security-Policy allows). Images
   * on other hosts are never shown.
   */
  origins?: readonly string[];
}

/** How a picture loads: at once and first above the fold, lazily below it. */
export const imageLoading = (priority: boolean) =>
  priority
    ? // Painted with the text around it (it may be the largest paint), not a frame later.
      ({ loading: 'eager', fetchPriority: 'high', decoding: 'sync' } as const)
    : ({ loading: 'lazy', decoding: 'async' } as const);

/** `srcset` from the sizes given, each checked like `src`; `undefined` when none is usable. */
export function imageSrcSet(
  host: string,
  widths: readonly ImageWidth[],
  origins: readonly string[] = [],
): string | undefined {
  const candidates = widths.flatMap(({ src, width }) => {
    const url =
      Number.isInteger(width) && width > 0 ? resolveHostAssetUrls(host, src, origins)[0] : undefined;
    // The asset rules give URLs without spaces (encoded) or commas (they separate assets): none splits an entry.
    return url === undefined ? [] : [`${url} ${width}w`];
  });
  return candidates.length > 0 ? candidates.join(', ') : undefined;
}

/**
 * A picture from the services host: the asset path resolved on the host (unsafe values and other
 * hosts fall back to `fallback`, by the SDK's asset rules), its size given so nothing moves, lazy
 * below the fold and first for the first screen's largest picture (`priority`), `srcset` only from
 * sizes the host really serves.
 *
 * @example
 * const { servicesHost } = useRuntimeConfig(); // the host given to the MarketProvider
 * <Image host={servicesHost} src={product.product_image} fallback="/placeholder.svg" alt={product.product_name} width={600} height={600} priority />;
 */
export function Image({
  host,
  src,
  fallback,
  alt,
  width,
  height,
  widths,
  sizes,
  priority = false,
  origins = [],
  ...rest
}: ImageProps) {
  const url = resolveHostAssetUrls(host, src, origins)[0];
  // Other sizes belong to the picture asked for, never to the fallback.
  const srcSet = url !== undefined && widths ? imageSrcSet(host, widths, origins) : undefined;
  return (
    <img
      {...rest}
      data-slot="image"
      src={url ?? fallback}
      {...(srcSet === undefined ? {} : { srcSet, ...(sizes === undefined ? {} : { sizes }) })}
      alt={alt}
      width={width}
      height={height}
      {...imageLoading(priority)}
    />
  );
}
