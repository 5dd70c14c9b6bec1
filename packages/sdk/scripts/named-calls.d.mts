// Types of named-calls.mjs, for the tests that run its generator on small contracts.
export declare const NAMED_CALLS: Record<string, string>;
export declare const CLIENT_MEMBERS: string[];
/** The source of src/generated/named-calls.ts for a bundled contract; throws listing every problem. */
export declare function namedCallsModule(doc: object, names?: Record<string, string>): string;
