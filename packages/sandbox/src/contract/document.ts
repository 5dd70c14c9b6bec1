import bundled from '@marketkit/sandbox/openapi.json' with { type: 'json' };

/** The parts of an OpenAPI 3.1 document the sandbox reads. */
export interface OpenApiDocument {
  paths: Record<string, PathItem>;
  components: { schemas?: Record<string, unknown>; parameters?: Record<string, Parameter> } & Record<
    string,
    unknown
  >;
}

export type HttpMethod = 'get' | 'post' | 'put' | 'delete' | 'patch';

export interface Parameter {
  name: string;
  in: 'query' | 'header' | 'path' | 'cookie';
  required?: boolean;
  schema?: Record<string, unknown>;
}

type ParameterOrRef = Parameter | { $ref: string };

interface PathItem {
  parameters?: ParameterOrRef[];
  get?: Operation;
  post?: Operation;
  put?: Operation;
  delete?: Operation;
  patch?: Operation;
}

export interface MediaType {
  schema?: Record<string, unknown>;
}

export interface ResponseObject {
  content?: Record<string, MediaType>;
}

export interface Operation {
  operationId: string;
  parameters?: ParameterOrRef[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses: Record<string, ResponseObject | { $ref: string }>;
  security?: Record<string, string[]>[];
}

/** One operation of the contract, with its path and parameters resolved. */
export interface ContractOperation {
  operationId: string;
  method: HttpMethod;
  /** The path template, e.g. `/cfs/rest/v3/customer-cart/{cartItemId}`. */
  path: string;
  parameters: Parameter[];
  operation: Operation;
  pathParamNames: string[];
  pattern: RegExp;
}

/** The bundled contract this version of the sandbox implements (`@marketkit/sandbox/openapi.json`). */
export const contractDocument = bundled as unknown as OpenApiDocument;

const METHODS: HttpMethod[] = ['get', 'post', 'put', 'delete', 'patch'];

function resolve<T>(document: OpenApiDocument, value: T | { $ref: string }): T {
  if (value && typeof value === 'object' && '$ref' in value) {
    const pointer = value.$ref.replace(/^#\//, '').split('/');
    let target: unknown = document;
    for (const segment of pointer) {
      target = (target as Record<string, unknown>)[segment.replace(/~1/g, '/').replace(/~0/g, '~')];
    }
    if (target === undefined) throw new Error(`Unresolvable $ref ${value.$ref}`);
    return target as T;
  }
  return value as T;
}

/** Resolves a `$ref` against the document (one level). */
export function resolveRef<T>(document: OpenApiDocument, value: T | { $ref: string }): T {
  return resolve(document, value);
}

/** Every operation of a document, in path order. */
export function listOperations(document: OpenApiDocument = contractDocument): ContractOperation[] {
  const operations: ContractOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    const shared = (item.parameters ?? []).map((p) => resolve(document, p));
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const own = (operation.parameters ?? []).map((p) => resolve(document, p));
      const byKey = new Map<string, Parameter>();
      for (const parameter of [...shared, ...own]) byKey.set(`${parameter.in}:${parameter.name}`, parameter);
      const pathParamNames: string[] = [];
      const source = path
        .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
        .replace(/\\?\{([^}]+)\\?\}/g, (_m, name: string) => {
          pathParamNames.push(name);
          return '([^/]+)';
        });
      operations.push({
        operationId: operation.operationId,
        method,
        path,
        parameters: [...byKey.values()],
        operation,
        pathParamNames,
        pattern: new RegExp(`^${source}$`),
      });
    }
  }
  return operations;
}

/** Finds the operation behind a method and a pathname, with its decoded path parameters. */
export function createOperationMatcher(operations: ContractOperation[]) {
  return (method: string, pathname: string) => {
    const lower = method.toLowerCase();
    for (const candidate of operations) {
      if (candidate.method !== lower) continue;
      const match = candidate.pattern.exec(pathname);
      if (!match) continue;
      const pathParams: Record<string, string> = {};
      const malformed: string[] = [];
      candidate.pathParamNames.forEach((name, index) => {
        const raw = match[index + 1] ?? '';
        try {
          pathParams[name] = decodeURIComponent(raw);
        } catch {
          // A bad %-escape (`%zz`) is the client's mistake: a 400, never a failure of the server.
          pathParams[name] = raw;
          malformed.push(name);
        }
      });
      return { operation: candidate, pathParams, malformed };
    }
    return undefined;
  };
}
