/**
 * The one fetch wrapper. Sends cookies, JSON only when there is a body, and turns a non-OK
 * answer into an ApiError whose message is 'status: body' (spec) while keeping the server's
 * own { message, errors } for notices and form fields.
 */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The server's `message`, when it sent one. */
    readonly serverMessage: string | null,
    readonly fieldErrors: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Where relative /api paths go: the page's own origin in the browser. */
let baseUrl = '';
export function setApiBaseUrl(url: string) {
  baseUrl = url.replace(/\/$/, '');
}

async function toApiError(res: Response): Promise<ApiError> {
  const text = (await res.text().catch(() => '')) || res.statusText;
  let serverMessage: string | null = null;
  let fieldErrors: Record<string, string> = {};
  try {
    const body = JSON.parse(text) as { message?: unknown; errors?: unknown };
    if (typeof body.message === 'string') serverMessage = body.message;
    if (body.errors && typeof body.errors === 'object') fieldErrors = body.errors as Record<string, string>;
  } catch {
    // Not JSON: the text is the message.
  }
  return new ApiError(res.status, `${res.status}: ${text}`, serverMessage, fieldErrors);
}

export async function apiRequest<T>(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${baseUrl}${path}`, {
      method,
      credentials: 'include',
      headers:
        body === undefined
          ? { Accept: 'application/json' }
          : { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, '0: Network error', 'Could not reach the server. Check your connection and try again.', {});
  }
  if (!res.ok) throw await toApiError(res);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/** The server's message for a notice, or the fallback the spec gives for that situation. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.serverMessage) return error.serverMessage;
  return fallback;
}

/** A query key is [path, params?]: the GET it stands for, so server rendering can answer it too. */
export type ApiKey = readonly [path: string, params?: Record<string, string>];

export function keyToUrl(key: ApiKey): string {
  const [path, params] = key;
  const qs = params ? new URLSearchParams(params).toString() : '';
  return qs ? `${path}?${qs}` : path;
}

/** GET for a query key; with on401 'returnNull' an unauthenticated answer is null, not an error. */
export function getQueryFn<T>(opts: { on401?: 'throw' | 'returnNull' } = {}) {
  return async ({ queryKey }: { queryKey: readonly unknown[] }): Promise<T | null> => {
    try {
      return await apiRequest<T>('GET', keyToUrl(queryKey as unknown as ApiKey));
    } catch (e) {
      if (opts.on401 === 'returnNull' && e instanceof ApiError && e.status === 401) return null;
      throw e;
    }
  };
}

/**
 * Sends a file as the request body (the certificate upload routes:
 * docs/decisions/0031-credentials-stored.md), with its type and its name (URI-encoded in X-File-Name);
 * extra headers carry an upload token.
 */
export async function apiUpload<T>(path: string, file: File, headers: Record<string, string> = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      credentials: 'include',
      headers: {
        'Content-Type': file.type || 'application/octet-stream',
        'X-File-Name': encodeURIComponent(file.name),
        Accept: 'application/json',
        ...headers,
      },
      body: file,
    });
  } catch {
    throw new ApiError(0, '0: Network error', 'Could not reach the server. Check your connection and try again.', {});
  }
  if (!res.ok) throw await toApiError(res);
  return (await res.json()) as T;
}

/**
 * Sends a web form's fields and files as multipart/form-data (the photo uploads:
 * docs/decisions/0110-contractor-photos.md); the browser writes the boundary.
 */
/**
 * A multipart form. With `onProgress` it asks for progress lines (`application/x-ndjson`: a
 * { progress } line per step, then { answer } or { error }), read as they come; a server that
 * answers plain JSON (an error before the first step) is read as usual.
 */
export async function apiFormUpload<T, P = never>(
  path: string,
  body: FormData,
  onProgress?: (progress: P) => void,
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: onProgress ? 'application/x-ndjson, application/json;q=0.5' : 'application/json' },
      body,
    });
  } catch {
    throw new ApiError(0, '0: Network error', 'Could not reach the server. Check your connection and try again.', {});
  }
  if (!res.ok) throw await toApiError(res);
  if (!onProgress || !res.headers.get('Content-Type')?.includes('ndjson') || !res.body) return (await res.json()) as T;
  const lines = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = '';
  for (;;) {
    const { value, done } = await lines.read();
    buffered += value ?? '';
    let end: number;
    while ((end = buffered.indexOf('\n')) >= 0) {
      const line = JSON.parse(buffered.slice(0, end)) as {
        progress?: P;
        answer?: T;
        error?: { status: number; message: string };
      };
      buffered = buffered.slice(end + 1);
      if (line.progress !== undefined) onProgress(line.progress);
      if (line.answer !== undefined) return line.answer;
      if (line.error)
        throw new ApiError(line.error.status, `${line.error.status}: ${line.error.message}`, line.error.message, {});
    }
    if (done) throw new ApiError(0, '0: Incomplete answer', 'The answer was cut off. Please try again.', {});
  }
}
