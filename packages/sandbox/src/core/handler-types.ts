import type { operations } from '@marketkit/sdk';
import type { SandboxContext } from './context.ts';

export type OperationId = keyof operations;

type Parameters<O> = O extends { parameters: infer P } ? P : never;

/** Query parameters of an operation, already converted to their declared types. */
export type QueryOf<O> =
  Parameters<O> extends { query?: infer Q }
    ? [Q] extends [never]
      ? Record<string, never>
      : NonNullable<Q>
    : Record<string, never>;

/** Path parameters of an operation (declared as numbers or strings; the sandbox converts them). */
export type PathOf<O> =
  Parameters<O> extends { path: infer P }
    ? [P] extends [never]
      ? Record<string, never>
      : P
    : Record<string, never>;

/** The JSON (or multipart) body of an operation. */
export type BodyOf<O> = O extends { requestBody: { content: { 'application/json': infer B } } }
  ? B
  : O extends { requestBody?: { content: { 'application/json': infer B } } }
    ? B | undefined
    : O extends { requestBody: { content: { 'multipart/form-data': unknown } } }
      ? FormData
      : undefined;

type Success<O> = O extends { responses: infer R } ? (R extends { 200: infer S } ? S : never) : never;

/** The `response_body` of an operation's JSON answer; `never` for file answers. */
export type ResultOf<O> =
  Success<O> extends { content: { 'application/json': { response_body: infer B } } } ? B : never;

/** True when the operation answers with a file rather than a JSON envelope. */
type IsFile<O> = Success<O> extends { content: { 'application/json': unknown } } ? false : true;

/** A file answer (invoices, digital downloads). */
export interface FileReply {
  kind: 'file';
  body: Uint8Array | ReadableStream<Uint8Array>;
  contentType: string;
  filename: string;
  size?: number;
}

/** A JSON answer; `message` becomes `response_message`. */
export interface JsonReply<B> {
  kind?: 'json';
  body: B;
  message?: string;
}

export type ReplyOf<O> = IsFile<O> extends true ? FileReply : JsonReply<ResultOf<O>>;

export interface HandlerInput<O> {
  query: QueryOf<O>;
  path: PathOf<O>;
  body: BodyOf<O>;
}

/** One operation's implementation: typed from the generated contract, so a wrong shape fails to compile. */
export type OperationHandler<O> = (
  input: HandlerInput<O>,
  context: SandboxContext,
) => Promise<ReplyOf<O>> | ReplyOf<O>;

/** The implementation of every operation of the contract. */
export type ContractHandlers = { [K in OperationId]: OperationHandler<operations[K]> };
