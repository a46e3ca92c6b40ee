import http from 'node:http';

export interface HostResponse {
  status: number;
  type: string;
  text: string;
  headers: http.IncomingHttpHeaders;
  json: () => any;
}

/**
 * A request sent to the app with the Host header a browser on another host name would send (fetch
 * does not let a test choose it): how tests reach a county's site (docs/decisions/0099-county-by-host.md).
 */
export function requestOnHost(
  baseUrl: string,
  host: string,
  method: string,
  path: string,
  opts: { headers?: Record<string, string>; body?: unknown } = {},
): Promise<HostResponse> {
  const url = new URL(path, baseUrl);
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  // A same-origin request as the county's own page would send it.
  const origin = payload ? { Origin: `http://${host}:${url.port}`, 'Content-Type': 'application/json' } : {};
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method, headers: { Host: `${host}:${url.port}`, Accept: 'application/json', ...origin, ...opts.headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers['content-type'] ?? ''),
            text,
            headers: res.headers,
            json: () => JSON.parse(text),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export const getOnHost = (baseUrl: string, host: string, path: string, headers: Record<string, string> = {}) =>
  requestOnHost(baseUrl, host, 'GET', path, { headers });
