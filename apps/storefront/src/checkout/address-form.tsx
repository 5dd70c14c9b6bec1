import {
  type AddressField,
  type AddressInput,
  type AddressProblem,
  emptyAddress,
  validateAddress,
} from '@marketkit/hooks/core';
import type { Schema } from '@marketkit/sdk';
import { Button, Input } from '@marketkit/ui';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

const TEXT_FIELDS: { field: AddressField; autoComplete: string; optional?: boolean }[] = [
  { field: 'full_name', autoComplete: 'name' },
  { field: 'address_line_1', autoComplete: 'address-line1' },
  { field: 'address_line_2', autoComplete: 'address-line2', optional: true },
  { field: 'landmark', autoComplete: 'off', optional: true },
  { field: 'city', autoComplete: 'address-level2' },
  { field: 'state', autoComplete: 'address-level1' },
  { field: 'country', autoComplete: 'country-name' },
];

/**
 * An address form (phone digits with an extension, default +91; pincode digits).
 * Problems show beside their field; nothing is sent until the form is valid.
 */
export function AddressForm({
  initial,
  type,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial?: AddressInput;
  /** Fixes the address type (checkout asks for one kind at a time). */
  type?: Schema<'AddressType'>;
  submitLabel: string;
  onSubmit: (value: AddressInput) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation(['address', 'common']);
  const [values, setValues] = useState<AddressInput>(() => initial ?? emptyAddress(type));
  const [problems, setProblems] = useState<Partial<Record<AddressField, AddressProblem>>>({});
  const [busy, setBusy] = useState(false);
  const set = (field: AddressField, value: string | boolean) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems((current) => ({ ...current, [field]: undefined }));
  };
  const problem = (field: AddressField) => {
    const found = problems[field];
    return found ? t(`problem.${found}`) : undefined;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateAddress(values);
    if (!checked.ok) {
      setProblems(checked.problems);
      const first = Object.keys(checked.problems)[0];
      if (first) document.getElementById(`address-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await onSubmit(checked.value);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="flex flex-col gap-3" noValidate onSubmit={(event) => void submit(event)}>
      {TEXT_FIELDS.slice(0, 1).map(({ field, autoComplete }) => (
        <Input
          key={field}
          id={`address-${field}`}
          label={t(`field.${field}`)}
          autoComplete={autoComplete}
          value={String(values[field] ?? '')}
          maxLength={field === 'full_name' ? 120 : 200}
          error={problem(field)}
          onChange={(event) => set(field, event.target.value)}
        />
      ))}
      <div className="grid grid-cols-[6rem_1fr] gap-3">
        <Input
          id="address-extension"
          label={t('field.extension')}
          autoComplete="tel-country-code"
          value={values.extension}
          maxLength={5}
          noSpaces
          error={problem('extension')}
          onChange={(event) => set('extension', event.target.value)}
        />
        <Input
          id="address-phone"
          label={t('field.phone')}
          autoComplete="tel-national"
          inputMode="numeric"
          numericOnly
          value={values.phone}
          maxLength={15}
          error={problem('phone')}
          onChange={(event) => set('phone', event.target.value)}
        />
      </div>
      {TEXT_FIELDS.slice(1).map(({ field, autoComplete, optional }) => (
        <Input
          key={field}
          id={`address-${field}`}
          label={optional ? t('optional', { label: t(`field.${field}`) }) : t(`field.${field}`)}
          autoComplete={autoComplete}
          value={String(values[field] ?? '')}
          maxLength={field === 'address_line_1' || field === 'address_line_2' ? 200 : 120}
          error={problem(field)}
          onChange={(event) => set(field, event.target.value)}
        />
      ))}
      <Input
        id="address-pincode"
        label={t('field.pincode')}
        autoComplete="postal-code"
        inputMode="numeric"
        numericOnly
        value={values.pincode}
        maxLength={10}
        error={problem('pincode')}
        onChange={(event) => set('pincode', event.target.value)}
      />
      {type ? null : (
        <fieldset className="flex flex-wrap gap-4">
          <legend className="mb-1 font-medium text-sm">{t('field.address_type')}</legend>
          {(['delivery', 'billing'] as const).map((kind) => (
            <label key={kind} className="flex items-center gap-2">
              <input
                type="radio"
                name="address_type"
                value={kind}
                checked={values.address_type === kind}
                onChange={() => set('address_type', kind)}
              />
              {t(`type.${kind}`)}
            </label>
          ))}
        </fieldset>
      )}
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={values.is_default ?? false}
          onChange={(event) => set('is_default', event.target.checked)}
        />
        {t('make_default')}
      </label>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
        {onCancel ? (
          <Button type="button" variant="ghost" onClick={onCancel}>
            {t('cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
