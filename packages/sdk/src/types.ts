import type { components, operations, paths } from './generated/openapi.ts';

export type { components, operations, paths };

/** Every named schema of the contract, e.g. `Schema<'ProductSummary'>`. */
export type Schema<Name extends keyof components['schemas']> = components['schemas'][Name];

/** The `{ response_message, response_body }` envelope every answer uses. */
export interface Envelope<Body> {
  response_message: string;
  response_body: Body;
}

/** The `response_body` of an operation's success answer, e.g. `ResponseBody<'getCustomerCart'>`. */
export type ResponseBody<Operation extends keyof operations> =
  SuccessContent<operations[Operation]> extends {
    response_body: infer Body;
  }
    ? Body
    : never;

type SuccessContent<Operation> = Operation extends {
  responses: infer Responses;
}
  ? Responses extends { 200: { content: { 'application/json': infer Json } } }
    ? Json
    : Responses extends { 201: { content: { 'application/json': infer Json } } }
      ? Json
      : never
  : never;

/** The JSON request body of an operation, e.g. `RequestBody<'addToCustomerCart'>`. */
export type RequestBody<Operation extends keyof operations> = operations[Operation] extends {
  requestBody?: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

/** The query of an operation's named call, e.g. `CallQuery<'listProducts'>`. */
export type CallQuery<Operation extends keyof operations> = NonNullable<
  operations[Operation]['parameters']['query']
>;

/** The path parameters of an operation, e.g. `CallPath<'getProduct'>['productId']`. */
export type CallPath<Operation extends keyof operations> = NonNullable<
  operations[Operation]['parameters']['path']
>;

/** The JSON body of an operation's named call, e.g. `CallBody<'addToCustomerCart'>`. */
export type CallBody<Operation extends keyof operations> = RequestBody<Operation>;

/** What a named call takes besides its path parameters and its body or query. */
export interface CallOptions<Operation extends keyof operations> {
  /** The operation's own header parameters, e.g. `{ 'Idempotency-Key': key }` for a cart change. */
  header?: NonNullable<operations[Operation]['parameters']['header']>;
  /** Extra headers sent with the call. */
  headers?: Record<string, string>;
  /** Cancels the call: it then rejects with code `REQUEST_CANCELLED`. */
  signal?: AbortSignal;
}
