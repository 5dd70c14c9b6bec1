import { cva, type VariantProps } from 'class-variance-authority';
import { clsx } from 'clsx';
import { type ButtonHTMLAttributes, forwardRef } from 'react';

/** Button styles from the store theme: primary, secondary and tertiary pairs. */
export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current disabled:cursor-not-allowed disabled:opacity-50',
  {
    variants: {
      variant: {
        primary: 'bg-primary text-primary-fg hover:brightness-95',
        secondary: 'border border-current bg-secondary text-secondary-fg hover:brightness-95',
        tertiary: 'bg-tertiary text-tertiary-fg hover:brightness-95',
        ghost: 'bg-transparent text-current hover:bg-black/5',
      },
      size: {
        sm: 'min-h-8 px-3 text-sm',
        md: 'min-h-10 px-4 text-base',
        lg: 'min-h-12 px-6 text-lg',
        icon: 'size-10 p-0',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

/**
 * A `<button>` with the theme's styles. `className` is added to the variant's classes, not merged
 * with them: for a size of your own, give `size={null}` and your classes.
 */
export interface ButtonProps
  extends ButtonHTMLAttributes<HTMLButtonElement>,
    VariantProps<typeof buttonVariants> {}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(
  ({ className, variant, size, type = 'button', ...props }, ref) => (
    <button
      ref={ref}
      type={type}
      data-slot="button"
      data-variant={variant ?? 'primary'}
      className={clsx(buttonVariants({ variant, size }), className)}
      {...props}
    />
  ),
);
Button.displayName = 'Button';
