import type { components } from '@marketkit/sdk';

type FieldError = components['schemas']['FieldError'];

/** An error answer: becomes `{ response_message, response_body: null, status_code, errors? }`. */
export class SandboxError extends Error {
  readonly status: number;
  readonly fieldErrors: FieldError[] | undefined;

  constructor(status: number, message: string, fieldErrors?: FieldError[]) {
    super(message);
    this.name = 'SandboxError';
    this.status = status;
    this.fieldErrors = fieldErrors;
  }
}

export const badRequest = (message: string, fieldErrors?: FieldError[]) =>
  new SandboxError(400, message, fieldErrors);
export const unauthorized = (message = 'Sign in to continue') => new SandboxError(401, message);
export const forbidden = (message: string) => new SandboxError(403, message);
export const notFound = (message: string) => new SandboxError(404, message);
export const conflict = (message: string) => new SandboxError(409, message);

/** Throws a 400 with one field error (`INVALID_FORMAT` unless `code` says otherwise) when `condition` is false. */
export function ensure(
  condition: unknown,
  field: string,
  message: string,
  code: FieldError['code'] = 'INVALID_FORMAT',
): asserts condition {
  if (!condition) throw badRequest(message, [{ field, code, message }]);
}
