/**
 * `@marketkit/sdk/calls` — a named call for every operation of the contract
 * (`sdk.products.list(query)`), added to a client by `withNamedCalls`. Its own entry point, so that an
 * app using only `GET`/`POST` never loads the table of calls.
 *
 * @packageDocumentation
 */
import type { MarketClient } from './client.ts';
import { type NamedCalls, namedCallTable } from './generated/named-calls.ts';
import type { CallOptions } from './types.ts';
import { unwrap } from './unwrap.ts';

export type { NamedCalls } from './generated/named-calls.ts';
export type { CallBody, CallOptions, CallPath, CallQuery } from './types.ts';

/**
 * `client` itself, with a named call for every operation of the contract, e.g.
 * `withNamedCalls(client).products.list(query)`. Each goes through `client.request`, so through all of
 * the client's middleware (tokens, realm, language, pincode, XSRF, the 401 refresh, the time limit),
 * and resolves as `unwrap` does; `GET`/`POST`/… and the client's helpers are still there.
 */
export function withNamedCalls<Client extends MarketClient>(client: Client): Client & NamedCalls {
  return Object.assign(client, namedCalls(client.request as RawRequest));
}

/** openapi-fetch's `request`, as the named calls use it: with the table's untyped method and path. */
type RawRequest = (
  method: string,
  path: string,
  init: object,
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

type NamedCall = (...args: unknown[]) => Promise<unknown>;

/**
 * The named calls (`sdk.products.list()`) made from the generated table, each one a call through
 * `request` (the client's own, with all its middleware) resolving as `unwrap` does.
 */
function namedCalls(request: RawRequest): NamedCalls {
  const groups: Record<string, Record<string, NamedCall>> = {};
  for (const [group, calls] of Object.entries(namedCallTable)) {
    const members: Record<string, NamedCall> = {};
    groups[group] = members;
    for (const [name, entry] of Object.entries(calls)) {
      const [method = '', path = '', file] = entry.split(' ');
      const pathNames = [...path.matchAll(/{(\w+)}/g)].map((match) => match[1] as string);
      // The generator makes sure that the method alone tells a body from a query.
      const takesBody = /^P/.test(method);
      members[name] = (...args) => {
        const input = args[pathNames.length];
        const { header, headers, signal } = (args[pathNames.length + 1] ?? {}) as CallOptions<never>;
        const call = request(method, path, {
          params: {
            path: Object.fromEntries(pathNames.map((key, index) => [key, args[index]])),
            query: takesBody ? undefined : input,
            header,
          },
          body: takesBody ? input : undefined,
          // A file answer: its media type, or the error envelope; the body is left to the caller.
          headers: file ? { Accept: `${file}, application/json`, ...headers } : headers,
          parseAs: file ? 'stream' : 'json',
          signal,
        });
        return file ? checkedFile(call) : unwrap(call);
      };
    }
  }
  return groups as unknown as NamedCalls;
}

/** A file answer's `Response`, unread; a refusal rejects as `unwrap` does. */
async function checkedFile(call: ReturnType<RawRequest>): Promise<Response> {
  const result = await call;
  if (!result.response.ok) await unwrap(call);
  return result.response;
}
