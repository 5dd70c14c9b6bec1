import { clsx } from 'clsx';

/** Elements a price may render as. */
export type PriceElement = 'span' | 'p' | 'div' | 'strong' | 'dd' | 'td';

/** A price to show, or the text standing in for a hidden one (`price_visibility` false). */
export type PriceProps = (
  | {
      /** The price to pay, already formatted (`ZAR 1,234.50`). */
      value: string;
      /** The price before discount, formatted; shown struck through when it differs from `value`. */
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
  /** The element to render. Default `span`. */
  as?: PriceElement;
  className?: string;
};

/**
 * A price already written as text, with the original struck through when it differs, or a text when
 * hidden. To write the amount from a number in the store's currency, use {@link Money}.
 */
export function Price({
  value,
  original,
  hiddenText,
  wasLabel = 'Was',
  as: Element = 'span',
  className,
}: PriceProps) {
  if (hiddenText !== undefined)
    return (
      <Element data-slot="price" className={clsx('font-medium', className)}>
        {hiddenText}
      </Element>
    );
  return (
    <Element data-slot="price" className={clsx('inline-flex flex-wrap items-baseline gap-2', className)}>
      <span className="font-semibold">{value}</span>
      {original && original !== value ? (
        <s className="text-sm opacity-80">
          <span className="sr-only">{wasLabel} </span>
          {original}
        </s>
      ) : null}
    </Element>
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
