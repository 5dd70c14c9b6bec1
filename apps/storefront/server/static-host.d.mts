/** The SPA build served as a static host would serve it (every route gets index.html). */
export function startStaticHost(options: {
  servicesHost: string;
  port?: number;
  host?: string;
  root?: string;
}): Promise<{ port: number; close(): Promise<void> }>;
