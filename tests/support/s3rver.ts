// A real S3-protocol server for tests: s3rver on 127.0.0.1 with a free port and a temporary directory.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface RunningS3rver {
  endpoint: string;
  /** s3rver's built-in account. */
  accessKeyId: string;
  secretAccessKey: string;
  stop(): Promise<void>;
}

export async function startS3rver(): Promise<RunningS3rver> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanclub-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    async stop() {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
