// The storage contract against the local-disk adapter. Its signed URLs point at the app, so the test serves them
// with a tiny HTTP server doing what api/routes/media.ts does: verify the signature, then readStream / put.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createLocalDiskStorage, type FileStorage } from '../../infra/storage/local-disk';
import { StorageNotFoundError, UnsafeStorageKeyError } from '../../infra/storage/port';
import { storageContract } from './contract';

function appLikeServer(storage: FileStorage): http.Server {
  return http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const exp = url.searchParams.get('exp') ?? undefined;
      const sig = url.searchParams.get('sig') ?? undefined;
      const route = req.method === 'GET' ? '/media/' : req.method === 'PUT' ? '/api/upload/put/' : null;
      if (!route || !url.pathname.startsWith(route)) return void res.writeHead(404).end();
      const key = decodeURIComponent(url.pathname.slice(route.length));
      if (!storage.verify(req.method as 'GET' | 'PUT', key, exp, sig)) return void res.writeHead(403).end('bad signature');
      if (req.method === 'GET') {
        const { stream, contentLength } = await storage.readStream(key);
        res.writeHead(200, { 'content-length': contentLength, 'content-type': 'application/octet-stream' });
        await pipeline(stream, res);
      } else {
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        await storage.put(key, Buffer.concat(chunks));
        res.writeHead(200).end();
      }
    } catch (err) {
      if (res.headersSent) return void res.destroy();
      const status = err instanceof StorageNotFoundError ? 404 : err instanceof UnsafeStorageKeyError ? 400 : 500;
      res.writeHead(status).end(String(err));
    }
  });
}

storageContract('local disk', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanclub-storage-'));
  const storage = createLocalDiskStorage(dir, 's'.repeat(32));
  const server = appLikeServer(storage);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    storage,
    baseUrl: `http://127.0.0.1:${port}`,
    serverChecksSignatures: true,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}, { serverChecksSignatures: true });
