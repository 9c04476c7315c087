// S3 (or any S3-protocol store: MinIO, R2, s3rver in tests) behind the storage port. The server uses it as a
// byte store behind the app's own signed URLs (./self-signed.ts: selfSigned(createS3Storage(...), secret)), so
// entitlement checks stay in the app. On its own, its signed URLs are real S3 presigned URLs (GetObject /
// PutObject, expiring), checked by the store itself (signsOwnUrls: false, no `verify`). Keys are used as given,
// after the port's check.
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertRange, assertSafeKey, StorageNotFoundError, type ProviderSigningStorage, type StoredStream } from './port';
import { guardedLength } from './streams';

export interface S3StorageOptions {
  /** e.g. http://127.0.0.1:9000 for MinIO / s3rver; omit for AWS. */
  endpoint?: string;
  region: string;
  bucket: string;
  /** Omit both to use the SDK's default credential chain (AWS_* variables, instance or task role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style URLs (http://host/bucket/key): needed for most self-hosted stores and IP endpoints. */
  forcePathStyle: boolean;
}

export interface S3Storage extends ProviderSigningStorage {
  signedGetUrl(key: string, ttlSeconds: number): Promise<string>;
  signedPutUrl(key: string, ttlSeconds: number): Promise<string>;
  readonly bucket: string;
  readonly client: S3Client;
  /**
   * Creates the bucket when missing (dev and tests; production buckets are provisioned outside the app). Data
   * operations call it lazily (once); presigning is offline and does not, so call it at startup before handing
   * out upload URLs for a bucket that may not exist yet.
   */
  ensureBucket(): Promise<void>;
  /** Releases the client's sockets. */
  close(): void;
}

const CONTENT_TYPES: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
  '.pdf': 'application/pdf',
};
const contentTypeOf = (key: string) => CONTENT_TYPES[key.slice(key.lastIndexOf('.')).toLowerCase()] ?? 'application/octet-stream';

/** S3 caps presigned URLs at 7 days; a non-positive TTL would make a URL that never worked. */
const checkTtl = (ttl: number) => {
  if (!Number.isInteger(ttl) || ttl < 1 || ttl > 604_800) throw new RangeError(`Signed URL TTL must be 1..604800 seconds, got ${ttl}`);
  return ttl;
};

/** Multipart part size for bodies of unknown length (S3's minimum part is 5 MiB). */
const PART_BYTES = 8 * 1024 * 1024;

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404);

export function createS3Storage(options: S3StorageOptions): S3Storage {
  const { bucket } = options;
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.accessKeyId && options.secretAccessKey ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } } : {}),
    // No default CRC32 checksums: they would be baked into presigned PUT URLs (as the checksum of an empty body,
    // so a real upload fails) and are not understood by every S3-protocol store.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  let bucketReady: Promise<void> | undefined;
  const ensureBucket = () =>
    (bucketReady ??= (async () => {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (err) {
        if (!isMissing(err)) throw err;
        try {
          await client.send(new CreateBucketCommand({ Bucket: bucket }));
        } catch (createErr) {
          // Another process may have won the race.
          const name = (createErr as Error).name;
          if (name !== 'BucketAlreadyOwnedByYou' && name !== 'BucketAlreadyExists') throw createErr;
        }
      }
    })().catch((err) => {
      bucketReady = undefined; // let the next call retry
      throw err;
    }));

  const head = async (key: string) => {
    await ensureBucket();
    try {
      return await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
    } catch (err) {
      if (isMissing(err)) throw new StorageNotFoundError(key, { cause: err });
      throw err;
    }
  };

  const getObject = async (key: string, range?: { start: number; end: number }) => {
    await ensureBucket();
    try {
      return await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
    } catch (err) {
      if (isMissing(err)) throw new StorageNotFoundError(key, { cause: err });
      throw err;
    }
  };

  /**
   * A body of unknown length: one PutObject when it fits in a part, else a multipart upload (parts of
   * PART_BYTES, held in memory one at a time), aborted when anything fails so no partial object appears.
   */
  const putUnknownLength = async (key: string, body: Readable, ContentType: string): Promise<number> => {
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let total = 0;
    let uploadId: string | undefined;
    const parts: { ETag: string; PartNumber: number }[] = [];
    const flushPart = async () => {
      uploadId ??= (await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType }))).UploadId!;
      const PartNumber = parts.length + 1;
      const data = Buffer.concat(pending);
      pending = [];
      pendingBytes = 0;
      const res = await client.send(new UploadPartCommand({ Bucket: bucket, Key: key, UploadId: uploadId, PartNumber, Body: data, ContentLength: data.length }));
      parts.push({ ETag: res.ETag!, PartNumber });
    };
    try {
      for await (const chunk of body) {
        const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
        pending.push(buf);
        pendingBytes += buf.length;
        total += buf.length;
        if (pendingBytes >= PART_BYTES) await flushPart();
      }
      if (!uploadId) {
        const data = Buffer.concat(pending);
        await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: data, ContentLength: data.length, ContentType }));
        return total;
      }
      if (pendingBytes > 0) await flushPart();
      await client.send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
      return total;
    } catch (err) {
      if (uploadId) await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: uploadId })).catch(() => {});
      throw err;
    }
  };

  return {
    signsOwnUrls: false,
    bucket,
    client,
    ensureBucket,
    close: () => client.destroy(),

    async put(key, data) {
      assertSafeKey(key);
      await ensureBucket();
      // A single PutObject is atomic in S3: readers see the old object or the new one, never a part.
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: data, ContentLength: data.length, ContentType: contentTypeOf(key) }));
    },

    async putStream(key, body, contentLength) {
      assertSafeKey(key);
      await ensureBucket();
      const ContentType = contentTypeOf(key);
      if (contentLength !== undefined) {
        // Streamed as it arrives; a body that ends short fails the request, so nothing is stored.
        // The SDK does not watch its body for errors: abort the request when the body fails.
        const Body = guardedLength(body, { expectedLength: contentLength });
        const abort = new AbortController();
        let bodyError: unknown;
        Body.on('error', (e) => {
          bodyError = e;
          abort.abort(e);
        });
        try {
          await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body, ContentLength: contentLength, ContentType }), { abortSignal: abort.signal });
        } catch (err) {
          throw bodyError ?? err;
        }
        return contentLength;
      }
      return putUnknownLength(key, body, ContentType);
    },

    async read(key) {
      assertSafeKey(key);
      const res = await getObject(key);
      if (!res.Body) throw new Error(`Empty response body for ${key}`);
      return Buffer.from(await res.Body.transformToByteArray());
    },

    async readStream(key, range): Promise<StoredStream> {
      assertSafeKey(key);
      assertRange(range);
      const res = await getObject(key, range);
      // In Node the SDK's body is an http.IncomingMessage (a Readable).
      const stream = res.Body as Readable | undefined;
      if (!stream || typeof (stream as Readable).pipe !== 'function') throw new Error(`No readable body for ${key}`);
      return { stream, contentLength: Number(res.ContentLength ?? 0) };
    },

    async exists(key) {
      assertSafeKey(key);
      try {
        await head(key);
        return true;
      } catch (err) {
        if (err instanceof StorageNotFoundError) return false;
        throw err;
      }
    },

    async size(key) {
      assertSafeKey(key);
      return Number((await head(key)).ContentLength ?? 0);
    },

    async remove(key) {
      assertSafeKey(key);
      await ensureBucket();
      // S3 answers a delete of a missing key with success, as the port asks.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

    async signedGetUrl(key, ttl) {
      assertSafeKey(key);
      return getSignedUrl(client, new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: checkTtl(ttl) });
    },

    async signedPutUrl(key, ttl) {
      assertSafeKey(key);
      // Only host is signed: the uploader may send any Content-Type; the body is the raw file.
      return getSignedUrl(client, new PutObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: checkTtl(ttl) });
    },
  };
}
