import { StoreImage } from './store-media.tsx';

/**
 * A product's or a category's small picture beside its name: decorative (the name says what it is),
 * lazy, sized so nothing moves when it arrives; the placeholder when the server gives no image.
 */
export function Thumbnail({
  path,
  size,
  className = 'size-16',
  round = false,
}: {
  path: string | null | undefined;
  /** Intrinsic width and height in CSS pixels (the largest it is shown at). */
  size: number;
  /** Its size classes. */
  className?: string;
  /** A circle instead of rounded corners. */
  round?: boolean;
}) {
  return (
    <StoreImage
      src={path}
      alt=""
      width={size}
      height={size}
      className={`${className} shrink-0 ${round ? 'rounded-full' : 'rounded-md'} object-cover`}
    />
  );
}
