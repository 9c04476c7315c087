// S3 (or any S3-protocol store: MinIO, R2, s3rver in tests) behind the storage port. Signed URLs are real S3
// presigned URLs (GetObject / PutObject, expiring), checked by the store itself, so this adapter does not
// sign its own URLs and has no `verify` (signsOwnUrls: false). Keys are used as given, after the port's check.
import type { Readable } from 'node:stream';
import {
  CreateBucketCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertSafeKey, StorageNotFoundError, type ProviderSigningStorage, type StoredStream } from './port';

export interface S3StorageOptions {
  /** e.g. http://127.0.0.1:9000 for MinIO / s3rver; omit for AWS. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
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

const isMissing = (err: unknown) =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata?.httpStatusCode === 404);

export function createS3Storage(options: S3StorageOptions): S3Storage {
  const { bucket } = options;
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
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

  const getObject = async (key: string) => {
    await ensureBucket();
    try {
      return await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    } catch (err) {
      if (isMissing(err)) throw new StorageNotFoundError(key, { cause: err });
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

    async read(key) {
      assertSafeKey(key);
      const res = await getObject(key);
      if (!res.Body) throw new Error(`Empty response body for ${key}`);
      return Buffer.from(await res.Body.transformToByteArray());
    },

    async readStream(key): Promise<StoredStream> {
      assertSafeKey(key);
      const res = await getObject(key);
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
