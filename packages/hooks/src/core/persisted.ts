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

/** Keys never taken from stored JSON: through them a parsed value could reach a prototype. */
export const isUnsafeKey = (key: string) =>
  key === '__proto__' || key === 'constructor' || key === 'prototype';

/** `JSON.parse` that drops the keys of `isUnsafeKey` wherever they are. */
export const parseStored = (raw: string): unknown =>
  JSON.parse(raw, (key, value) => (isUnsafeKey(key) ? undefined : value));

/**
 * A parsed stored value as its version and its data: the `{ version, data }` envelope, or a bare value
 * (stored before there were envelopes) as version 0. A version that is not a number becomes `NaN`, which
 * no code can read (see `isReadableVersion`).
 */
export function openEnvelope(parsed: unknown): { version: number; data: unknown } {
  if (
    parsed &&
    typeof parsed === 'object' &&
    !Array.isArray(parsed) &&
    'version' in parsed &&
    'data' in parsed
  )
    return { version: Number(parsed.version), data: parsed.data };
  return { version: 0, data: parsed };
}

/**
 * Whether code that writes `current` can read a value stored as `version`: a whole number, not newer
 * than `current` (an older one is migrated). A newer one was written by a newer release: kept aside,
 * never read as this version's.
 */
export const isReadableVersion = (version: number, current: number) =>
  Number.isInteger(version) && version >= 0 && version <= current;

/**
 * Reads a stored value: parses, checks the version (older ones go through `migrate`), and validates
 * with `sanitize`, which keeps what is valid. A bare (unversioned) value is treated as version 0.
 * (The hooks read their stored state through zustand's `persist` with the same rules; this is for
 * code without zustand, such as the early prefetch.)
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
    parsed = parseStored(raw);
  } catch {
    return { status: 'corrupt', value: options.fallback, raw };
  }
  const envelope = openEnvelope(parsed);
  if (!isReadableVersion(envelope.version, options.version))
    return { status: 'corrupt', value: options.fallback, raw };
  const data =
    envelope.version < options.version && options.migrate
      ? options.migrate(envelope.data, envelope.version)
      : envelope.data;
  const { value, dropped } = options.sanitize(data);
  return { status: 'ok', value, dropped };
}

export const writePersisted = <T>(version: number, data: T) =>
  JSON.stringify({ version, data } satisfies PersistedEnvelope<T>);
