// Small HTTP helpers for the fan API (/api), whose answers are envelopes: { success: 1, data } or
// { success: 0, message, code, field? }. The console REST surface (/admin-api) goes through dataProvider.ts.
import type { ApiError, ApiOk } from '../../domain/shared/wire';

/**
 * The console's session is an httpOnly cookie of its own (page script never sees it), apart from the fan
 * site's on the same origin: every console request says so with this header, and the server picks the
 * console's cookie. Only a non-secret hint is kept here, so the console knows whether to show the login page.
 */
export const APP_HEADERS = { 'X-Fanclub-App': 'console' } as const;
const SIGNED_IN_KEY = 'fanclub.admin.signedIn';
/** Where an older console kept its token: removed on start. */
const LEGACY_TOKEN_KEY = 'fanclub.admin.token';

export const OFFLINE_MESSAGE =
  'Seems you are offline. Please check your internet connection and post again.';

export function isSignedIn(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_KEY) === '1';
  } catch {
    return false;
  }
}

export function setSignedIn(on: boolean): void {
  try {
    localStorage.removeItem(LEGACY_TOKEN_KEY);
    if (on) localStorage.setItem(SIGNED_IN_KEY, '1');
    else localStorage.removeItem(SIGNED_IN_KEY);
  } catch {
    /* storage unavailable: the hint lasts as long as the page */
  }
}

/** Headers for a console request (the app header; the cookie goes along by itself). */
export function consoleHeaders(init?: HeadersInit): Headers {
  const headers = new Headers(init);
  for (const [name, value] of Object.entries(APP_HEADERS)) headers.set(name, value);
  return headers;
}

/** An error carrying the HTTP status and the server's code / field, shaped like react-admin's HttpError. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly field?: string;
  readonly body: unknown;

  constructor(message: string, status: number, body?: unknown) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.body = body;
    if (body && typeof body === 'object') {
      const b = body as Partial<ApiError>;
      this.code = b.code;
      this.field = b.field;
    }
  }
}

export const SERVER_DOWN_MESSAGE = 'The server is not available right now. Please try again in a moment.';

export const isOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Extra request headers (an edit's If-Match). */
  headers?: Record<string, string>;
  /** Sees a successful answer's headers (an ETag to send back as If-Match). */
  onHeaders?: (headers: Headers) => void;
}

/** The version in an answer's ETag ("3" or W/"3"), for the next edit's If-Match. */
export function etagVersion(headers: Headers): number | undefined {
  const m = /^(?:W\/)?"(\d+)"$/.exec(headers.get('etag') ?? '');
  return m ? Number(m[1]) : undefined;
}

/** The If-Match header for an edit made on `version` (none without one: the server then applies it to what is current). */
export const ifMatch = (version: number | undefined): Record<string, string> | undefined =>
  version === undefined ? undefined : { 'If-Match': `"${version}"` };

/** Calls /api and unwraps the envelope; rejects with ApiRequestError carrying the server's message. */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<ApiOk<T>> {
  const headers = consoleHeaders({ Accept: 'application/json', ...(options.headers ?? {}) });
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');

  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    if (isOffline()) throw new ApiRequestError(OFFLINE_MESSAGE, 0);
    throw new ApiRequestError('The server could not be reached. Please try again.', 0);
  }

  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  const envelope = json as Partial<ApiOk<T>> & Partial<ApiError>;
  if (!response.ok || !envelope || envelope.success === 0) {
    const message =
      (envelope && typeof envelope.message === 'string' && envelope.message) ||
      (response.status >= 500 ? SERVER_DOWN_MESSAGE : response.statusText) ||
      'Something went wrong';
    throw new ApiRequestError(message, response.status || 500, json);
  }
  options.onHeaders?.(response.headers);
  return envelope as ApiOk<T>;
}
