import type { components } from '@marketkit/sdk';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import {
  type ContractOperation,
  contractDocument,
  createOperationMatcher,
  listOperations,
  type MediaType,
  type OpenApiDocument,
  type ResponseObject,
  resolveRef,
} from './document.ts';

// ajv-formats ships CommonJS with `exports.default`; under Node ESM the default import is the module object.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

/** One way a request or a response differs from the contract. */
export interface ContractViolation {
  operationId: string | undefined;
  direction: 'request' | 'response';
  /** Where in the message: `query.page_number`, `header.authorization`, `body/customer_cart/0`, `status`… */
  location: string;
  /** Why, as a field error's code (from the validator's keyword; none where no keyword applies). */
  code?: FieldErrorCode;
  /** The bound broken, for `TOO_SHORT`/`TOO_LONG`/`TOO_SMALL`/`TOO_LARGE`. */
  limit?: number;
  message: string;
}

type FieldErrorCode = components['schemas']['FieldErrorCode'];

/** Ajv's keyword → the contract's field error code. */
const KEYWORD_CODES: Readonly<Record<string, FieldErrorCode>> = {
  required: 'REQUIRED',
  minLength: 'TOO_SHORT',
  minItems: 'TOO_SHORT',
  maxLength: 'TOO_LONG',
  maxItems: 'TOO_LONG',
  minimum: 'TOO_SMALL',
  exclusiveMinimum: 'TOO_SMALL',
  maximum: 'TOO_LARGE',
  exclusiveMaximum: 'TOO_LARGE',
  pattern: 'INVALID_FORMAT',
  format: 'INVALID_FORMAT',
  type: 'INVALID_TYPE',
  enum: 'NOT_ALLOWED',
  const: 'NOT_ALLOWED',
  additionalProperties: 'UNKNOWN_FIELD',
};

/** The code, the value's own path (a missing or unknown property names itself) and the bound of an error. */
function fieldOf(error: ErrorObject): { path: string; code: FieldErrorCode; limit?: number } {
  const params = (error.params ?? {}) as Record<string, unknown>;
  const named = params.missingProperty ?? params.additionalProperty;
  const path = typeof named === 'string' ? `${error.instancePath}/${named}` : error.instancePath;
  const code = KEYWORD_CODES[error.keyword] ?? 'INVALID';
  const limit = params.limit;
  return { path, code, ...(typeof limit === 'number' ? { limit } : {}) };
}

export interface RequestToCheck {
  method: string;
  url: string | URL;
  headers: Headers;
  /** Parsed JSON, a FormData for multipart bodies, or undefined when there is no body. */
  body?: unknown;
  contentType?: string | null;
}

export interface CheckedRequest {
  operation: ContractOperation | undefined;
  pathParams: Record<string, string>;
  /** Query parameters converted to the types the contract declares (integers, booleans…). */
  query: Record<string, unknown>;
  /** Path parameters converted the same way. */
  path: Record<string, unknown>;
  violations: ContractViolation[];
}

export interface ResponseToCheck {
  method: string;
  url: string | URL;
  status: number;
  contentType: string | null;
  /** Parsed JSON for JSON answers; anything (or undefined) for files. */
  body?: unknown;
}

export interface ContractValidatorOptions {
  document?: OpenApiDocument;
  /** Report query parameters the contract does not declare (default true). */
  rejectUnknownQuery?: boolean;
}

/** Checks requests and responses against the contract with a JSON Schema 2020-12 validator (Ajv). */
export interface ContractValidator {
  checkRequest(request: RequestToCheck): CheckedRequest;
  checkResponse(response: ResponseToCheck): ContractViolation[];
  readonly operations: readonly ContractOperation[];
}

const DOCUMENT_ID = 'https://marketkit.dev/contract';

function rewriteRefs(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rewriteRefs);
  if (schema && typeof schema === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(schema)) {
      out[key] =
        key === '$ref' && typeof value === 'string' && value.startsWith('#/')
          ? `${DOCUMENT_ID}${value}`
          : rewriteRefs(value);
    }
    return out;
  }
  return schema;
}

function createAjv(document: OpenApiDocument, coerceTypes: boolean) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, coerceTypes, validateFormats: true });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema({ $id: DOCUMENT_ID, components: document.components });
  return ajv;
}

function describe(
  errors: ErrorObject[] | null | undefined,
  prefix: string,
  operationId: string,
  direction: ContractViolation['direction'],
) {
  return (errors ?? []).map<ContractViolation>((error) => {
    const { path, ...why } = fieldOf(error);
    return {
      operationId,
      direction,
      location: `${prefix}${path}`,
      ...why,
      message: `${error.message ?? 'is invalid'}${error.params && Object.keys(error.params).length ? ` ${JSON.stringify(error.params)}` : ''}`,
    };
  });
}

function mediaTypeOf(contentType: string | null | undefined) {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** Creates a validator over the bundled contract (or another OpenAPI 3.1 document). */
export function createContractValidator(options: ContractValidatorOptions = {}): ContractValidator {
  const document = options.document ?? contractDocument;
  const rejectUnknownQuery = options.rejectUnknownQuery ?? true;
  const operations = listOperations(document);
  const match = createOperationMatcher(operations);
  const strict = createAjv(document, false);
  const coercing = createAjv(document, true);
  const compiled = new Map<string, ValidateFunction>();

  function compile(ajv: Ajv2020, key: string, schema: unknown) {
    const cacheKey = `${ajv === coercing ? 'c' : 's'}:${key}`;
    let validate = compiled.get(cacheKey);
    if (!validate) {
      validate = ajv.compile(rewriteRefs(schema) as object);
      compiled.set(cacheKey, validate);
    }
    return validate;
  }

  function checkRequest(request: RequestToCheck): CheckedRequest {
    const url = new URL(request.url);
    const found = match(request.method, url.pathname);
    if (!found) {
      return {
        operation: undefined,
        pathParams: {},
        query: {},
        path: {},
        violations: [
          {
            operationId: undefined,
            direction: 'request',
            location: 'path',
            message: `${request.method} ${url.pathname} is not in the contract`,
          },
        ],
      };
    }
    const { operation, pathParams, malformed } = found;
    const id = operation.operationId;
    const violations: ContractViolation[] = malformed.map((name) => ({
      operationId: id,
      direction: 'request',
      location: `path.${name}`,
      code: 'INVALID_FORMAT',
      message: 'is not valid percent-encoding',
    }));

    // Query and path parameters, converted to their declared types.
    const query: Record<string, unknown> = {};
    const queryProperties: Record<string, unknown> = {};
    const requiredQuery: string[] = [];
    for (const parameter of operation.parameters) {
      if (parameter.in !== 'query') continue;
      queryProperties[parameter.name] = parameter.schema ?? {};
      if (parameter.required) requiredQuery.push(parameter.name);
    }
    for (const [name, value] of url.searchParams) {
      if (name in queryProperties) query[name] = value;
      else if (rejectUnknownQuery) {
        violations.push({
          operationId: id,
          direction: 'request',
          location: `query.${name}`,
          message: 'is not a parameter of this operation',
        });
      }
    }
    const validateQuery = compile(coercing, `${id}:query`, {
      type: 'object',
      properties: queryProperties,
      required: requiredQuery,
    });
    if (!validateQuery(query)) violations.push(...describe(validateQuery.errors, 'query', id, 'request'));

    const pathValues: Record<string, unknown> = { ...pathParams };
    const pathProperties: Record<string, unknown> = {};
    for (const parameter of operation.parameters) {
      if (parameter.in === 'path') pathProperties[parameter.name] = parameter.schema ?? {};
    }
    const validatePath = compile(coercing, `${id}:path`, { type: 'object', properties: pathProperties });
    if (!validatePath(pathValues)) violations.push(...describe(validatePath.errors, 'path', id, 'request'));

    for (const parameter of operation.parameters) {
      if (parameter.in !== 'header') continue;
      const value = request.headers.get(parameter.name);
      if (value === null) {
        if (parameter.required) {
          violations.push({
            operationId: id,
            direction: 'request',
            location: `header.${parameter.name}`,
            message: 'is required',
          });
        }
        continue;
      }
      const validateHeader = compile(coercing, `${id}:header:${parameter.name}`, parameter.schema ?? {});
      if (!validateHeader(value))
        violations.push(...describe(validateHeader.errors, `header.${parameter.name}`, id, 'request'));
    }

    // Credentials: one of the operation's security requirements must be met.
    const security = operation.operation.security ?? [];
    if (security.length > 0) {
      const authorization = request.headers.get('authorization') ?? '';
      const satisfied = security.some((requirement) =>
        Object.keys(requirement).every((scheme) => {
          if (scheme === 'bearerAuth') return /^Bearer \S+$/.test(authorization);
          if (scheme === 'realmName') return Boolean(request.headers.get('realmname'));
          return false;
        }),
      );
      if (!satisfied) {
        violations.push({
          operationId: id,
          direction: 'request',
          location: 'header.authorization',
          message: `meets none of the security requirements ${JSON.stringify(security)}`,
        });
      }
    }

    // Body.
    const requestBody = operation.operation.requestBody;
    const mediaType = mediaTypeOf(request.contentType ?? request.headers.get('content-type'));
    if (!requestBody) {
      if (request.body !== undefined) {
        violations.push({
          operationId: id,
          direction: 'request',
          location: 'body',
          message: 'this operation takes no body',
        });
      }
    } else if (request.body === undefined) {
      if (requestBody.required)
        violations.push({ operationId: id, direction: 'request', location: 'body', message: 'is required' });
    } else {
      const media: MediaType | undefined = requestBody.content[mediaType];
      if (!media) {
        violations.push({
          operationId: id,
          direction: 'request',
          location: 'header.content-type',
          message: `${mediaType || '(none)'} is not one of ${Object.keys(requestBody.content).join(', ')}`,
        });
      } else if (mediaType === 'application/json') {
        const validateBody = compile(strict, `${id}:body`, media.schema ?? {});
        if (!validateBody(request.body))
          violations.push(...describe(validateBody.errors, 'body', id, 'request'));
      }
    }
    return { operation, pathParams, query, path: pathValues, violations };
  }

  function checkResponse(response: ResponseToCheck): ContractViolation[] {
    const url = new URL(response.url);
    const found = match(response.method, url.pathname);
    if (!found) return [];
    const { operation } = found;
    const id = operation.operationId;
    const responses = operation.operation.responses;
    const key = String(response.status);
    const declared = responses[key] ?? responses[`${key[0]}XX`] ?? responses.default;
    if (!declared) {
      return [
        {
          operationId: id,
          direction: 'response',
          location: 'status',
          message: `${response.status} is not a declared answer`,
        },
      ];
    }
    const resolved = resolveRef<ResponseObject>(document, declared);
    const content = resolved.content ?? {};
    const mediaType = mediaTypeOf(response.contentType);
    const media = content[mediaType];
    if (!media) {
      if (Object.keys(content).length === 0) return [];
      return [
        {
          operationId: id,
          direction: 'response',
          location: 'header.content-type',
          message: `${mediaType || '(none)'} is not one of ${Object.keys(content).join(', ')}`,
        },
      ];
    }
    if (mediaType !== 'application/json') return [];
    const validate = compile(strict, `${id}:response:${key}:${mediaType}`, media.schema ?? {});
    return validate(response.body) ? [] : describe(validate.errors, 'body', id, 'response');
  }

  return { checkRequest, checkResponse, operations };
}
