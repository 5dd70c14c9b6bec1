export function startStorefrontServer(options: {
  servicesHost: string;
  port?: number;
  host?: string;
  languageHost?: string;
}): Promise<{ port: number; close(): Promise<void> }>;
