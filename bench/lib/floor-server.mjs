// The floor of bench:search: a bare Express process that answers each recorded address with the
// app's recorded answer (status, headers and body bytes, gzip included) and does nothing else, so
// the app's figures can be read against what its own stack costs on this machine.
// Started by bench/lib/floor.ts: node floor-server.mjs <answers file> <port>
import { readFileSync } from 'node:fs';
import express from 'express';

const [file, port] = process.argv.slice(2);
/** @type {Map<string, { status: number, headers: Record<string, string>, body: Buffer }>} */
const answers = new Map();
for (const a of JSON.parse(readFileSync(file, 'utf8')))
  answers.set(a.path, { status: a.status, headers: a.headers, body: Buffer.from(a.body, 'base64') });

const app = express();
app.disable('x-powered-by');
app.disable('etag');
app.use((req, res) => {
  const a = answers.get(req.url);
  if (!a) {
    res.status(404).end();
    return;
  }
  res.writeHead(a.status, a.headers).end(a.body);
});
const server = app.listen(Number(port), '127.0.0.1', () => process.stdout.write('ready\n'));
server.keepAliveTimeout = 5_000;
process.on('SIGTERM', () => server.close(() => process.exit(0)));
