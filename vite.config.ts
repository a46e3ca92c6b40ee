import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * How the browser bundle is cut (the public JS budget, docs/decisions/0064-bundle-cutting.md). Left
 * to itself the bundler makes a chunk for every set of pages sharing a module, and a public page
 * loaded about 30 files, most under 1 KB gzip, each compressed alone. Here everything the app loads
 * at start is one chunk, and the small shared chunks are copied into each page that uses them, so a
 * page is its own chunk; the bundler's runtime keeps one instance of every copied module (one
 * state, one set of exports), so nothing runs twice. Stylesheets stay files (the CSS plugin emits
 * them per chunk).
 */
const publicPageChunks = {
  preserveEntrySignatures: false as const,
  output: {
    codeSplitting: {
      groups: [{ name: 'app', tags: ['$initial' as const] }],
      // Up to 60 KB of source: every shared chunk of the public pages; the big form libraries (the
      // zod schemas, react-hook-form, Radix select) stay files of their own for the pages that load them.
      experimentalInlineCommonChunks: { maxSize: 60_000, exclude: /\.css(\?|$)/ },
    },
  },
};

export default defineConfig(({ isSsrBuild }) => ({
  root: r('./client'),
  publicDir: r('./client/public'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      { find: '@', replacement: r('./client/src') },
      { find: '@shared', replacement: r('./shared') },
      // wouter's fallback for React 17 and older; React 19 has useSyncExternalStore itself (the public JS budget, docs/decisions/0064-bundle-cutting.md).
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: r('./client/src/lib/use-sync-external-store.ts'),
      },
    ],
  },
  build: {
    outDir: r('./dist/client'),
    emptyOutDir: true,
    target: 'es2022',
    manifest: true,
    // Every browser the site supports has module preloading. The bundler's runtime is a static
    // import of the entry, loaded before any page: listing it again with each lazy page's
    // preloads only lengthens the entry every page downloads (the public JS budget,
    // docs/decisions/0064-bundle-cutting.md).
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps) => deps.filter((dep) => !/(^|\/)rolldown-runtime-[\w-]+\.js$/.test(dep)),
    },
    rolldownOptions: isSsrBuild ? {} : publicPageChunks,
  },
  ssr: {
    // Bundled into the server renderer so it runs without the source tree.
    noExternal: ['@radix-ui/*', 'lucide-react'],
  },
}));
