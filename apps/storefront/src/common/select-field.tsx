import { type RefObject, useEffect, useRef } from 'react';
import { useEarlyChoice } from './early-choice.ts';

/**
 * A labelled choice from a list (filters, sorting): the value picked goes out as a string. Drawn
 * uncontrolled with `name`, so it is a field of its form when the browser submits it; a choice made
 * before the code ran is handed to `onChange` once it runs; a new `value` is shown as it comes.
 */
export function SelectField({
  label,
  name,
  value,
  options,
  onChange,
  inline = false,
}: {
  label: string;
  /** The field's name in its form. */
  name?: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  /** Label beside the list instead of above it. */
  inline?: boolean;
}) {
  const select: RefObject<HTMLSelectElement | null> = useRef(null);
  useEarlyChoice(select, onChange);
  // Follows `value` after the first draw (its `defaultValue`), without drawing the list again.
  const shown = useRef(value);
  useEffect(() => {
    if (shown.current === value) return;
    shown.current = value;
    if (select.current) select.current.value = value;
  }, [value]);
  return (
    <label className={`flex gap-1 text-sm ${inline ? 'items-center gap-2' : 'flex-col'}`}>
      <span className="whitespace-nowrap font-medium">{label}</span>
      <select
        ref={select}
        name={name}
        className={`min-h-10 rounded-md border border-current/30 bg-transparent px-2 ${inline ? 'w-auto' : 'w-full'}`}
        defaultValue={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
