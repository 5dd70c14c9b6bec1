import { fileURLToPath } from 'node:url';
import { build, defaultClientConditions, type Plugin } from 'vite';

/** The module the app imports the early script from: its default export is the built code. */
export const EARLY_SCRIPT_MODULE = 'virtual:marketkit/early-script';
const RESOLVED = `\0${EARLY_SCRIPT_MODULE}`;
const ENTRY = fileURLToPath(new URL('../src/early/index.ts', import.meta.url));

/**
 * Code that must run before the app's (src/early/): a TypeScript module that Vite builds, on its own,
 * into one minified script (an IIFE: a classic inline script runs the moment the parser reaches it,
 * before any module script). The app imports the result as a string and writes it inline with the
 * response's nonce (src/root.tsx). In development the files are watched, so an edit rebuilds it.
 */
export function earlyScripts({ spa }: { spa: boolean }): Plugin {
  return {
    name: 'marketkit-early-scripts',
    resolveId: (id) => (id === EARLY_SCRIPT_MODULE ? RESOLVED : null),
    async load(id) {
      if (id !== RESOLVED) return null;
      const result = await build({
        configFile: false,
        logLevel: 'silent',
        // The workspace packages from their source, as the app takes them; code of the other build left out.
        resolve: { conditions: ['@marketkit/source', ...defaultClientConditions] },
        define: { __MARKETKIT_SPA__: JSON.stringify(spa) },
        build: {
          write: false,
          target: 'es2022',
          minify: true,
          sourcemap: false,
          emptyOutDir: false,
          lib: { entry: ENTRY, formats: ['iife'], name: 'marketkitEarly' },
        },
      });
      const outputs = Array.isArray(result) ? result : [result];
      const chunks = outputs.flatMap((output) => ('output' in output ? output.output : []));
      for (const chunk of chunks) {
        if (chunk.type === 'chunk' && chunk.facadeModuleId) {
          for (const file of chunk.moduleIds) if (!file.startsWith('\0')) this.addWatchFile(file);
        }
      }
      const code = chunks.find((chunk) => chunk.type === 'chunk')?.code;
      if (!code) throw new Error('The early script (src/early/index.ts) built to nothing');
      return `export default ${JSON.stringify(code.trim())};`;
    },
  };
}
