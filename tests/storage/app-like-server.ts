// A tiny HTTP server doing what api/routes/media.ts does with the app's storage: verify the URL's signature, then
// stream the bytes out of the store (GET /media/<key>) or into it (PUT /api/upload/put/<key>).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { StorageNotFoundError, UnsafeStorageKeyError, type AppStorage } from '../../infra/storage/port';

export interface AppLikeServer {
  baseUrl: string;
  close(): Promise<void>;
}

export async function startAppLikeServer(storage: AppStorage): Promise<AppLikeServer> {
  const server = http.createServer(async (req, res) => {
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
        const length = req.headers['content-length'];
        await storage.putStream(key, req, length === undefined ? undefined : Number(length));
        res.writeHead(200).end();
      }
    } catch (err) {
      if (res.headersSent) return void res.destroy();
      const status = err instanceof StorageNotFoundError ? 404 : err instanceof UnsafeStorageKeyError ? 400 : 500;
      res.writeHead(status).end(String(err));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
