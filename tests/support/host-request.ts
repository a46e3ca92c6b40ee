import http from 'node:http';

/**
 * A GET sent to the app with the Host header a browser on another host name would send (fetch
 * does not let a test choose it): how tests reach a county's site (docs/decisions/0099-county-by-host.md).
 */
export function getOnHost(baseUrl: string, host: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; type: string; text: string; json: () => any }> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { Host: `${host}:${url.port}`, Accept: 'application/json', ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), text, json: () => JSON.parse(text) }));
    });
    req.on('error', reject);
  });
}
