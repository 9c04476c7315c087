// Local-disk file storage with signed, expiring URLs (the embedded default; S3 sits behind the same port, see
// ./port.ts and ./s3.ts). Originals and thumbnails are only reachable through a signature the API issues after an
// entitlement check.
import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { assertSafeKey, StorageNotFoundError, type SelfSigningStorage, type StoredStream } from './port';

/** The local adapter: the storage port (self-signing, so `verify` is real) plus `pathOf`, local disk only. */
export interface FileStorage extends SelfSigningStorage {
  put(key: string, data: Buffer): Promise<void>;
  read(key: string): Promise<Buffer>;
  exists(key: string): Promise<boolean>;
  size(key: string): Promise<number>;
  readStream(key: string): Promise<StoredStream>;
  /** Absolute path for streaming (local disk only; not part of the port). */
  pathOf(key: string): string;
  signedGetUrl(key: string, ttlSeconds: number): string;
  signedPutUrl(key: string, ttlSeconds: number): string;
  verify(method: 'GET' | 'PUT', key: string, exp: string | undefined, sig: string | undefined): boolean;
}

const notFound = (key: string) => (err: unknown): never => {
  if ((err as NodeJS.ErrnoException)?.code === 'ENOENT') throw new StorageNotFoundError(key, { cause: err });
  throw err;
};

export function createLocalDiskStorage(root: string, secret: string, now: () => number = Date.now): FileStorage {
  fs.mkdirSync(root, { recursive: true });
  const resolve = (key: string) => path.join(root, assertSafeKey(key));
  const sign = (method: string, key: string, exp: number) => createHmac('sha256', secret).update(`${method}\n${key}\n${exp}`).digest('base64url');
  return {
    signsOwnUrls: true,
    async put(key, data) {
      const file = resolve(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      await fs.promises.writeFile(`${file}.part`, data);
      await fs.promises.rename(`${file}.part`, file);
    },
    read: async (key) => fs.promises.readFile(resolve(key)).catch(notFound(key)),
    async readStream(key) {
      const file = resolve(key);
      // Open first, so a missing key fails here rather than mid-response; stat the open handle, so the length
      // matches the bytes streamed even if the file is replaced (renamed over) meanwhile.
      const handle = await fs.promises.open(file, 'r').catch(notFound(key));
      try {
        const { size } = await handle.stat();
        return { stream: handle.createReadStream(), contentLength: size };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },
    exists: async (key) => fs.promises.access(resolve(key)).then(() => true, () => false),
    size: async (key) => (await fs.promises.stat(resolve(key)).catch(notFound(key))).size,
    pathOf: resolve,
    signedGetUrl(key, ttl) {
      assertSafeKey(key);
      const exp = Math.floor(now() / 1000) + ttl;
      return `/media/${key}?exp=${exp}&sig=${sign('GET', key, exp)}`;
    },
    signedPutUrl(key, ttl) {
      assertSafeKey(key);
      const exp = Math.floor(now() / 1000) + ttl;
      return `/api/upload/put/${key}?exp=${exp}&sig=${sign('PUT', key, exp)}`;
    },
    verify(method, key, exp, sig) {
      if (!exp || !sig || !/^\d+$/.test(exp) || Number(exp) < now() / 1000) return false;
      const expected = Buffer.from(sign(method, key, Number(exp)));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
