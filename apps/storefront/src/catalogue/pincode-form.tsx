import { isSavablePincode } from '@marketkit/hooks/core';
import { Button, Input } from '@marketkit/ui';
import { type FormEvent, useState } from 'react';

/** A pincode field and its button; only a well-formed pincode (4 to 10 digits) is passed on. */
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
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('pincode') ?? '').trim();
    setInvalid(!isSavablePincode(value));
    if (isSavablePincode(value)) onPincode(value);
  };
  return (
    <form onSubmit={submit} noValidate className="flex items-end gap-2">
      <div className="min-w-0 flex-1">
        <Input
          label={label}
          name="pincode"
          inputMode="numeric"
          numericOnly
          maxLength={10}
          error={invalid ? invalidText : undefined}
        />
      </div>
      <Button type="submit" variant="secondary" className="min-h-10">
        {buttonLabel}
      </Button>
    </form>
  );
}
