import { clsx } from 'clsx';
import { forwardRef, type InputHTMLAttributes, type KeyboardEvent, useId } from 'react';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Shown under the field and announced (aria-describedby, aria-invalid). */
  error?: string | undefined;
  hint?: string | undefined;
  /** Blocks every key that types a non-digit. */
  numericOnly?: boolean;
  /** Blocks the space key. */
  noSpaces?: boolean;
}

const EDITING_KEYS = new Set([
  'Backspace',
  'Delete',
  'Tab',
  'Enter',
  'Escape',
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
]);

/** Whether a key press may type into a digits-only field. */
export function allowsNumericKey(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>) {
  if (event.ctrlKey || event.metaKey || event.altKey || EDITING_KEYS.has(event.key)) return true;
  return /^[0-9]$/.test(event.key);
}

/** A labelled text field with optional digit-only and no-space rules. */
export const Input = forwardRef<HTMLInputElement, InputProps>(
  ({ label, error, hint, numericOnly, noSpaces, className, id, onKeyDown, onPaste, ...props }, ref) => {
    const generated = useId();
    const inputId = id ?? generated;
    const describedBy =
      [error ? `${inputId}-error` : null, hint ? `${inputId}-hint` : null].filter(Boolean).join(' ') ||
      undefined;
    return (
      <div className="flex flex-col gap-1" data-slot="field">
        <label htmlFor={inputId} className="text-sm font-medium">
          {label}
        </label>
        <input
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          inputMode={numericOnly ? 'numeric' : props.inputMode}
          className={clsx(
            'min-h-10 w-full min-w-0 rounded-md border bg-transparent px-3 focus-visible:outline-2 focus-visible:outline-current',
            // One border colour at a time: classes are joined, not merged (src/cn.ts says why).
            error ? 'border-red-600' : 'border-current/30',
            className,
          )}
          onKeyDown={(event) => {
            if ((numericOnly && !allowsNumericKey(event)) || (noSpaces && event.key === ' '))
              event.preventDefault();
            onKeyDown?.(event);
          }}
          onPaste={(event) => {
            const text = event.clipboardData.getData('text');
            if ((numericOnly && /\D/.test(text)) || (noSpaces && /\s/.test(text))) event.preventDefault();
            onPaste?.(event);
          }}
          {...props}
        />
        {hint ? (
          <p id={`${inputId}-hint`} className="text-xs opacity-75">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={`${inputId}-error`} className="text-xs text-red-700" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    );
  },
);
Input.displayName = 'Input';
