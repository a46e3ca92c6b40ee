import { startServer } from './main';
import { createViteRenderer } from './render/vite-renderer';

await startServer((server) => createViteRenderer(server));
