import { fieldErrorsByField } from '@marketkit/hooks/core';
import { type FieldError, isMarketApiError } from '@marketkit/sdk';
import type { Translate } from './failure.ts';

/**
 * The shopper's own text beside each of the form's fields that a refusal's field errors name
 * (`{ field, code, limit }`), in the page's language (`common:field_errors.{code}_{field}`, else
 * `…{code}`, with `limit`):
 * never the server's words, which may be a validator's English. `fields` maps the contract's field
 * names to the form's.
 */
export function fieldProblems<Field extends string>(
  error: unknown,
  fields: Readonly<Record<string, Field>>,
  t: Translate,
): Partial<Record<Field, string>> {
  if (!isMarketApiError(error)) return {};
  const problems: Partial<Record<Field, string>> = {};
  const byField = Object.entries(fieldErrorsByField(error.fieldErrors, fields)) as [Field, FieldError][];
  for (const [own, { field, code, limit }] of byField)
    problems[own] = t(
      [`common:field_errors.${code}_${field}`, `common:field_errors.${code}`, 'common:field_errors.INVALID'],
      {
        ...(limit !== undefined ? { limit } : {}),
        defaultValue: '',
      },
    );
  return problems;
}
