import type { ComponentType, ReactNode } from 'react';
import { Button } from './button.tsx';
import { cn } from './cn.ts';

/** A price to show, or the text standing in for a hidden one (`price_visibility` false). */
export type PriceProps = (
  | {
      /** The price to pay, already formatted (`ZAR 1,234.50`). */
      value: string;
      /** The price before discount, formatted; shown struck through. */
      original?: string | undefined;
      hiddenText?: undefined;
    }
  | {
      /** Text shown instead of the price: the amount never reaches the page. */
      hiddenText: string;
      value?: undefined;
      original?: undefined;
    }
) & {
  /** Accessible words for the struck-through price ("Was"). */
  wasLabel?: string;
  className?: string;
};

/** A price, with the original struck through when discounted, or a text when hidden. */
export function Price({ value, original, hiddenText, wasLabel = 'Was', className }: PriceProps) {
  if (hiddenText !== undefined)
    return (
      <span data-slot="price" className={cn('font-medium', className)}>
        {hiddenText}
      </span>
    );
  return (
    <span data-slot="price" className={cn('inline-flex flex-wrap items-baseline gap-2', className)}>
      <span className="font-semibold">{value}</span>
      {original ? (
        <s className="text-sm opacity-80">
          <span className="sr-only">{wasLabel} </span>
          {original}
        </s>
      ) : null}
    </span>
  );
}

/** `20% off` badge; nothing for 0. */
export function DiscountBadge({ percent, label }: { percent: number; label?: (percent: number) => string }) {
  if (!(percent > 0)) return null;
  return (
    <span
      data-slot="discount-badge"
      className="inline-block rounded-full bg-green-700 px-2 py-0.5 text-xs font-semibold text-white"
    >
      {label ? label(percent) : `${percent}% off`}
    </span>
  );
}

/** Star rating (0–5, halves rounded), with an accessible text such as "4.5 out of 5". */
export function RatingStars({
  value,
  count,
  label = (v) => `${v} out of 5`,
}: {
  value: number;
  count?: number;
  label?: (value: number) => string;
}) {
  const rounded = Math.max(0, Math.min(5, Math.round(value * 2) / 2));
  return (
    <span data-slot="rating" className="inline-flex items-center gap-1">
      <span
        role="img"
        aria-label={label(rounded)}
        className="relative inline-block leading-none tracking-wider"
      >
        <span aria-hidden="true" className="text-black/20">
          ★★★★★
        </span>
        <span
          aria-hidden="true"
          className="absolute inset-y-0 start-0 overflow-hidden text-amber-500"
          style={{ width: `${(rounded / 5) * 100}%` }}
        >
          ★★★★★
        </span>
      </span>
      {count !== undefined ? <span className="text-xs opacity-70">({count})</span> : null}
    </span>
  );
}

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
        decoding="async"
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

export interface QuantityStepperProps {
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  label: string;
  decreaseLabel?: string;
  increaseLabel?: string;
  disabled?: boolean;
}

/** − value + with whole numbers only, between min and max. */
export function QuantityStepper({
  value,
  onChange,
  min = 1,
  max = 999,
  label,
  decreaseLabel = 'Decrease',
  increaseLabel = 'Increase',
  disabled,
}: QuantityStepperProps) {
  const set = (next: number) => {
    const clamped = Math.min(max, Math.max(min, Math.trunc(next)));
    if (Number.isFinite(clamped) && clamped !== value) onChange(clamped);
  };
  return (
    <fieldset data-slot="quantity" className="inline-flex items-center rounded-md border border-current/30">
      <legend className="sr-only">{label}</legend>
      <Button
        variant="ghost"
        size="icon"
        aria-label={decreaseLabel}
        disabled={disabled || value <= min}
        onClick={() => set(value - 1)}
      >
        −
      </Button>
      <output aria-live="polite" className="min-w-8 text-center tabular-nums">
        {value}
      </output>
      <Button
        variant="ghost"
        size="icon"
        aria-label={increaseLabel}
        disabled={disabled || value >= max}
        onClick={() => set(value + 1)}
      >
        +
      </Button>
    </fieldset>
  );
}

export interface PaginationProps {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  label?: string;
  previousLabel?: string;
  nextLabel?: string;
  pageLabel?: (page: number) => string;
}

/** Previous / numbered pages / next; the current page is marked with aria-current. */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  label = 'Pagination',
  previousLabel = 'Previous',
  nextLabel = 'Next',
  pageLabel = (p) => `Page ${p}`,
}: PaginationProps) {
  if (pageCount <= 1) return null;
  const pages = Array.from({ length: pageCount }, (_, i) => i + 1).filter(
    (p) => p === 1 || p === pageCount || Math.abs(p - page) <= 1,
  );
  return (
    <nav aria-label={label} data-slot="pagination">
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          <Button variant="ghost" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
            <span aria-hidden="true" className="rtl:rotate-180">
              ‹
            </span>{' '}
            {previousLabel}
          </Button>
        </li>
        {pages.map((p, index) => (
          <li key={p} className="flex items-center gap-1">
            {index > 0 && p - (pages[index - 1] ?? p) > 1 ? <span aria-hidden="true">…</span> : null}
            <Button
              variant={p === page ? 'primary' : 'ghost'}
              size="sm"
              aria-label={pageLabel(p)}
              aria-current={p === page ? 'page' : undefined}
              onClick={() => onPageChange(p)}
            >
              {p}
            </Button>
          </li>
        ))}
        <li>
          <Button
            variant="ghost"
            size="sm"
            disabled={page >= pageCount}
            onClick={() => onPageChange(page + 1)}
          >
            {nextLabel}{' '}
            <span aria-hidden="true" className="rtl:rotate-180">
              ›
            </span>
          </Button>
        </li>
      </ul>
    </nav>
  );
}
