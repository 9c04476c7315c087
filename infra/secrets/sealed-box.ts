// Secrets the console saves (the SMTP password) are sealed with AES-256-GCM before they go into an
// event, so the event log, the audit log, backups of the database and every answer hold ciphertext only. The key
// lives outside the database: FANCLUB_SETTINGS_KEY (32 bytes, hex or base64), or a key generated on the first
// start into <data dir>/settings.key (mode 600). Several nodes on one Postgres database must share the key (set
// FANCLUB_SETTINGS_KEY); losing it means saving the password again, nothing else.
import fs from 'node:fs';
import path from 'node:path';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export interface SealedBox {
  seal(plaintext: string): string;
  /** Throws when the value was sealed with another key or was altered. */
  open(sealed: string): string;
}

const VERSION = 'v1';

export function sealedBox(key: Buffer): SealedBox {
  if (key.length !== 32) throw new Error('The settings key must be 32 bytes.');
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      // The version is bound to the ciphertext, so a value cannot be relabelled.
      cipher.setAAD(Buffer.from(VERSION));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${VERSION}.${iv.toString('base64url')}.${body.toString('base64url')}`;
    },
    open(sealed) {
      const [version, iv, body] = sealed.split('.');
      if (version !== VERSION || !iv || !body) throw new Error('Not a sealed value.');
      const bytes = Buffer.from(body, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(VERSION));
      decipher.setAuthTag(bytes.subarray(bytes.length - 16));
      return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString('utf8');
    },
  };
}

/** 32 bytes from 64 hex characters or base64 / base64url. */
export function parseSettingsKey(text: string): Buffer {
  const t = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (key.length !== 32) throw new Error('The settings key must be 32 bytes (64 hex characters or base64).');
  return key;
}

/** The key from the environment, else from (or newly generated into) the data folder. */
export function settingsKey(opts: { envKey?: string; dataDir: string }): Buffer {
  if (opts.envKey) return parseSettingsKey(opts.envKey);
  const file = path.join(opts.dataDir, 'settings.key');
  if (fs.existsSync(file)) return parseSettingsKey(fs.readFileSync(file, 'utf8'));
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const key = randomBytes(32);
  // 'wx': two processes starting at once cannot both write a key (the loser reads the winner's).
  try {
    fs.writeFileSync(file, key.toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return parseSettingsKey(fs.readFileSync(file, 'utf8'));
    throw e;
  }
  return key;
}
