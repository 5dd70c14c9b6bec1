/** Data retry limit 3, backoff from 1000 ms doubling to 30000 ms; never on 4xx. */
export const RETRY_LIMIT = 3;

const statusOf = (error: unknown) =>
  error && typeof error === 'object' && 'status' in error && typeof error.status === 'number'
    ? error.status
    : undefined;

/** TanStack Query `retry`: at most 3 retries, never for 4xx answers or malformed replies. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= RETRY_LIMIT) return false;
  const status = statusOf(error);
  if (status !== undefined && status >= 400 && status < 500) return false;
  if (error && typeof error === 'object' && 'kind' in error && error.kind === 'malformed') return false;
  return true;
}

/** TanStack Query `retryDelay`: 1000, 2000, 4000… capped at 30000 ms. */
export const retryDelay = (attemptIndex: number) => Math.min(1000 * 2 ** attemptIndex, 30_000);

/**
 * Translation files: a 5xx, no status at all, or a failed fetch is retried; a 4xx or a file
 * that does not parse is not.
 */
export function shouldRetryTranslation(
  failureCount: number,
  status: number | null,
  parseError: boolean,
): boolean {
  if (failureCount >= RETRY_LIMIT || parseError) return false;
  return status === null || status >= 500;
}
