import type { LoadState } from '@marketkit/hooks/core';
import { EmptyState, ErrorState, Skeleton } from '@marketkit/ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Keys for `count` loading placeholders. */
export const placeholders = (count: number) =>
  Array.from({ length: count }, (_, index) => `placeholder-${index}`);

/** A link to the listing, as an empty state's way on ("Continue shopping", "Browse products"). */
export function BrowseLink({ children }: { children: ReactNode }) {
  return (
    <Link to="/productListing" className="underline underline-offset-4">
      {children}
    </Link>
  );
}

export interface LoadStatesProps {
  state: LoadState;
  /** Why it failed; its title, the reason when there is one, and what "Try again" does. */
  failed: { title: string; description?: string | undefined; onRetry: () => void };
  /** The placeholders drawn while it loads: each one's size classes (one entry each). */
  loading: readonly string[];
  /** As a list, its placeholders named "Loading…" (a list that will hold items). */
  list?: boolean;
  /** Nothing to show: its title, a hint, and a way on (none: the caller draws that state itself). */
  empty?: { title: string; description?: string | undefined; action?: ReactNode };
  /** The data, once there is some (and the empty state, when `empty` is not given). */
  children?: () => ReactNode;
}

/**
 * What a screen shows for data it loads, the same on every screen: the failure with "Try again", the
 * placeholders (busy), the empty state, or the data. A list that failed is never shown as empty.
 */
export function LoadStates({ state, failed, loading, list, empty, children }: LoadStatesProps) {
  const { t } = useTranslation('common');
  if (state === 'failed')
    return (
      <ErrorState
        title={failed.title}
        {...(failed.description ? { description: failed.description } : {})}
        retryLabel={t('retry')}
        onRetry={failed.onRetry}
      />
    );
  if (state === 'loading') {
    const keys = placeholders(loading.length);
    return list ? (
      <ul className="flex flex-col gap-3" aria-busy="true" aria-label={t('loading')}>
        {keys.map((key, index) => (
          <li key={key}>
            <Skeleton className={loading[index]} />
          </li>
        ))}
      </ul>
    ) : (
      <div className="flex flex-col gap-3" aria-busy="true">
        {keys.map((key, index) => (
          <Skeleton key={key} className={loading[index]} />
        ))}
      </div>
    );
  }
  if (state === 'empty' && empty)
    return (
      <EmptyState
        title={empty.title}
        {...(empty.description ? { description: empty.description } : {})}
        {...(empty.action ? { action: empty.action } : {})}
      />
    );
  return children ? children() : null;
}
