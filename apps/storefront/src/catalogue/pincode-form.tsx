import { chosenPincode, isSavablePincode, PINCODE_PARAM } from '@marketkit/hooks/core';
import { Button, Input } from '@marketkit/ui';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Form, useLocation, useNavigate } from 'react-router';

/** The well-formed pincode the address carries (a form submitted without code), or null. */
export function useAddressPincode(): string | null {
  return chosenPincode(new URLSearchParams(useLocation().search).get(PINCODE_PARAM));
}

/**
 * A pincode field and its button; only a well-formed pincode (4 to 10 digits) is passed on. A GET form
 * to the page it is on (its other query parameters kept): submitted without code, the pincode arrives
 * in the address, where the server answers it and `usePincodeFromAddress` applies it once the code
 * runs; text that is no pincode comes back in the field with its error, as with the code.
 */
export function PincodeForm({
  label,
  buttonLabel,
  invalidText,
  onPincode,
}: {
  label: string;
  buttonLabel: string;
  invalidText: string;
  onPincode: (pincode: string) => void;
}) {
  const { pathname, search } = useLocation();
  const given = new URLSearchParams(search).get(PINCODE_PARAM);
  // Read once: the address loses the field once the code runs, the error stays until the next try.
  const [invalid, setInvalid] = useState(() => given !== null && chosenPincode(given) === null);
  const [typed] = useState(() => (invalid ? (given ?? '') : undefined));
  const kept = [...new URLSearchParams(search)].filter(([name]) => name !== PINCODE_PARAM && name !== 'page');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get(PINCODE_PARAM) ?? '').trim();
    setInvalid(!isSavablePincode(value));
    if (isSavablePincode(value)) onPincode(value);
  };
  return (
    <Form method="get" action={pathname} onSubmit={submit} noValidate className="flex items-end gap-2">
      {kept.map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <div className="min-w-0 flex-1">
        <Input
          label={label}
          name={PINCODE_PARAM}
          inputMode="numeric"
          numericOnly
          maxLength={10}
          defaultValue={typed}
          error={invalid ? invalidText : undefined}
        />
      </div>
      <Button type="submit" variant="secondary" className="min-h-10">
        {buttonLabel}
      </Button>
    </Form>
  );
}

/**
 * Once the code runs: a pincode the browser submitted in the address (a `PincodeForm` used before the
 * code ran) is applied, and taken out of the address (it is not part of what the page shows).
 */
export function usePincodeFromAddress(apply: (pincode: string) => void): void {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  // The latest `apply`, without making each render's new one a reason to apply again.
  const latest = useRef(apply);
  latest.current = apply;
  // Each address is handled once (applying re-renders before the new address is in place).
  const handled = useRef<string | null>(null);
  useEffect(() => {
    const params = new URLSearchParams(search);
    const given = params.get(PINCODE_PARAM);
    if (given === null || handled.current === search) return;
    handled.current = search;
    const pincode = chosenPincode(given);
    if (pincode !== null) latest.current(pincode);
    params.delete(PINCODE_PARAM);
    const rest = params.toString();
    void navigate(`${pathname}${rest ? `?${rest}` : ''}${hash}`, { replace: true, preventScrollReset: true });
  }, [search, navigate, pathname, hash]);
}
