// The storage port: what the application needs from a blob store, implemented by the local-disk adapter (the
// embedded default) and the S3 adapter. Keys are relative, slash-separated names ("staging/<uuid>/a.jpg");
// both adapters reject anything else the same way (assertSafeKey), so a key that works on one works on the other.
//
// Two layers:
// - a ByteStore keeps bytes (local disk, S3);
// - the app's storage (AppStorage) is any ByteStore behind the app's own short-lived HMAC URLs
//   (./self-signed.ts): /media/<key>?exp&sig and /api/upload/put/<key>?exp&sig point at this app, which checks
//   them with `verify` and streams bytes from or into the store. So entitlement checks stay in the app, signing
//   is synchronous (views stay synchronous) and the browser never talks to the bucket.
// The S3 adapter can also hand out S3's own presigned URLs (ProviderSigningStorage), kept for direct-to-bucket
// use and contract-tested, but the server does not use them.
import type { Readable } from 'node:stream';

/** A value now (local disk signs synchronously) or later (S3 presigning is async). Callers of the port await it. */
export type MaybePromise<T> = T | Promise<T>;

export interface StoredStream {
  stream: Readable;
  /** Length in bytes of what the stream yields (the range's length when a range was asked for). */
  contentLength: number;
}

/** Inclusive byte range, as in HTTP: bytes start..end. */
export interface ByteRange {
  start: number;
  end: number;
}

/** What keeps the bytes. */
export interface ByteStore {
  /** Stores (or replaces) the object; readers never see a partial object. */
  put(key: string, data: Buffer): Promise<void>;
  /**
   * Stores (or replaces) the object from a stream, without holding it in memory; readers never see a partial
   * object, and nothing is stored when the stream fails. `contentLength`, when known, is the exact length.
   * Resolves with the number of bytes stored.
   */
  putStream(key: string, body: Readable, contentLength?: number): Promise<number>;
  /** Throws StorageNotFoundError when the key is absent. */
  read(key: string): Promise<Buffer>;
  /**
   * Throws StorageNotFoundError when the key is absent (before any byte is streamed). With `range` (which the
   * caller has checked against size()), only those bytes.
   */
  readStream(key: string, range?: ByteRange): Promise<StoredStream>;
  exists(key: string): Promise<boolean>;
  /** Throws StorageNotFoundError when the key is absent. */
  size(key: string): Promise<number>;
  /** Removes the object; removing what is not there is not an error (a retry after a crash). */
  remove(key: string): Promise<void>;
}

interface StorageBase extends ByteStore {
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

/** The app's storage: whichever byte store sits behind the app's own signed URLs, which are made synchronously. */
export interface AppStorage extends SelfSigningStorage {
  signedGetUrl(key: string, ttlSeconds: number): string;
  signedPutUrl(key: string, ttlSeconds: number): string;
}

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

/** A streamed body turned out longer (or shorter) than allowed or announced; nothing was stored. */
export class StreamLengthError extends Error {
  readonly code = 'STREAM_LENGTH';
  constructor(readonly reason: 'too_large' | 'length_mismatch' | 'cut_off', message: string) {
    super(message);
    this.name = 'StreamLengthError';
  }
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

/** Relative, no "..", no leading slash, no backslashes or odd characters; at most 1024 bytes (S3's limit). */
export function assertSafeKey(key: string): string {
  if (typeof key !== 'string' || key.length > 1024 || !SAFE_KEY.test(key) || key.includes('..') || key.includes('//') || key.endsWith('/'))
    throw new UnsafeStorageKeyError(String(key));
  return key;
}

/** A range to read must lie inside the object; callers resolve it against size() first (see ./range.ts). */
export function assertRange(range: ByteRange | undefined): void {
  if (range && !(Number.isSafeInteger(range.start) && Number.isSafeInteger(range.end) && range.start >= 0 && range.end >= range.start))
    throw new RangeError(`Invalid byte range ${range.start}-${range.end}`);
}
