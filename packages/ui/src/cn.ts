import { type ClassValue, clsx } from 'clsx';

/** Joins class names (conditional ones too). */
export const cn = (...values: ClassValue[]) => clsx(values);
