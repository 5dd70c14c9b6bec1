import { Button } from './button.tsx';

export interface QuantityStepperProps {
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  label: string;
  decreaseLabel?: string;
  increaseLabel?: string;
  disabled?: boolean;
}

/** − value + with whole numbers only, between min and max. */
export function QuantityStepper({
  value,
  onChange,
  min = 1,
  max = 999,
  label,
  decreaseLabel = 'Decrease',
  increaseLabel = 'Increase',
  disabled,
}: QuantityStepperProps) {
  const set = (next: number) => {
    const clamped = Math.min(max, Math.max(min, Math.trunc(next)));
    if (Number.isFinite(clamped) && clamped !== value) onChange(clamped);
  };
  return (
    <fieldset data-slot="quantity" className="inline-flex items-center rounded-md border border-current/30">
      <legend className="sr-only">{label}</legend>
      <Button
        variant="ghost"
        size="icon"
        aria-label={decreaseLabel}
        disabled={disabled || value <= min}
        onClick={() => set(value - 1)}
      >
        −
      </Button>
      <output aria-live="polite" className="min-w-8 text-center tabular-nums">
        {value}
      </output>
      <Button
        variant="ghost"
        size="icon"
        aria-label={increaseLabel}
        disabled={disabled || value >= max}
        onClick={() => set(value + 1)}
      >
        +
      </Button>
    </fieldset>
  );
}
