// `npm start`: builds when the sources are newer than dist/, then serves the built app
// (embedded database in .data/ unless DATABASE_URL is set).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { distDir, ensureBuild } from './ensure-build.mjs';

await ensureBuild();
await import(pathToFileURL(path.join(distDir, 'server', 'index.js')).href);
