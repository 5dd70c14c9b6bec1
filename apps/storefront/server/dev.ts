// The storefront in development: the same server module (app.ts) as production, with Vite in
// middleware mode in place of the built files. Vite serves the app's modules and hot reload over this
// server's own port; React Router's server build is loaded through Vite on every request, so an edit
// is on the next page without a restart (React Router's custom-server shape).
import { createServer as createHttpServer } from 'node:http';
import { join } from 'node:path';
import type { ServerBuild } from 'react-router';
import { createServer as createViteServer } from 'vite';
import { createStorefrontApp, type StorefrontOptions } from './app.ts';
import { listen, type RunningServer } from './listen.ts';
import { APP } from './paths.ts';

/** React Router's server build as its Vite plugin provides it in development. */
const SERVER_BUILD = 'virtual:react-router/server-build';

export interface DevOptions extends StorefrontOptions {
  port?: number;
  host?: string;
}

/** Starts the development server on `port` (0: any free one): hot reload on the same port. */
export async function startDevServer({
  port = 0,
  host = '127.0.0.1',
  ...options
}: DevOptions): Promise<RunningServer> {
  const server = createHttpServer();
  const vite = await createViteServer({
    root: APP,
    configFile: join(APP, 'vite.config.ts'),
    // The HTML is React Router's: Vite serves modules only, never an index.html of its own.
    appType: 'custom',
    server: { middlewareMode: true, ws: { server } },
  });
  const { app } = createStorefrontApp(options, {
    build: async () => {
      try {
        return (await vite.ssrLoadModule(SERVER_BUILD)) as ServerBuild;
      } catch (error) {
        // Stack traces that name the source files, not Vite's transformed ones.
        if (error instanceof Error) vite.ssrFixStacktrace(error);
        throw error;
      }
    },
    mode: 'development',
    // config.json and the texts, as Vite serves them (the build copies `public` into `build/client`).
    clientRoot: join(APP, 'public'),
    files: [vite.middlewares],
    compress: false,
  });
  server.on('request', app);
  const running = await listen(server, port, host);
  return {
    port: running.port,
    close: async () => {
      await vite.close();
      await running.close();
    },
  };
}
