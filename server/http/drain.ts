import type http from 'node:http';

/**
 * A client on a busy keep-alive connection would hold it open through a shutdown: closing idle
 * connections never catches it between requests. Once draining, every answer (those in
 * progress and any new ones) asks the client to close, so it reconnects elsewhere instead.
 * Returns the function that starts draining.
 */
export function closeConnectionsWhenDraining(server: http.Server): () => void {
  let draining = false;
  const inProgress = new Set<http.ServerResponse>();
  server.prependListener('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    if (draining) {
      res.setHeader('Connection', 'close');
      return;
    }
    inProgress.add(res);
    res.once('close', () => inProgress.delete(res));
  });
  return () => {
    draining = true;
    for (const res of inProgress) if (!res.headersSent) res.setHeader('Connection', 'close');
    inProgress.clear();
  };
}
