import type { FieldError } from '@marketkit/sdk';

/**
 * The refusal to show beside each of a form's fields: `fields` maps the contract's field names to the
 * form's own; a field error naming no field of the form is left out (the form shows its general
 * message), and of several refusals of one field the first is kept, the one to fix first.
 */
export function fieldErrorsByField<Field extends string>(
  errors: readonly FieldError[],
  fields: Readonly<Record<string, Field>>,
): Partial<Record<Field, FieldError>> {
  const byField: Partial<Record<Field, FieldError>> = {};
  for (const error of errors) {
    if (!Object.hasOwn(fields, error.field)) continue;
    const own = fields[error.field] as Field;
    if (!byField[own]) byField[own] = error;
  }
  return byField;
}
