/** This browser as a device the services host can tell apart (kept apart from the sign-in rules: every page signs in). */

/** A readable name for this device from its user agent: "Chrome on Linux". */
export function deviceName(userAgent: string): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\//.test(userAgent)
      ? 'Opera'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrom(e|ium)\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : 'Browser';
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : 'another system';
  return `${browser} on ${system}`;
}

/** A stored device id, if it has the contract's shape (8–128 of letters, digits and `._:-`). */
export const isDeviceId = (value: unknown): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9._:-]{8,128}$/.test(value);
