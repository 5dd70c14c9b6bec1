/** How a stored value is kept: `{ version, data }` under the spec's storage key. */
export interface PersistedEnvelope<T> {
  version: number;
  data: T;
}

export type PersistedRead<T> =
  | { status: 'empty'; value: T }
  | { status: 'ok'; value: T; dropped: number }
  /** Not JSON, or not a value this version can read: the raw text must be kept aside, not lost. */
  | { status: 'corrupt'; value: T; raw: string };

/**
 * Reads a stored value: parses, checks the version (older ones go through `migrate`), and validates
 * with `sanitize`, which keeps what is valid. A bare (unversioned) value is treated as version 0.
 */
export function readPersisted<T>(
  raw: string | null,
  options: {
    version: number;
    fallback: T;
    sanitize: (value: unknown) => { value: T; dropped: number };
    migrate?: (value: unknown, from: number) => unknown;
  },
): PersistedRead<T> {
  if (raw === null || raw === '') return { status: 'empty', value: options.fallback };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw, (key, value) =>
      key === '__proto__' || key === 'constructor' || key === 'prototype' ? undefined : value,
    );
  } catch {
    return { status: 'corrupt', value: options.fallback, raw };
  }
  const enveloped =
    parsed && typeof parsed === 'object' && !Array.isArray(parsed) && 'version' in parsed && 'data' in parsed;
  const version = enveloped ? Number((parsed as { version: unknown }).version) : 0;
  let data = enveloped ? (parsed as { data: unknown }).data : parsed;
  if (!Number.isInteger(version) || version > options.version)
    return { status: 'corrupt', value: options.fallback, raw };
  if (version < options.version) data = options.migrate ? options.migrate(data, version) : data;
  const { value, dropped } = options.sanitize(data);
  return { status: 'ok', value, dropped };
}

export const writePersisted = <T>(version: number, data: T) =>
  JSON.stringify({ version, data } satisfies PersistedEnvelope<T>);
