import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseSettingsKey, sealedBox, settingsKey } from './sealed-box';

describe('sealed box (AES-256-GCM)', () => {
  it('seals and opens; the sealed text does not contain the secret and differs each time', () => {
    const box = sealedBox(randomBytes(32));
    const a = box.seal('hunter2-smtp-password');
    const b = box.seal('hunter2-smtp-password');
    expect(a).not.toContain('hunter2');
    expect(a).not.toBe(b);
    expect(box.open(a)).toBe('hunter2-smtp-password');
    expect(box.open(b)).toBe('hunter2-smtp-password');
  });

  it('refuses another key and an altered value', () => {
    const sealed = sealedBox(randomBytes(32)).seal('secret');
    expect(() => sealedBox(randomBytes(32)).open(sealed)).toThrow();
    const box = sealedBox(randomBytes(32));
    const s = box.seal('secret');
    const parts = s.split('.');
    const body = Buffer.from(parts[2], 'base64url');
    body[0] ^= 1;
    expect(() => box.open(`${parts[0]}.${parts[1]}.${body.toString('base64url')}`)).toThrow();
    expect(() => box.open('v2.' + s.slice(3))).toThrow();
  });

  it('reads the key as hex or base64, refuses other lengths, generates one file once', () => {
    const k = randomBytes(32);
    expect(parseSettingsKey(k.toString('hex')).equals(k)).toBe(true);
    expect(parseSettingsKey(k.toString('base64')).equals(k)).toBe(true);
    expect(parseSettingsKey(k.toString('base64url')).equals(k)).toBe(true);
    expect(() => parseSettingsKey('abc')).toThrow(/32 bytes/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'settings-key-'));
    const first = settingsKey({ dataDir: dir });
    expect(settingsKey({ dataDir: dir }).equals(first)).toBe(true);
    expect(fs.statSync(path.join(dir, 'settings.key')).mode & 0o777).toBe(0o600);
    expect(settingsKey({ dataDir: dir, envKey: k.toString('hex') }).equals(k)).toBe(true);
  });
});
