import { formatPrice } from '@marketkit/sdk';
import { clsx } from 'clsx';
import { Price, type PriceElement } from './price.tsx';

/** Props of {@link Money}. */
export interface MoneyProps {
  /** The amount in currency units (`1234.5`). */
  amount: number;
  /**
   * The store's ISO 4217 code (`ZAR`; `useCurrency()?.isoCode` from `@marketkit/hooks`). `null`,
   * `undefined` or empty while the store's settings load: a placeholder of the same width is shown
   * (`aria-busy`), never a guessed currency.
   */
  currency: string | null | undefined;
  /** The page's language (`en`, `fr`, `en_IN`): how the amount is grouped. Default `en`. */
  locale?: string;
  /** Digits after the decimal point. Default 2. */
  decimals?: number;
  /**
   * The price before a discount: struck through ("Was") only when it is above `amount` and reads
   * differently once written, so a "Was" equal to the price never shows.
   */
  original?: number | null | undefined;
  /** Accessible words before the struck-through price. Default `Was`. */
  wasLabel?: string;
  /** Accessible words while the currency is not known. Default `Loading price`. */
  loadingLabel?: string;
  /** The element to render. Default `span`. */
  as?: PriceElement;
  className?: string;
}

/**
 * An amount in the store's currency and the page's language: `ZAR 1,234.50` (the currency code, then
 * the amount grouped for the locale: `formatPrice` of `@marketkit/sdk`, the same text the hooks
 * write). With `original`, the saving's "Was" price struck through. Until the currency is known, an
 * invisible stand-in of the same width, marked `aria-busy`, so nothing moves when it arrives and no
 * other currency is ever shown first.
 *
 * @example
 * const currency = useCurrency();
 * <Money amount={product.final_price} original={product.product_price} currency={currency?.isoCode} locale={i18n.language} />;
 */
export function Money({
  amount,
  currency,
  locale = 'en',
  decimals = 2,
  original,
  wasLabel = 'Was',
  loadingLabel = 'Loading price',
  as = 'span',
  className,
}: MoneyProps) {
  if (!currency) {
    const Element = as;
    return (
      <Element
        data-slot="money"
        aria-busy="true"
        className={clsx('inline-block rounded bg-current/10', className)}
      >
        <span className="sr-only">{loadingLabel}</span>
        {/* XXX is ISO 4217's "no currency": as wide as a real code, and never read or seen. */}
        <span aria-hidden="true" className="invisible">
          {formatPrice(amount, 'XXX', locale, decimals)}
        </span>
      </Element>
    );
  }
  const text = (value: number) => formatPrice(value, currency, locale, decimals);
  return (
    <Price
      as={as}
      value={text(amount)}
      // Only a saving is struck through; `Price` also hides one that reads as the price once rounded.
      {...(typeof original === 'number' && original > amount ? { original: text(original) } : {})}
      wasLabel={wasLabel}
      {...(className === undefined ? {} : { className })}
    />
  );
}
