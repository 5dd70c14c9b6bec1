import { isMarketApiError } from '@marketkit/sdk';
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
  for (const { field, code, limit } of error.fieldErrors) {
    const own = Object.hasOwn(fields, field) ? (fields[field] as Field) : null;
    // The first refusal of a field is the one to fix first.
    if (own === null || problems[own]) continue;
    problems[own] = t(
      [`common:field_errors.${code}_${field}`, `common:field_errors.${code}`, 'common:field_errors.INVALID'],
      {
        ...(limit !== undefined ? { limit } : {}),
        defaultValue: '',
      },
    );
  }
  return problems;
}
