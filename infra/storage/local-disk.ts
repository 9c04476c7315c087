// Local-disk file storage with signed, expiring URLs (the embedded default; S3 sits behind the same shape).
// Originals and thumbnails are only reachable through a signature the API issues after an entitlement check.
import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export interface FileStorage {
  put(key: string, data: Buffer): Promise<void>;
  read(key: string): Promise<Buffer>;
  exists(key: string): Promise<boolean>;
  size(key: string): Promise<number>;
  /** Absolute path for streaming (local disk only). */
  pathOf(key: string): string;
  signedGetUrl(key: string, ttlSeconds: number): string;
  signedPutUrl(key: string, ttlSeconds: number): string;
  verify(method: 'GET' | 'PUT', key: string, exp: string | undefined, sig: string | undefined): boolean;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

export function createLocalDiskStorage(root: string, secret: string, now: () => number = Date.now): FileStorage {
  fs.mkdirSync(root, { recursive: true });
  const resolve = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  const sign = (method: string, key: string, exp: number) => createHmac('sha256', secret).update(`${method}\n${key}\n${exp}`).digest('base64url');
  return {
    async put(key, data) {
      const file = resolve(key);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      await fs.promises.writeFile(`${file}.part`, data);
      await fs.promises.rename(`${file}.part`, file);
    },
    read: (key) => fs.promises.readFile(resolve(key)),
    exists: (key) => fs.promises.access(resolve(key)).then(() => true, () => false),
    size: async (key) => (await fs.promises.stat(resolve(key))).size,
    pathOf: resolve,
    signedGetUrl(key, ttl) {
      const exp = Math.floor(now() / 1000) + ttl;
      return `/media/${key}?exp=${exp}&sig=${sign('GET', key, exp)}`;
    },
    signedPutUrl(key, ttl) {
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
