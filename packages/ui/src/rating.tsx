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
