import { Button } from './button.tsx';

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
