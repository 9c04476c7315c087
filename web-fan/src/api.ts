// Fetch wrapper for the /api envelope: { success, message, data, position } or
// { success: 0, message, code, field } with a 4xx/5xx status.
import type { ApiError as WireError, ApiOk } from '../../domain/shared/wire';
import { botCheckActionOf, botCheckHeaders } from './bot-check';
import { isCardCall } from '../../domain/payment/provider-paths';
import { siteGateCheck, verifyAfterCardCall430 } from './paymentPaths';

/**
 * The session itself is an httpOnly cookie set by the server (page script never sees it). These are only
 * hints, so the app knows whether to ask for /api/users/me on start: the own sign-in, and a proxy view the
 * console opened (an admin seeing the site as a fan; the server's proxy cookie overrides the own session).
 */
export const SIGNED_IN_KEY = 'fanclub.signedIn';
export const PROXY_HINT_KEY = 'fanclub.proxy';
export const BLOCKED_DEFAULT = 'Your account has been blocked.';
export const TOO_MANY_REQUESTS = 'You sent too many requests. Please wait a while then try again';
export const GENERIC_ERROR = 'Something went wrong';
export const OFFLINE_ERROR = 'Seems you are offline. Please check your internet connection and try again.';

export class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status; 0 when the request never got an answer (network failure). */
    readonly status: number,
    readonly code: string,
    readonly field?: string,
    /** `data` of a failure envelope, when the server sent one (e.g. a declined payment's PaymentResult). */
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The outcome is unknown (no answer or a server fault): retrying the same action is the right move. */
  get retriable(): boolean {
    return this.status === 0 || this.status >= 500;
  }
}

export interface ApiAnswer<T> {
  data: T;
  message?: string;
  /** Event-log position the command wrote: pass as `wait_for` to read your own write. */
  position?: string;
}

function readHint(key: string): boolean {
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

function writeHint(key: string, on: boolean): void {
  try {
    if (on) localStorage.setItem(key, '1');
    else localStorage.removeItem(key);
  } catch {
    /* storage disabled: the hint lasts as long as the page */
  }
}

/** Whether this browser has (or had) a session: the own one or a proxy view. */
export const hasSession = (): boolean => readHint(SIGNED_IN_KEY) || readHint(PROXY_HINT_KEY);
export const isProxyView = (): boolean => readHint(PROXY_HINT_KEY);
export const setSignedIn = (on: boolean): void => writeHint(SIGNED_IN_KEY, on);
export const clearProxyView = (): void => writeHint(PROXY_HINT_KEY, false);

type UnauthorizedListener = () => void;
let onUnauthorized: UnauthorizedListener | null = null;
/** Called when GET /api/users/me answers 401 (the user is logged out). */
export function setUnauthorizedHandler(fn: UnauthorizedListener | null): void {
  onUnauthorized = fn;
}

type BlockedListener = (message: string) => void;
let onBlocked: BlockedListener | null = null;
/** Called on any HTTP 430 (the account is blocked): the app shows the blocked page. */
export function setBlockedHandler(fn: BlockedListener | null): void {
  onBlocked = fn;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  /** Sent as the Idempotency-Key header (purchases). */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** The browser cache's mode ('no-cache': ask again with the ETag it holds, a 304 reads the kept answer). */
  cache?: RequestCache;
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<ApiAnswer<T>> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  // The session cookie goes along by itself (same origin); no token is ever handled here.
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  // Register, login, subscription and add card carry a solved bot check while the site has it on (./bot-check).
  const botAction = botCheckActionOf(method, path);
  if (botAction) Object.assign(headers, await botCheckHeaders(botAction).catch(() => ({})));

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      credentials: 'same-origin',
      ...(options.cache ? { cache: options.cache } : {}),
    });
  } catch (err) {
    if ((err as Error)?.name === 'AbortError') throw err;
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    throw new ApiError(offline ? OFFLINE_ERROR : GENERIC_ERROR, 0, 'NETWORK');
  }

  const text = await response.text().catch(() => '');
  try {
    return interpret<T>(path, response.status, text);
  } catch (err) {
    // A card call answered 430: verify at the site gate, reload if that fails too; else the message is shown.
    if (err instanceof ApiError && err.status === 430 && isCardCall(path)) await verifyAfterCardCall430(siteGateCheck(), () => window.location.reload());
    throw err;
  }
}

/** Reads an /api answer: the envelope on success, an ApiError (plus the 401/429/430 side effects) otherwise. */
function interpret<T>(path: string, status: number, text: string): ApiAnswer<T> {
  let envelope: Partial<ApiOk<T>> & Partial<WireError> = {};
  if (text) {
    try {
      envelope = JSON.parse(text);
    } catch {
      envelope = {};
    }
  }
  const ok = status >= 200 && status < 300;

  if (status === 429) throw new ApiError(TOO_MANY_REQUESTS, 429, envelope.code ?? 'RATE_LIMITED');

  if (status === 401 && path.split('?')[0] === '/api/users/me') onUnauthorized?.();

  if (status === 430) {
    // The account is blocked: the app switches to the blocked page (a card call verifies first, in request()).
    const message = (typeof envelope.message === 'string' && envelope.message) || BLOCKED_DEFAULT;
    if (!isCardCall(path)) onBlocked?.(message);
    throw new ApiError(message, 430, envelope.code ?? 'BLOCKED');
  }

  if (!ok || envelope.success !== 1) {
    const message =
      (typeof envelope.message === 'string' && envelope.message) ||
      (status >= 500 ? GENERIC_ERROR : ok ? GENERIC_ERROR : `${GENERIC_ERROR} (${status})`);
    throw new ApiError(message, ok ? 500 : status, envelope.code ?? `HTTP_${status}`, envelope.field, envelope.data);
  }

  return { data: envelope.data as T, message: envelope.message, position: envelope.position };
}

/** Multipart upload with progress (fetch cannot report upload progress). `onProgress` gets 0..1. */
export function upload<T>(path: string, form: FormData, onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<ApiAnswer<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(e.total ? e.loaded / e.total : 0);
    };
    xhr.onload = () => {
      try {
        resolve(interpret<T>(path, xhr.status, xhr.responseText));
      } catch (err) {
        reject(err);
      }
    };
    xhr.onerror = () => {
      const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
      reject(new ApiError(offline ? OFFLINE_ERROR : GENERIC_ERROR, 0, 'NETWORK'));
    };
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

export const api = {
  get: <T>(path: string, query?: RequestOptions['query'], signal?: AbortSignal) => request<T>(path, { method: 'GET', query, signal }),
  post: <T>(path: string, body: unknown, opts: Omit<RequestOptions, 'body' | 'method'> = {}) =>
    request<T>(path, { ...opts, method: 'POST', body }).then((answer) => {
      // A purchase call answered: analytics (web-fan/src/analytics) reports what it settled.
      if (PURCHASE_CALL.test(path)) window.dispatchEvent(new Event('fanclub:purchase'));
      return answer;
    }),
};

/** A purchase in any path set (not saving a card), or from the wallet. */
const PURCHASE_CALL = { test: (path: string) => !path.includes('add-new-card') && (isCardCall(path) || /^\/api\/(v2\/purchase\/|crypto\/purchase-from-wallet)/.test(path)) };

/** A v4 UUID, also outside secure contexts (crypto.randomUUID needs https or localhost). */
export function uuid(): string {
  if (typeof crypto.randomUUID === 'function') {
    try {
      return crypto.randomUUID();
    } catch {
      /* fall through */
    }
  }
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * One Idempotency-Key per user action. The key is reused only when the very same request is sent again after
 * an unknown outcome (network failure or server fault); any definite answer ends the action, so the next
 * attempt (a new card, a retry after a decline) is a new action with a new key.
 */
export class IdempotentAction {
  private key: string | null = null;
  private fingerprint = '';

  keyFor(body: unknown): string {
    const fp = JSON.stringify(body);
    if (!this.key || fp !== this.fingerprint) {
      this.key = uuid();
      this.fingerprint = fp;
    }
    return this.key;
  }

  /** Record the outcome of the request made with keyFor(). */
  settle(error?: unknown): void {
    if (error instanceof ApiError && error.retriable) return; // keep the key for a retry
    this.key = null;
    this.fingerprint = '';
  }

  reset(): void {
    this.key = null;
    this.fingerprint = '';
  }
}

export function errorMessage(err: unknown, fallback = GENERIC_ERROR): string {
  if (err instanceof ApiError) return err.message;
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}
