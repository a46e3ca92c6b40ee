import http from 'node:http';

/**
 * The HTTP server an app listens with, in production and in the tests alike. Idle connections are
 * kept longer than the proxies and load balancers in front keep theirs (60 s is common: nginx's
 * upstream keepalive, cloud load balancers): closed first by the app, a connection a proxy is just
 * sending the next request down fails, and the visitor gets a 502. Headers may take a second
 * longer, so the two timers never race (docs/decisions/0069-shutdown-and-keep-alive.md). Node's 5 s
 * default also made a test client reusing a connection after a slow test meet ECONNRESET.
 */
export function createHttpServer(app?: http.RequestListener): http.Server {
  const server = app ? http.createServer(app) : http.createServer();
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}
