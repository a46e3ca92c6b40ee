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
    alias: { '@': r('./client/src'), '@shared': r('./shared') },
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
