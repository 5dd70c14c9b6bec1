import { MarketApiError } from './errors.ts';
import { methodOf } from './transport.ts';

/** The shape every openapi-fetch call resolves to. */
interface FetchResult<Data, Failure> {
  data?: Data;
  error?: Failure;
  response: Response;
}

/**
 * Awaits a client call and gives its `response_body`, or throws `MarketApiError` carrying the
 * server's `response_message` and status.
 *
 * @example
 * const settings = await unwrap(client.GET('/pbs/rest/v3/content-settings', { params: { query } }));
 */
export async function unwrap<Data extends { response_body: unknown }, Failure>(
  call: Promise<FetchResult<Data, Failure>>,
): Promise<Data['response_body']> {
  const { data, error, response } = await call;
  if (data !== undefined && error === undefined && response.ok) return data.response_body;
  const envelope = (error ?? {}) as { response_message?: unknown; errors?: unknown };
  throw new MarketApiError({
    kind: response.ok ? 'malformed' : 'http',
    status: response.status,
    method: methodOf(response) ?? '',
    url: response.url,
    responseMessage:
      typeof envelope.response_message === 'string' && envelope.response_message !== ''
        ? envelope.response_message
        : response.ok
          ? 'The server sent an empty reply.'
          : `The request failed (HTTP ${response.status}).`,
    fieldErrors: Array.isArray(envelope.errors)
      ? (envelope.errors as Array<{ field: string; message: string }>)
      : undefined,
  });
}
