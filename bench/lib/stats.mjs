// Small statistics and formatting helpers shared by the bench parts.

/** Median of a list of numbers (the mean of the two middle values for an even count); NaN when empty. */
export function median(values) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Largest value; NaN when empty. */
export const worst = (values) => (values.length === 0 ? Number.NaN : Math.max(...values));

/** A number with fixed decimals, or "n/a" when it is not a number. */
export const fmt = (value, digits = 0) =>
  typeof value === 'number' && Number.isFinite(value) ? value.toFixed(digits) : 'n/a';
