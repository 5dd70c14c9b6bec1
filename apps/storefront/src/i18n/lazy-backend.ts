import type { BackendModule, InitOptions, ReadCallback, Services } from 'i18next';
import type { HttpBackendOptions } from 'i18next-http-backend';

type HttpBackend = BackendModule<HttpBackendOptions>;

let loading: Promise<new () => HttpBackend> | undefined;

/**
 * i18next-http-backend's code, fetched once. A server-rendered page comes with the texts it shows, so
 * the backend is first needed by a later screen or a language change: it stays off the first page's
 * critical path and is fetched when the browser is idle (or at first need). A failed fetch (offline)
 * is not kept: the next read asks again.
 */
export function loadHttpBackend(): Promise<new () => HttpBackend> {
  loading ??= import('i18next-http-backend').then(
    (module) => module.default as unknown as new () => HttpBackend,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * An i18next backend that is i18next-http-backend, loaded at its first read: the same options, the
 * same requests, the same retries (a failure to load the code itself is retried by i18next like a
 * failed file).
 */
export class LazyHttpBackend implements HttpBackend {
  static readonly type = 'backend';
  readonly type = 'backend' as const;
  private settings: [Services, HttpBackendOptions, InitOptions] | undefined;
  private backend: Promise<HttpBackend> | undefined;

  init(services: Services, backendOptions: HttpBackendOptions, i18nextOptions: InitOptions) {
    this.settings = [services, backendOptions, i18nextOptions];
  }

  read(language: string, namespace: string, callback: ReadCallback) {
    this.backend ??= loadHttpBackend().then(
      (Backend) => {
        const backend = new Backend();
        if (this.settings) backend.init(...this.settings);
        return backend;
      },
      (error: unknown) => {
        this.backend = undefined;
        throw error;
      },
    );
    this.backend.then(
      (backend) => backend.read(language, namespace, callback),
      // `true`: worth retrying (i18next retries a read only when told so).
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true),
    );
  }
}
