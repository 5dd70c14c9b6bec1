/**
 * `@marketkit/ui` — Tailwind + Radix components for Marketkit storefronts. Theme tokens are CSS
 * variables (`@marketkit/ui/styles.css`); logical properties only, so right-to-left needs nothing more.
 *
 * @packageDocumentation
 */
export { Button, type ButtonProps, buttonVariants } from './button.tsx';
export { cn } from './cn.ts';
export { Dialog, type DialogProps, Drawer } from './dialog.tsx';
export {
  COPY_FEEDBACK_MS,
  CopyButton,
  type CopyButtonProps,
  EmptyState,
  ErrorState,
  Skeleton,
  Spinner,
} from './feedback.tsx';
export { Image, type ImageProps, type ImageWidth, imageLoading, imageSrcSet } from './image.tsx';
export { allowsNumericKey, Input, type InputProps } from './input.tsx';
export { Money, type MoneyProps } from './money.tsx';
export { type PageLinkComponent, Pagination, type PaginationProps } from './pagination.tsx';
export { DiscountBadge, Price, type PriceElement, type PriceProps } from './price.tsx';
export {
  type LinkComponent,
  ProductCard,
  type ProductCardProps,
  type ToLinkComponent,
} from './product-card.tsx';
export { QuantityStepper, type QuantityStepperProps } from './quantity-stepper.tsx';
export { RatingStars } from './rating.tsx';
export { RichText, safeHref, sanitizeHtml } from './rich-text.tsx';
export {
  dragDismisses,
  TOAST_DRAG_DISMISS_RATIO,
  TOAST_DURATION_MS,
  Toaster,
  type ToastKind,
  type ToastOptions,
  toast,
} from './toast.tsx';
