import { fieldErrorsOf, MarketApiError, serverText } from './errors.ts';
import { methodOf } from './transport.ts';

/** What every client call resolves to (openapi-fetch's `FetchResponse`), as far as `unwrap` reads it. */
interface FetchResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

/**
 * The `response_body` of a call's success answer, read from the call's result type by a conditional
 * type rather than inferred through a constraint: checking an `unwrap` costs a sixth of what it did
 * (about 1 200 type instantiations instead of 7 700), and a wrong path gives only the path's own
 * one-line error. `never` for answers that are not an envelope (files).
 */
type ResponseBodyOf<Result> = Result extends { data: infer Data }
  ? Data extends { response_body: infer Body }
    ? Body
    : never
  : never;

/**
 * Awaits a client call and gives its `response_body`, or throws `MarketApiError` carrying the
 * server's `response_message` and status.
 *
 * @example
 * const settings = await unwrap(client.GET('/pbs/rest/v3/content-settings', { params: { query } }));
 */
export async function unwrap<Result extends { response: Response }>(
  call: Promise<Result>,
): Promise<ResponseBodyOf<Result>> {
  // Only `response` is constrained: comparing the whole result with `FetchResult` is what cost most.
  const { data, error, response }: FetchResult = await call;
  if (data !== undefined && error === undefined && response.ok)
    return (data as { response_body: ResponseBodyOf<Result> }).response_body;
  const envelope = (error ?? {}) as { response_message?: unknown; errors?: unknown };
  throw new MarketApiError({
    kind: response.ok ? 'malformed' : 'http',
    status: response.status,
    method: methodOf(response) ?? '',
    url: response.url,
    // Only the server's own words; the SDK's describe the failure for developers (`message`).
    responseMessage: serverText(envelope.response_message),
    description: response.ok
      ? 'The server sent an empty reply.'
      : `The request failed (HTTP ${response.status}).`,
    fieldErrors: fieldErrorsOf(envelope.errors),
  });
}
