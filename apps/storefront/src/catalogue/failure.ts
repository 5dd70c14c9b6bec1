import { isMarketApiError } from '@marketkit/sdk';

/** The server's own words for a refusal (spec §8), else the fallback text. */
export function failureMessage(error: unknown, fallback: string): string {
  if (isMarketApiError(error) && error.responseMessage) return error.responseMessage;
  return fallback;
}
