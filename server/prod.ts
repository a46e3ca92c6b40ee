import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './main';
import { createBuiltRenderer } from './render/built-renderer';

// Bundled to dist/server/index.js; the built client and renderer sit beside it in dist/.
const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
await startServer(() => createBuiltRenderer(distDir));
