import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names (conditional ones too, as `clsx` does) and resolves Tailwind conflicts with
 * `tailwind-merge`: the last class of a group wins, so `cn('px-2 bg-primary', className)` lets a
 * caller's `px-4 bg-secondary` replace the defaults instead of fighting them in the stylesheet.
 *
 * @example
 * cn('px-2 py-1', isActive && 'bg-primary', 'px-4'); // 'py-1 bg-primary px-4'
 */
export const cn = (...values: ClassValue[]): string => twMerge(clsx(values));
