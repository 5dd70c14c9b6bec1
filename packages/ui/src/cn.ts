import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names (conditional ones too, as `clsx` does) and resolves Tailwind conflicts with
 * `tailwind-merge`: the last class of a group wins, so `cn('px-2 bg-primary', className)` lets a
 * caller's `px-4 bg-secondary` replace the defaults instead of fighting them in the stylesheet.
 *
 * The components do not call it: they join their classes with `clsx` and add a caller's `className`
 * to them (to change a default, use their props: `variant`, `size`), so tailwind-merge (≈ 8.5 KiB
 * gzip) reaches only the apps that call `cn` themselves.
 *
 * @example
 * cn('px-2 py-1', isActive && 'bg-primary', 'px-4'); // 'py-1 bg-primary px-4'
 */
export const cn = (...values: ClassValue[]): string => twMerge(clsx(values));
