import { describe, expect, it } from 'vitest';
import { cn } from '../src/index.ts';

describe('cn', () => {
  it.each([
    [['px-2 py-1', 'px-4'], 'py-1 px-4'],
    [['bg-primary', 'bg-secondary'], 'bg-secondary'],
    // Theme colours and sizes are different groups: both stay.
    [['text-sm', 'text-primary-fg'], 'text-sm text-primary-fg'],
    [['text-primary-fg', 'text-page-fg'], 'text-page-fg'],
    [['min-h-8 rounded-md', 'min-h-12 rounded-lg'], 'min-h-12 rounded-lg'],
    [['border border-current/10', 'border-current'], 'border border-current'],
    [['p-2', false, null, undefined, 0, ''], 'p-2'],
    [['p-2', { 'bg-primary': true, 'bg-tertiary': false }, ['opacity-50']], 'p-2 bg-primary opacity-50'],
  ] as const)('given %j, should give %j', (values, expected) => {
    expect(cn(...values)).toBe(expected);
  });
});
