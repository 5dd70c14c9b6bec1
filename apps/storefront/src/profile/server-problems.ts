import { isMarketApiError } from '@marketkit/sdk';

/**
 * A refusal's `response_message` beside each of the form's fields the server named in its field errors
 * (`{ field, message }`), so the shopper sees the server's words where the problem is.
 */
export function serverProblems<Field extends string>(
  error: unknown,
  fields: Readonly<Record<string, Field>>,
): Partial<Record<Field, string>> {
  if (!isMarketApiError(error)) return {};
  const problems: Partial<Record<Field, string>> = {};
  for (const { field } of error.fieldErrors) {
    if (Object.hasOwn(fields, field)) problems[fields[field] as Field] = error.responseMessage;
  }
  return problems;
}
