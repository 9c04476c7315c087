// The storage port: what the application needs from a blob store, implemented by the local-disk adapter (the
// embedded default) and the S3 adapter. Keys are relative, slash-separated names ("staging/<uuid>/a.jpg");
// both adapters reject anything else the same way (assertSafeKey), so a key that works on one works on the other.
//
// Signed URLs come in two flavours, told apart by `signsOwnUrls`:
// - true (local disk): the URLs point at this app (/media/<key>?exp&sig, /api/upload/put/<key>?exp&sig) and the
//   app must check them with `verify` before serving or accepting bytes;
// - false (S3): the URLs are the provider's own presigned URLs, checked by the provider; there is no `verify`,
//   and the app's upload/serve routes are not on the path of those requests.
import type { Readable } from 'node:stream';

/** A value now (local disk signs synchronously) or later (S3 presigning is async). Callers of the port await it. */
export type MaybePromise<T> = T | Promise<T>;

export interface StoredStream {
  stream: Readable;
  /** Length in bytes of what the stream yields. */
  contentLength: number;
}

interface StorageBase {
  /** Stores (or replaces) the object; readers never see a partial object. */
  put(key: string, data: Buffer): Promise<void>;
  /** Throws StorageNotFoundError when the key is absent. */
  read(key: string): Promise<Buffer>;
  /** Throws StorageNotFoundError when the key is absent (before any byte is streamed). */
  readStream(key: string): Promise<StoredStream>;
  exists(key: string): Promise<boolean>;
  /** Throws StorageNotFoundError when the key is absent. */
  size(key: string): Promise<number>;
  /** A URL that lets its bearer GET the object until it expires. May be relative to the app (signsOwnUrls). */
  signedGetUrl(key: string, ttlSeconds: number): MaybePromise<string>;
  /** A URL that lets its bearer PUT the raw bytes of the object (request body = the file) until it expires. */
  signedPutUrl(key: string, ttlSeconds: number): MaybePromise<string>;
}

/** An adapter whose signed URLs point at the app, which checks them with `verify`. */
export interface SelfSigningStorage extends StorageBase {
  readonly signsOwnUrls: true;
  verify(method: 'GET' | 'PUT', key: string, exp: string | undefined, sig: string | undefined): boolean;
}

/** An adapter whose signed URLs are the provider's own (e.g. S3 presigned URLs); the provider checks them. */
export interface ProviderSigningStorage extends StorageBase {
  readonly signsOwnUrls: false;
}

export type StoragePort = SelfSigningStorage | ProviderSigningStorage;

export class StorageNotFoundError extends Error {
  readonly code = 'STORAGE_NOT_FOUND';
  constructor(readonly key: string, options?: { cause?: unknown }) {
    super(`No stored object for key: ${key}`, options);
    this.name = 'StorageNotFoundError';
  }
}

export class UnsafeStorageKeyError extends Error {
  readonly code = 'UNSAFE_STORAGE_KEY';
  constructor(readonly key: string) {
    super(`Unsafe storage key: ${key}`);
    this.name = 'UnsafeStorageKeyError';
  }
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

/** Relative, no "..", no leading slash, no backslashes or odd characters; at most 1024 bytes (S3's limit). */
export function assertSafeKey(key: string): string {
  if (typeof key !== 'string' || key.length > 1024 || !SAFE_KEY.test(key) || key.includes('..') || key.includes('//') || key.endsWith('/'))
    throw new UnsafeStorageKeyError(String(key));
  return key;
}
