// The storage contract against the local-disk adapter. Its signed URLs point at the app, so the test serves them
// with a tiny HTTP server doing what api/routes/media.ts does: verify the signature, then stream (./app-like-server.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLocalDiskStorage } from '../../infra/storage/local-disk';
import { startAppLikeServer } from './app-like-server';
import { storageContract } from './contract';

storageContract('local disk', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanclub-storage-'));
  const storage = createLocalDiskStorage(dir, 's'.repeat(32));
  const server = await startAppLikeServer(storage);
  return {
    storage,
    baseUrl: server.baseUrl,
    serverChecksSignatures: true,
    async stop() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}, { serverChecksSignatures: true });
