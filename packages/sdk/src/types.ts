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
