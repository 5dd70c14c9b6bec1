/**
 * Which `Host` a request to the control API (`/__sandbox/*`) may name. A page on another site can
 * point its own DNS name at 127.0.0.1 (DNS rebinding) and then read `/__sandbox/otp` as a same-origin
 * page; its requests still carry its own name in `Host`. So the control API answers only the names
 * this machine's loopback has (`localhost`, `*.localhost`, `127.x.x.x`, `[::1]`) and the ones the
 * sandbox was told (`controlHosts`: its listening address or a container's service name).
 */
export function isControlHost(hostHeader: string | null, extraHosts: readonly string[] = []): boolean {
  // In-process (MSW) requests have no Host header: nothing outside the process can send them.
  if (hostHeader === null) return true;
  const name = hostName(hostHeader);
  if (name === null) return false;
  if (name === 'localhost' || name.endsWith('.localhost') || name === '[::1]') return true;
  if (/^127(\.\d{1,3}){3}$/.test(name)) return true;
  return extraHosts.some((host) => hostName(host) === name);
}

/** The name of a `Host` value without its port, lower-cased; null when it is not a host name. */
function hostName(value: string): string | null {
  const match = HOST.exec(value.trim());
  return match?.[1] && Number(match[2] ?? 0) <= 65_535 ? match[1].toLowerCase() : null;
}

const HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/i;

/**
 * Whether a request's `Host` can be taken: absent (HTTP/1.0, in-process calls), or a name and a port up to
 * 65535. Any other value is the client's mistake, answered 400 (RFC 9112, section 3.2), never a 500.
 */
export function isTakenHost(hostHeader: string | null): boolean {
  if (hostHeader === null) return true;
  // Looser than a control host's name: any registered name (`my_sandbox`, a container's service name
  // with an underscore) is served; only a port that cannot be is refused.
  const match = TAKEN_HOST.exec(hostHeader.trim());
  return match !== null && Number(match[2] ?? 0) <= 65_535;
}

const TAKEN_HOST = /^(\[[0-9a-f:.]+\]|[^\s:/@[\]]+)(?::(\d{1,5}))?$/i;
