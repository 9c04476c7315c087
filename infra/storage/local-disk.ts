// Local-disk byte store (the embedded default; S3 sits behind the same port, see ./port.ts and ./s3.ts), and
// the app's storage on it: the disk behind the app's own signed, expiring URLs (./self-signed.ts). Originals
// and thumbnails are only reachable through a signature the API issues after an entitlement check.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertRange, assertSafeKey, StorageNotFoundError, type AppStorage, type ByteStore, type StoredStream } from './port';
import { selfSigned } from './self-signed';
import { guardedLength } from './streams';

/** The app's storage (any byte store behind the app's signed URLs); the name predates S3 support. */
export type FileStorage = AppStorage;

const notFound = (key: string) => (err: unknown): never => {
  if ((err as NodeJS.ErrnoException)?.code === 'ENOENT') throw new StorageNotFoundError(key, { cause: err });
  throw err;
};

export function createLocalDiskBytes(root: string): ByteStore {
  fs.mkdirSync(root, { recursive: true });
  const resolve = (key: string) => path.join(root, assertSafeKey(key));
  /** Write to a private temp file, then rename over the key, so a reader never sees half a file. */
  const atomically = async (key: string, write: (tmp: string) => Promise<void>) => {
    const file = resolve(key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${randomBytes(6).toString('hex')}.part`;
    try {
      await write(tmp);
      await fs.promises.rename(tmp, file);
    } catch (err) {
      await fs.promises.rm(tmp, { force: true });
      throw err;
    }
  };
  return {
    put: (key, data) => atomically(key, (tmp) => fs.promises.writeFile(tmp, data)),
    async putStream(key, body, contentLength) {
      let written = 0;
      await atomically(key, async (tmp) => {
        await pipeline(guardedLength(body, { expectedLength: contentLength }), fs.createWriteStream(tmp));
        written = (await fs.promises.stat(tmp)).size;
      });
      return written;
    },
    read: async (key) => fs.promises.readFile(resolve(key)).catch(notFound(key)),
    async readStream(key, range): Promise<StoredStream> {
      assertRange(range);
      const file = resolve(key);
      // Open first, so a missing key fails here rather than mid-response; stat the open handle, so the length
      // matches the bytes streamed even if the file is replaced (renamed over) meanwhile.
      const handle = await fs.promises.open(file, 'r').catch(notFound(key));
      try {
        const { size } = await handle.stat();
        if (!range) return { stream: handle.createReadStream(), contentLength: size };
        const end = Math.min(range.end, size - 1);
        return { stream: handle.createReadStream({ start: range.start, end }), contentLength: Math.max(0, end - range.start + 1) };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },
    exists: async (key) => fs.promises.access(resolve(key)).then(() => true, () => false),
    remove: async (key) => fs.promises.rm(resolve(key), { force: true }),
    size: async (key) => (await fs.promises.stat(resolve(key)).catch(notFound(key))).size,
  };
}

export function createLocalDiskStorage(root: string, secret: string, now: () => number = Date.now): FileStorage {
  return selfSigned(createLocalDiskBytes(root), secret, now);
}
