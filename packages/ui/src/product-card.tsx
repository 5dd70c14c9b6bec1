import type { ComponentType, ReactElement, ReactNode } from 'react';
import { imageLoading } from './image.tsx';

/** An `href` link: a plain anchor wrapper, Next.js's `Link`, or your own adapter. */
export type LinkComponent = ComponentType<{ href: string; className?: string; children: ReactNode }>;

/** A `to` link: React Router's `Link` and `NavLink` as they are. */
export type ToLinkComponent = ComponentType<{ to: string; className?: string; children?: ReactNode }>;

/** Props of {@link ProductCard}. */
export interface ProductCardProps {
  /** The product page's path (or URL); given to the link as `href` and `to`. */
  href: string;
  /**
   * The router's link (client-side navigation); `<a>` when absent. Either kind is taken as it is: an
   * `href` link ({@link LinkComponent}) or a `to` link ({@link ToLinkComponent}, React Router's `Link`),
   * so no adapter is needed. The card gives its link the path as both `href` and `to` (a link that
   * spreads unknown props onto its anchor also renders a harmless `to` attribute). `@marketkit/ui`
   * depends on no router.
   *
   * @example
   * import { Link } from 'react-router';
   * <ProductCard linkAs={Link} href="/products/1005" name="Skillet" image="" placeholderImage="/p.svg" price="R 10" />;
   */
  linkAs?: LinkComponent | ToLinkComponent;
  /**
   * Above the fold: load the image at once and first (it may be the largest paint). An `Image` given as
   * `image` takes its own `priority`.
   */
  priority?: boolean;
  name: string;
  /**
   * The picture: an {@link Image} (`<Image host={…} src={product.product_image} alt="" width={300}
   * height={300} … />`, which resolves and checks the asset path), or an image URL already resolved
   * against the services host, empty for the placeholder.
   */
  image: string | ReactElement;
  /** The picture shown for an empty `image` URL (an `Image` has its own `fallback`). */
  placeholderImage?: string;
  price: ReactNode;
  badge?: ReactNode;
  rating?: ReactNode;
  action?: ReactNode;
}

/** How the card draws a picture given as a URL. */
const PICTURE_CLASS = 'aspect-square w-full rounded-md object-cover';

/** A product tile: a lazy image with explicit size (no layout shift), name, price and an action. */
export function ProductCard({
  href,
  name,
  image,
  placeholderImage,
  price,
  badge,
  rating,
  action,
  linkAs: LinkAs,
  priority = false,
}: ProductCardProps) {
  const linkClass = 'flex flex-col gap-2 focus-visible:outline-2 focus-visible:outline-current';
  const content = (
    <>
      {typeof image === 'string' ? (
        <img
          src={image || placeholderImage}
          alt=""
          width={300}
          height={300}
          {...imageLoading(priority)}
          className={PICTURE_CLASS}
        />
      ) : (
        image
      )}
      <h3 className="line-clamp-2 font-medium">{name}</h3>
    </>
  );
  return (
    <article data-slot="product-card" className="flex flex-col gap-2 rounded-lg border border-current/10 p-3">
      {LinkAs ? (
        <LinkAs href={href} to={href} className={linkClass}>
          {content}
        </LinkAs>
      ) : (
        <a href={href} className={linkClass}>
          {content}
        </a>
      )}
      <div className="flex flex-wrap items-center gap-2">
        {price}
        {badge}
      </div>
      {rating}
      {action}
    </article>
  );
}
