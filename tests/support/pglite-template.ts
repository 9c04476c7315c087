// A PGlite database made once per run, with the event store's tables and every read model's schema in place, which
// each PGlite test server starts from as a copy. A fresh PGlite folder costs the server its initdb and every
// migration (most of its 10-20 s start on a busy two-core machine); a copied folder opens as already migrated.
// The copy holds no events: each server still runs its own first start (admin, settings) from its own environment.
import fs from 'node:fs';
import path from 'node:path';
import { openEventStoreFromConfig } from '../../infra/eventstore/open';
import { createProjectionRunner } from '../../projections/runner';
import { allProjections } from '../../projections';

export const PGLITE_TEMPLATE_VARIABLE = 'FANCLUB_TEST_PGLITE_TEMPLATE';

/** PGlite's folder inside a data folder (infra/eventstore/open.ts puts it there). */
export const pgliteFolderOf = (dataDir: string) => path.join(dataDir, 'pgdata');

/** Creates, in `dataDir`, a PGlite database with the event store and the read models' schema, and closes it. */
export async function buildPgliteTemplate(dataDir: string): Promise<string> {
  const opened = await openEventStoreFromConfig({ DATABASE_URL: undefined, EVENT_STORE: 'postgres', EVENTSTORE_URL: undefined, dataDir });
  try {
    const quiet = { info: () => {}, error: (m: string, e?: unknown) => console.error(`[pglite template] ${m}`, e ?? '') };
    await createProjectionRunner({ database: opened.database, store: opened.store, projections: allProjections, logger: quiet }).migrate();
  } finally {
    await opened.close();
  }
  return pgliteFolderOf(dataDir);
}

/** Copies the run's template (if the global setup made one) into `dataDir`; false when there is none. */
export function copyPgliteTemplate(dataDir: string): boolean {
  const template = process.env[PGLITE_TEMPLATE_VARIABLE];
  if (!template || !fs.existsSync(template)) return false;
  fs.cpSync(template, pgliteFolderOf(dataDir), { recursive: true });
  return true;
}
