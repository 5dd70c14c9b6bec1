/** The contract's limit on recently viewed ids sent for recommendations. */
export const RECENTLY_VIEWED_LIMIT = 50;

/** Records a view: most recent first, each product once, at most 50. */
export function recordView(list: readonly number[], productId: number): number[] {
  return [productId, ...list.filter((id) => id !== productId)].slice(0, RECENTLY_VIEWED_LIMIT);
}

/** A stored recently-viewed list, keeping the valid ids (positive integers, no repeats, at most 50). */
export function sanitizeRecentlyViewed(value: unknown): { value: number[]; dropped: number } {
  if (!Array.isArray(value)) return { value: [], dropped: value === null || value === undefined ? 0 : 1 };
  const kept: number[] = [];
  for (const id of value)
    if (Number.isSafeInteger(id) && (id as number) > 0 && !kept.includes(id as number))
      kept.push(id as number);
  return {
    value: kept.slice(0, RECENTLY_VIEWED_LIMIT),
    dropped: value.length - Math.min(kept.length, RECENTLY_VIEWED_LIMIT),
  };
}
