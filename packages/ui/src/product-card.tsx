import type { ComponentType, ReactNode } from 'react';

/** How a card links: a plain anchor by default, or the app router's link component. */
export type LinkComponent = ComponentType<{ href: string; className?: string; children: ReactNode }>;

export interface ProductCardProps {
  href: string;
  /** The router's link (client-side navigation); `<a>` when absent. */
  linkAs?: LinkComponent;
  /** Above the fold: load the image at once and first (it may be the largest paint). */
  priority?: boolean;
  name: string;
  /** Image URL (already resolved against the services host) or empty for the placeholder. */
  image: string;
  placeholderImage: string;
  price: ReactNode;
  badge?: ReactNode;
  rating?: ReactNode;
  action?: ReactNode;
}

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
      <img
        src={image || placeholderImage}
        alt=""
        width={300}
        height={300}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        // A first-screen picture is painted with the text around it (it may be the largest paint);
        // the others may come a frame later.
        decoding={priority ? 'sync' : 'async'}
        className="aspect-square w-full rounded-md object-cover"
      />
      <h3 className="line-clamp-2 font-medium">{name}</h3>
    </>
  );
  return (
    <article data-slot="product-card" className="flex flex-col gap-2 rounded-lg border border-current/10 p-3">
      {LinkAs ? (
        <LinkAs href={href} className={linkClass}>
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
