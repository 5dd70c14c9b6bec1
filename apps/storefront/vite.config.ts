import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// One build for every store: nothing tenant-specific is compiled in (runtime /config.json decides).
export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { conditions: ['@marketkit/source', ...defaultClientConditions] },
  build: { target: 'es2022', sourcemap: true, chunkSizeWarningLimit: 200 },
  server: { port: 5173, host: '127.0.0.1' },
  preview: { port: 4174, host: '127.0.0.1' },
});
