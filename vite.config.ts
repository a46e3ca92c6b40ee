import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: r('./client'),
  publicDir: r('./client/public'),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      { find: '@', replacement: r('./client/src') },
      { find: '@shared', replacement: r('./shared') },
      // wouter's fallback for React 17 and older; React 19 has useSyncExternalStore itself (the public JS budget, docs/decisions.md §6).
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: r('./client/src/lib/use-sync-external-store.ts') },
    ],
  },
  build: {
    outDir: r('./dist/client'),
    emptyOutDir: true,
    target: 'es2022',
    manifest: true,
    // Every browser the site supports has module preloading.
    modulePreload: { polyfill: false },
  },
  ssr: {
    // Bundled into the server renderer so it runs without the source tree.
    noExternal: ['@radix-ui/*', 'lucide-react'],
  },
});
