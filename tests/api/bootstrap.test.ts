// First start happens once: after the admin moves to another email, a restart must not create a second admin.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPglite } from '../../infra/db/database';
import { createPostgresEventStore } from '../../infra/eventstore/postgres';
import { createLocalDiskStorage } from '../../infra/storage/local-disk';
import { bootstrap } from '../../commands/bootstrap';
import { handle } from '../../commands/handle';
import { emailClaimDecider, emailClaimStream } from '../../domain/user/user';

describe('first-start bootstrap', () => {
  it('creates the admin once, and not again after the admin address was released', async () => {
    const database = await openPglite(undefined);
    const store = await createPostgresEventStore(database);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fanclub-boot-'));
    const storage = createLocalDiskStorage(dir, 'x'.repeat(32));
    try {
      const first = await bootstrap(store, storage, { adminEmail: 'boss@example.com', demo: false });
      expect(first.created).toBe(true);
      expect(first.generatedPassword).toMatch(/^[\w-]{12,}$/);
      // The admin changed email: the old address is released on its claim stream.
      const claim = emailClaimStream('boss@example.com');
      const userId = (await store.readStream(claim))[0].data.userId as string;
      await handle(first.ctx, claim, emailClaimDecider, { type: 'ReleaseEmail', email: 'boss@example.com', userId } as never);
      const again = await bootstrap(store, storage, { adminEmail: 'boss@example.com', demo: false });
      expect(again.created).toBe(false);
      const registrations = (await store.readAll({})).filter((e) => e.type === 'UserRegistered');
      expect(registrations).toHaveLength(1);
    } finally {
      await store.close();
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
