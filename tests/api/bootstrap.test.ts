// First start happens once: after the admin moves to another email, a restart must not create a second admin.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPglite } from '../../infra/db/database';
import { createPostgresEventStore } from '../../infra/eventstore/postgres';
import { createLocalDiskStorage } from '../../infra/storage/local-disk';
import { bootstrap } from '../../commands/bootstrap';
import { commandContext, handle } from '../../commands/handle';
import { claimEmail } from '../../commands/accounts';
import { secrets } from '../../infra/auth/secrets';
import { mediaRenderer } from '../../infra/media/renderer';
import { emailClaimDecider, emailClaimStream } from '../../domain/user/user';

describe('first-start bootstrap', () => {
  it('creates the admin once, and not again after the admin address was released', async () => {
    const database = await openPglite(undefined);
    const store = await createPostgresEventStore(database);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanclub-boot-'));
    const storage = createLocalDiskStorage(dir, 'x'.repeat(32));
    try {
      const first = await bootstrap(store, { storage, secrets, renderer: mediaRenderer }, { adminEmail: 'boss@example.com', demo: false });
      expect(first.created).toBe(true);
      expect(first.generatedPassword).toMatch(/^[\w-]{12,}$/);
      // The admin changed email: the old address is released on its claim stream.
      const claim = emailClaimStream('boss@example.com');
      const userId = (await store.readStream(claim))[0].data.userId as string;
      await handle(first.ctx, claim, emailClaimDecider, { type: 'ReleaseEmail', email: 'boss@example.com', userId } as never);
      const again = await bootstrap(store, { storage, secrets, renderer: mediaRenderer }, { adminEmail: 'boss@example.com', demo: false });
      expect(again.created).toBe(false);
      const registrations = (await store.readAll({})).filter((e) => e.type === 'UserRegistered');
      expect(registrations).toHaveLength(1);
    } finally {
      await store.close();
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  it('a first start that died between claiming the admin address and writing the admin is completed by the next start', async () => {
    const database = await openPglite(undefined);
    const store = await createPostgresEventStore(database);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanclub-boot-'));
    const storage = createLocalDiskStorage(dir, 'x'.repeat(32));
    try {
      // All that the killed first start wrote: the claim.
      await claimEmail(commandContext(store, { userId: null, role: 'system' }), 'boss@example.com', '33333333-3333-4333-8333-333333333333');
      const next = await bootstrap(store, { storage, secrets, renderer: mediaRenderer }, { adminEmail: 'boss@example.com', demo: false });
      expect(next.created).toBe(true);
      const registrations = (await store.readAll({})).filter((e) => e.type === 'UserRegistered');
      expect(registrations.map((e) => e.data.email)).toEqual(['boss@example.com']);
      expect((await bootstrap(store, { storage, secrets, renderer: mediaRenderer }, { adminEmail: 'boss@example.com', demo: false })).created).toBe(false);
    } finally {
      await store.close();
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
