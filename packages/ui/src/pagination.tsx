import { clsx } from 'clsx';
import type { ComponentType, ReactNode } from 'react';
import { Button, buttonVariants } from './button.tsx';

/** A link the pagination draws for a page: React Router's `Link` as it is, or an `<a>` given `to`. */
export type PageLinkComponent = ComponentType<{
  to: string;
  className?: string;
  children?: ReactNode;
  'aria-label'?: string;
  'aria-current'?: 'page';
}>;

export interface PaginationProps {
  page: number;
  pageCount: number;
  /** Buttons that call this; give `pageHref` instead for links (which work before any script runs). */
  onPageChange?: (page: number) => void;
  /** Each page's address: the pages are then links (`linkAs`, else `<a>`), not buttons. */
  pageHref?: (page: number) => string;
  linkAs?: PageLinkComponent;
  label?: string;
  previousLabel?: string;
  nextLabel?: string;
  pageLabel?: (page: number) => string;
}

const PlainLink: PageLinkComponent = ({ to, ...props }) => <a href={to} {...props} />;

/** Previous / numbered pages / next; the current page is marked with aria-current. */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  pageHref,
  linkAs: PageLink = PlainLink,
  label = 'Pagination',
  previousLabel = 'Previous',
  nextLabel = 'Next',
  pageLabel = (p) => `Page ${p}`,
}: PaginationProps) {
  if (pageCount <= 1) return null;
  const pages = Array.from({ length: pageCount }, (_, i) => i + 1).filter(
    (p) => p === 1 || p === pageCount || Math.abs(p - page) <= 1,
  );
  /** One control: a link to `target` (none when it is out of range), or a button. */
  const control = (
    target: number,
    children: ReactNode,
    { current = false, ariaLabel }: { current?: boolean; ariaLabel?: string } = {},
  ) => {
    const variant = current ? 'primary' : 'ghost';
    const disabled = target < 1 || target > pageCount;
    if (!pageHref)
      return (
        <Button
          variant={variant}
          size="sm"
          disabled={disabled}
          aria-label={ariaLabel}
          aria-current={current ? 'page' : undefined}
          onClick={() => onPageChange?.(target)}
        >
          {children}
        </Button>
      );
    const className = buttonVariants({ variant, size: 'sm' });
    // A page that does not exist is no link at all (a disabled link is not a thing in HTML).
    if (disabled)
      return (
        <span aria-disabled="true" className={clsx(className, 'cursor-not-allowed opacity-50')}>
          {children}
        </span>
      );
    return (
      <PageLink
        to={pageHref(target)}
        className={className}
        {...(ariaLabel === undefined ? {} : { 'aria-label': ariaLabel })}
        {...(current ? { 'aria-current': 'page' as const } : {})}
      >
        {children}
      </PageLink>
    );
  };
  return (
    <nav aria-label={label} data-slot="pagination">
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          {control(
            page - 1,
            <>
              <span aria-hidden="true" className="rtl:rotate-180">
                ‹
              </span>{' '}
              {previousLabel}
            </>,
          )}
        </li>
        {pages.map((p, index) => (
          <li key={p} className="flex items-center gap-1">
            {index > 0 && p - (pages[index - 1] ?? p) > 1 ? <span aria-hidden="true">…</span> : null}
            {control(p, p, { current: p === page, ariaLabel: pageLabel(p) })}
          </li>
        ))}
        <li>
          {control(
            page + 1,
            <>
              {nextLabel}{' '}
              <span aria-hidden="true" className="rtl:rotate-180">
                ›
              </span>
            </>,
          )}
        </li>
      </ul>
    </nav>
  );
}
