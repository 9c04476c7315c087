// Where media bytes live, for the API process and the media worker alike: local disk in the data folder, or an
// S3 bucket; either way behind the app's own short-lived signed URLs (entitlement checks stay in the app).
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Config } from '../infra/config';
import { createLocalDiskBytes } from '../infra/storage/local-disk';
import { createS3Storage } from '../infra/storage/s3';
import { selfSigned } from '../infra/storage/self-signed';
import type { AppStorage } from '../infra/storage/port';

/** The signing secret: from FANCLUB_SECRET, else generated once and kept in the data folder. */
export function signingSecret(cfg: Config): string {
  if (cfg.FANCLUB_SECRET) return cfg.FANCLUB_SECRET;
  const file = path.join(cfg.dataDir, 'secret.key');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(cfg.dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export async function openAppStorage(cfg: Config): Promise<{ storage: AppStorage; close(): void }> {
  if (!cfg.s3) return { storage: selfSigned(createLocalDiskBytes(path.join(cfg.dataDir, 'files')), signingSecret(cfg)), close: () => {} };
  const s3 = createS3Storage(cfg.s3);
  // A wrong bucket, endpoint or credentials stop the start with the reason.
  await s3.ensureBucket().catch((e) => {
    throw new Error(`S3 bucket "${cfg.s3!.bucket}" is not usable: ${(e as Error).message}`);
  });
  return { storage: selfSigned(s3, signingSecret(cfg)), close: () => s3.close() };
}
