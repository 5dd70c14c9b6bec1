import { type RefObject, useEffect } from 'react';

/**
 * A list drawn uncontrolled (`defaultValue`) whose choice is applied by code: when the shopper picked
 * another option before the code ran, `apply` gets it once the code runs (and is not called otherwise;
 * a list drawn without its value among the options counts as untouched).
 */
export function useEarlyChoice(
  select: RefObject<HTMLSelectElement | null>,
  apply: (value: string) => void,
): void {
  // Once, at hydration: later changes go through the list's own onChange.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only what stood at hydration counts
  useEffect(() => {
    const element = select.current;
    const chosen = element?.selectedOptions[0];
    if (!element || !chosen || chosen.defaultSelected) return;
    if (![...element.options].some((option) => option.defaultSelected)) return;
    apply(chosen.value);
  }, []);
}
