import { type SandboxServer, startSandboxServer } from '@marketkit/sandbox/node';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, loadEnv, type Plugin } from 'vite';

/**
 * `npm run dev` serves the app with the sandbox services host (seeded stores, shoppers, orders) on a
 * free port, and points the app at it; set VITE_SERVICES_HOST to use another services host instead.
 */
function sandbox(): Plugin {
  let server: SandboxServer | undefined;
  return {
    name: 'marketkit-sandbox',
    // Only the dev server: a build or `vite preview` talks to whatever VITE_SERVICES_HOST says.
    apply: (_config, { command, isPreview }) => command === 'serve' && !isPreview,
    async config(_config, { mode }) {
      if (loadEnv(mode, process.cwd(), 'VITE_').VITE_SERVICES_HOST) return;
      server = await startSandboxServer({ port: 0 });
      return { define: { 'import.meta.env.VITE_SERVICES_HOST': JSON.stringify(server.url) } };
    },
    configureServer(devServer) {
      if (!server) return;
      const { url } = server;
      devServer.httpServer?.once('listening', () =>
        devServer.config.logger.info(`  sandbox services host: ${url}`),
      );
      devServer.httpServer?.once('close', () => void server?.close());
    },
  };
}

export default defineConfig({ plugins: [tailwindcss(), sandbox()] });
